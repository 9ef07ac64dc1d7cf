/**
 * The privacy policy's inactive-member section follows the console's switch (`/config/front` `inactiveMembers`): on,
 * it says what is kept apart after a year, the notice 30 days before and the restore at sign-in; off, that nothing
 * is kept apart; in Korean and English.
 */
import type { FrontConfig } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/api';
import { LegalPage } from './LegalPage';

const front = (inactiveMembers: boolean): FrontConfig => ({
  cdnUrl: '/cdn',
  klayScanUrl: '',
  dateServer: '',
  platformFee: '2.5',
  contract1155: '0x',
  contractJoin: '0x',
  contractAtt: '0x',
  chainId: 31337,
  devWallet: false,
  inactiveMembers,
});

function serve(inactiveMembers: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ returnCode: 0, data: front(inactiveMembers) })),
  );
}

const renderPrivacy = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <LegalPage doc="privacy" />
    </QueryClientProvider>,
  );

const section = async () => (await screen.findByRole('heading', { name: /휴면 회원|Inactive members/ })).parentElement!;

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('ko');
});
afterEach(() => vi.unstubAllGlobals());

describe('the privacy policy on inactive members', () => {
  it('says what happens after a year while the switch is on (Korean)', async () => {
    serve(true);
    renderPrivacy();
    const s = await section();
    await vi.waitFor(() => expect(s.textContent).toContain('1년 동안 로그인하지 않은 회원은 휴면 회원으로 전환되며'));
    expect(s.textContent).toContain('전환 30일 전에 회원의 이메일로');
    expect(s.textContent).toContain('지갑으로 다시 로그인하면 분리 보관된 정보는 즉시 복원됩니다.');
  });

  it('says nothing is kept apart while the switch is off (English)', async () => {
    await i18n.changeLanguage('en');
    serve(false);
    renderPrivacy();
    const s = await section();
    await vi.waitFor(() =>
      expect(s.textContent).toContain('The platform does not keep inactive members apart at present.'),
    );
    expect(s.textContent).not.toContain('becomes an inactive member');
  });
});
