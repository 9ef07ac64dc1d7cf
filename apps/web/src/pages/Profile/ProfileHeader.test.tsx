/** An inactive member's profile header says so in Korean and English, with the default pictures and no about-me. */
import type { PublicUser } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/api';
import { ProfileHeader } from './ProfileHeader';

const user: PublicUser = {
  id: 'sleeper',
  memberIdx: 4,
  aboutMe: '',
  banner: null,
  profile: null,
  createDate: '2025-01-01T00:00:00Z',
  collectionCount: 0,
  erc20Address: `0x${'ab'.repeat(20)}`,
  inactive: true,
};

const renderHeader = (u: PublicUser) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ProfileHeader user={u} mine={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(async () => {
  queryClient.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ returnCode: 1 })),
  );
  await i18n.changeLanguage('ko');
});

describe('ProfileHeader of an inactive member', () => {
  it('marks them inactive and shows no about-me or pictures', async () => {
    renderHeader(user);
    expect(screen.getByTestId('profile-inactive').textContent).toBe(
      '휴면 회원: 1년 동안 로그인하지 않아 개인정보를 분리하여 보관 중입니다.',
    );
    expect(screen.queryByTestId('profile-about')).toBeNull();
    expect(screen.getByTestId('profile-photo').querySelector('img')).toBeNull();
    await i18n.changeLanguage('en');
    expect((await screen.findByTestId('profile-inactive')).textContent).toBe(
      'Inactive member: not signed in for a year, so their personal data is kept apart.',
    );
  });

  it('shows no mark for an active member', () => {
    renderHeader({ ...user, inactive: undefined, aboutMe: 'hi' });
    expect(screen.queryByTestId('profile-inactive')).toBeNull();
    expect(screen.getByTestId('profile-about').textContent).toBe('hi');
  });
});
