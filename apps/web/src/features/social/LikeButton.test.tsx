import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { LikeButton } from './LikeButton';

function show(countHeart: number) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LikeButton productIdx={3} initial={{ likeState: 0, countHeart }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('LikeButton', () => {
  beforeEach(() => i18n.changeLanguage('ko'));

  it.each([
    ['ko', '좋아요 한 사람'],
    ['en', 'Liked by'],
  ])(
    "the like count's accessible name starts with the number on screen (axe label-content-name-mismatch) (%s)",
    async (lang, name) => {
      await i18n.changeLanguage(lang);
      show(1234);
      const count = screen.getByTestId('like-count');
      expect(count.firstChild?.textContent).toBe('1,234');
      expect(screen.getByRole('button', { name: (n) => n.startsWith('1,234') && n.endsWith(name) })).toBe(count);
    },
  );
});
