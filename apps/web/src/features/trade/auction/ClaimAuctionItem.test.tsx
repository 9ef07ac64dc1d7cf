import type { UnclaimedRow } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { clearSession, updateSession } from '../../../lib/session';
import { itemEvent, quietItemSocket } from '../../../test/item-socket';
import { BOB, CAROL, MARKET, stubApi } from '../../../test/trade-fixtures';
import { ClaimAuctionItem } from './ClaimAuctionItem';

const HASH = `0x${'d'.repeat(64)}`;
const kit = { calls: [] as string[], failing: false };
vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      isValidAddress: (a: string) => /^0x[0-9a-fA-F]{40}$/.test(a.trim()),
      sendClaimAuctionItem: async (_c: unknown, from: string, market: string, auctionId: bigint, to: string) => {
        kit.calls.push(`claimAuctionItem ${from} ${market} ${auctionId} ${to}`);
        if (kit.failing) throw new Error('execution reverted');
        // The indexer sees the claim later: the test says when, with the item's event.
        return HASH;
      },
      waitForTx: async () => ({ blockNumber: 1n }),
    }),
  };
});

let rows: UnclaimedRow[] = [];
let failing = false;
const asked: unknown[] = [];
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

beforeEach(async () => {
  quietItemSocket();
  await i18n.changeLanguage('ko');
  kit.calls = [];
  kit.failing = false;
  failing = false;
  asked.length = 0;
  queryClient.clear();
  rows = [{ auctionId: '41', productIdx: 9, pdName: 'Sunset' }];
  stubApi({
    '/nft/auction/unclaimed/list': (body: unknown) => {
      asked.push(body);
      return failing ? { returnCode: 1 } : { returnCode: 0, list: rows };
    },
  });
  updateSession({ id: 'bob', ticket: 'tk', address: BOB });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

async function openPopup() {
  fireEvent.click(await screen.findByTestId('claim-open'));
  const popup = await screen.findByTestId('claim-popup');
  await waitFor(() => expect((within(popup).getByTestId('claim-submit') as HTMLButtonElement).disabled).toBe(false));
  return popup;
}

describe('ClaimAuctionItem', () => {
  it('shows the winner the won piece the Market holds, the address defaulting to their own', async () => {
    render(<ClaimAuctionItem productId={9} />, { wrapper });
    const box = await screen.findByTestId('claim-box-41');
    expect(within(box).getByRole('heading').textContent).toBe('낙찰 받은 NFT 받기');
    expect((within(box).getByTestId('claim-address') as HTMLInputElement).value).toBe(BOB);
    expect(asked).toEqual([{ id: 'bob', ticketId: 'tk', productIdx: 9 }]);
  });

  it('shows nothing to a member with nothing held, or to a visitor (English)', async () => {
    await i18n.changeLanguage('en');
    rows = [];
    const { unmount } = render(<ClaimAuctionItem productId={9} />, { wrapper });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('claim-box-41')).toBeNull();
    unmount();
    clearSession();
    asked.length = 0;
    render(<ClaimAuctionItem productId={9} />, { wrapper });
    expect(screen.queryByTestId('claim-box-41')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('refuses an address that is not one, with a message, and sends nothing', async () => {
    render(<ClaimAuctionItem productId={9} />, { wrapper });
    const input = await screen.findByTestId('claim-address');
    fireEvent.change(input, { target: { value: '0x1234' } });
    fireEvent.click(screen.getByTestId('claim-open'));
    expect((await screen.findByTestId('claim-problem')).textContent).toBe('잘못된 주소입니다');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('claim-popup')).toBeNull();
    expect(kit.calls).toEqual([]);
  });

  it('sends claimAuctionItem(auctionId, to) from the winner to the address given, done once the item event tells the claim is indexed', async () => {
    render(<ClaimAuctionItem productId={9} />, { wrapper });
    fireEvent.change(await screen.findByTestId('claim-address'), { target: { value: ` ${CAROL} ` } });
    const popup = await openPopup();
    expect(within(popup).getByText('낙찰 받은 Sunset을(를) 0x90f7…b906 주소로 받으시겠습니까?')).toBeTruthy();
    const before = asked.length;
    fireEvent.click(within(popup).getByTestId('claim-submit'));
    // Mined: the list is read once and still holds the piece (the indexer has not seen the claim): not done yet.
    await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(before + 1));
    await waitFor(() => expect(popup.querySelector('[data-trade-state="confirming"]')).not.toBeNull());
    expect(within(popup).queryByTestId('claim-done')).toBeNull();
    expect(kit.calls).toEqual([`claimAuctionItem ${BOB} ${MARKET} 41 ${CAROL}`]);
    // The indexer applies the claim and the server tells the item's watchers: read again, done.
    rows = [];
    itemEvent(9);
    await within(popup).findByTestId('claim-done');
    fireEvent.click(within(popup).getByTestId('trade-close'));
    await waitFor(() => expect(screen.queryByTestId('claim-box-41')).toBeNull());
    expect(screen.queryByTestId('claim-popup')).toBeNull();
  });

  it('says so when the claim fails on chain, and the piece stays to claim (English)', async () => {
    await i18n.changeLanguage('en');
    kit.failing = true;
    render(<ClaimAuctionItem productId={9} />, { wrapper });
    expect((await screen.findByTestId('claim-open')).textContent).toBe('Claim your won NFT');
    const popup = await openPopup();
    fireEvent.click(within(popup).getByTestId('claim-submit'));
    expect((await within(popup).findByRole('alert')).textContent).toContain(i18n.t('trade:errors.failed'));
    expect(within(popup).queryByTestId('claim-done')).toBeNull();
    expect(kit.calls).toEqual([`claimAuctionItem ${BOB} ${MARKET} 41 ${BOB}`]);
    fireEvent.click(within(popup).getByTestId('claim-cancel'));
    expect(await screen.findByTestId('claim-box-41')).toBeTruthy();
  });

  it('says so when the list cannot be read', async () => {
    await i18n.changeLanguage('en');
    failing = true;
    render(<ClaimAuctionItem productId={9} />, { wrapper });
    expect((await screen.findByTestId('claim-error')).textContent).toBe(
      'Could not load the NFTs you won that are held for you.',
    );
  });
});
