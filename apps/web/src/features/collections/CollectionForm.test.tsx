import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { CollectionForm } from './CollectionForm';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));

function show() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CollectionForm auth={{ id: 'artist', ticket: 't' }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CollectionForm (create)', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockResolvedValue({ returnCode: 0, data: { cdnUrl: '/cdn' } });
  });

  it.each([
    [
      'ko',
      [
        '로고 이미지를 선택해 주세요',
        '컬렉션 이름을 입력해 주세요.',
        '설명은 최대 1000자까지 입력할 수 있습니다.',
        '로열티는 0에서 10 사이로 입력해 주세요.',
      ],
    ],
    [
      'en',
      [
        'Please choose a logo image',
        'Please enter a collection name.',
        'The description can be at most 1000 characters.',
        'Please enter a royalty from 0 to 10.',
      ],
    ],
  ])('shows every failing field at once (%s), focuses the first and sends nothing', async (lang, texts) => {
    await i18n.changeLanguage(lang);
    show();
    fireEvent.change(screen.getByTestId('collection-description'), { target: { value: 'a'.repeat(1001) } });
    fireEvent.change(screen.getByTestId('collection-royalty'), { target: { value: '11' } });
    fireEvent.click(screen.getByTestId('collection-submit'));
    expect([
      screen.getByTestId('collection-logo-input-error').textContent,
      screen.getByTestId('collection-name-error').textContent,
      screen.getByTestId('collection-description-error').textContent,
      screen.getByTestId('collection-royalty-error').textContent,
    ]).toEqual(texts);
    expect(document.activeElement).toBe(screen.getByTestId('collection-logo-input'));
    expect(api.mock.calls.map((c) => c[0])).not.toContain('/nft/collection/register');
  });
});
