import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshAfterTrade } from '../../features/trade';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/api';
import { listingRow, stubApi } from '../../test/trade-fixtures';
import { SaleCountdown } from './SaleCountdown';

const time = () => screen.getByTestId('sale-countdown').querySelector('.countdown-time')!.textContent;
let end = 0;

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  queryClient.clear();
  end = Date.now() + (26 * 3600 + 2 * 60 + 3) * 1000 + 500;
  stubApi({
    '/nft/instance/list/item': () => ({
      returnCode: 0,
      list: [listingRow({ instanceId: 31, saleType: 2, auctionId: '31', expireDate: new Date(end).toISOString() })],
    }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('SaleCountdown of an auction', () => {
  it('counts down to the end every second, and takes the new end after a bid extends it', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <SaleCountdown productId={3} />
      </QueryClientProvider>,
    );
    const countdown = await screen.findByTestId('sale-countdown');
    expect(countdown.getAttribute('data-auction')).toBe('true');
    expect(countdown.textContent).toContain('경매 종료까지');
    const first = time();
    expect(first).toMatch(/^1일 02:0[12]:\d\d$/);
    // It ticks: a second later it shows one second less.
    await waitFor(() => expect(time()).not.toBe(first));
    expect(time()).toMatch(/^1일 02:0[12]:\d\d$/);
    // A bid in the last 10 minutes moved the end on: the listings are read again after the bid.
    end += 10 * 60 * 1000;
    await refreshAfterTrade('bid', { productId: 3, auction: 31 });
    await waitFor(() => expect(time()).toMatch(/^1일 02:1[12]:\d\d$/));
  });
});
