/** The won estimate beside the USD one: Korean only, whole won floored, with the rate's time; none without a rate. */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));
const { UsdEstimate } = await import('./UsdEstimate');

function front(krwPerUsd: string | null) {
  api.mockResolvedValue({
    returnCode: 0,
    data: {
      cdnUrl: '/cdn',
      klayScanUrl: '',
      dateServer: '2026-11-29T00:00:00Z',
      platformFee: '2.5',
      contract1155: '0x',
      contractJoin: '0x',
      contractAtt: '0x',
      chainId: 31337,
      devWallet: true,
      krwPerUsd,
      krwRateDate: krwPerUsd ? '2026-11-29T09:00:00Z' : null,
    },
  });
}

describe('UsdEstimate', () => {
  afterEach(() => api.mockReset());

  it('shows whole won, floored, beside the USD figure in Korean, with the time of the rate', async () => {
    await i18n.changeLanguage('ko');
    front('1380.99');
    renderPage(<UsdEstimate usd="1234.5678" />);
    // 1234.5678 × 1380.99 = 1,704,925.786…: floored to 1,704,925.
    expect((await screen.findByTestId('krw-estimate')).textContent).toContain('≈ ₩1,704,925');
    expect(screen.getByTestId('krw-estimate').textContent).toContain('환율 기준');
    expect(screen.getByText(/\$1,234\.5678/)).toBeTruthy();
  });

  it('keeps USD alone in English, and without a rate', async () => {
    await i18n.changeLanguage('en');
    front('1380');
    const { unmount } = renderPage(<UsdEstimate usd="2" />);
    await waitFor(() => expect(api).toHaveBeenCalled());
    expect(screen.getByText('$2')).toBeTruthy();
    expect(screen.queryByTestId('krw-estimate')).toBeNull();
    unmount();
    await i18n.changeLanguage('ko');
    front(null);
    renderPage(<UsdEstimate usd="2" />);
    await waitFor(() => expect(api).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('krw-estimate')).toBeNull();
  });
});
