import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';

vi.mock('../../lib/api/client', () => ({ api: vi.fn(async () => ({ returnCode: 901 })) }));

const { ConnectDialog } = await import('./ConnectDialog');

describe('ConnectDialog', () => {
  beforeEach(() => i18n.changeLanguage('ko'));

  it('links the wallet guide (reachable from the header on a phone, issue #7 item 15) and the install page', () => {
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <Routes>
            <Route path="/" element={<ConnectDialog onChoose={() => undefined} onClose={onClose} />} />
            <Route path="/Notice" element={<p data-testid="notice-page" />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Kaia Wallet 설치하기').getAttribute('href')).toBe('https://www.kaiawallet.io/');
    const guide = screen.getByTestId('connect-dialog-guide');
    expect(guide.textContent).toBe('지갑 연결 가이드');
    fireEvent.click(guide);
    expect(screen.getByTestId('notice-page')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
