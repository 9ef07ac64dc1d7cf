/**
 * The buyer's own pending purchase ("거래 대기" held for them) offers "지금 해제하기": a keyboard-reachable button,
 * a confirm that says what happens and that it costs a little gas, the wallet's `voidBuy`, its progress, and a
 * confirmation once the server no longer holds the reservation; a wallet rejection and an unreachable chain say so.
 */
import type { PendingPurchaseRow } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { UserRejectedRequestError } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { clearSession, updateSession } from '../../../lib/session';
import { BOB, CAROL, listingRow, MARKET, stubApi } from '../../../test/trade-fixtures';
import { PopupHost } from '../../popups';
import { SalesList } from './SalesList';

const HASH = `0x${'e'.repeat(64)}`;
const kit = { calls: [] as string[], fail: null as null | (() => Error) };
vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      sendVoidBuy: async (_c: unknown, from: string, p: PendingPurchaseRow) => {
        if (kit.fail) throw kit.fail();
        kit.calls.push(`voidBuy ${from} ${p.market} id ${p.reservation.id} ${p.listingHash}`);
        released = true;
        return HASH;
      },
      waitForTx: async () => ({ blockNumber: 1n }),
    }),
  };
});

const until = new Date(2026, 10, 29, 14, 5);
const mine: PendingPurchaseRow = {
  instanceId: 2,
  psdId: '77',
  psdExpired: until.toISOString(),
  market: MARKET,
  listingHash: `0x${'1'.repeat(64)}`,
  reservation: { buyer: CAROL, amount: '2', id: '77', expiry: String(Math.floor(until.getTime() / 1000)) },
  signResult: `0x${'2'.repeat(130)}`,
};
let released = false;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>
      {children}
      <PopupHost />
    </MemoryRouter>
  </QueryClientProvider>
);
const item = { productId: 3, name: 'Piece', itemType: 1, flagMint: 1 };

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  kit.calls = [];
  kit.fail = null;
  released = false;
  queryClient.clear();
  stubApi({
    '/nft/instance/list/item': () => ({
      returnCode: 0,
      list: [
        listingRow({
          instanceId: 2,
          sellerAddress: BOB,
          sellerName: 'bob',
          remainCount: 5,
          availableCount: released ? 5 : 3,
          ...(released ? {} : { reservedUntil: until.toISOString() }),
        }),
      ],
    }),
    '/nft/instance/purchase/pending': (body) => ({
      returnCode: 0,
      list: body.id === 'carol' && !released ? [mine] : [],
    }),
  });
  updateSession({ id: 'carol', ticket: 'tk', address: CAROL });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

async function openRelease() {
  render(<SalesList item={item} />, { wrapper });
  const button = await screen.findByTestId('sale-release-77');
  expect(button.tagName).toBe('BUTTON');
  expect(button.textContent).toBe('지금 해제하기');
  button.focus();
  expect(document.activeElement).toBe(button);
  fireEvent.click(button);
  const popup = await screen.findByTestId('release-popup');
  // The wallet side answers once the chain's configuration is read.
  await waitFor(() => expect(within(popup).getByTestId<HTMLButtonElement>('release-submit').disabled).toBe(false));
  return popup;
}

describe('releasing my pending purchase', () => {
  it('says what happens, sends voidBuy, and confirms when the pieces are back on sale', async () => {
    const popup = await openRelease();
    const confirm = within(popup).getByTestId('release-confirm').textContent!;
    expect(confirm).toContain('2개');
    expect(confirm).toContain(new Intl.DateTimeFormat('ko', { timeStyle: 'short' }).format(until));
    expect(confirm).toContain('가스비가 조금 듭니다');
    expect(confirm).toContain('바로 다시 판매');
    fireEvent.click(within(popup).getByTestId('release-submit'));
    expect((await within(popup).findByTestId('release-done')).textContent).toBe(
      '해제되었습니다. 수량이 다시 판매 중입니다.',
    );
    expect(kit.calls).toEqual([`voidBuy ${CAROL} ${MARKET} id 77 ${mine.listingHash}`]);
    await waitFor(() => expect(screen.queryByTestId('sale-release-77')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('sale-reserved')).toBeNull());
  });

  it('a wallet rejection says so, in Korean and in English', async () => {
    kit.fail = () => new UserRejectedRequestError(new Error('no'));
    const popup = await openRelease();
    fireEvent.click(within(popup).getByTestId('release-submit'));
    await waitFor(() =>
      expect(within(popup).getByTestId('trade-now').textContent).toBe('지갑에서 요청을 취소했습니다.'),
    );
    await i18n.changeLanguage('en');
    await waitFor(() =>
      expect(within(popup).getByTestId('trade-now').textContent).toBe('You cancelled the request in your wallet.'),
    );
    expect(kit.calls).toEqual([]);
    expect(within(popup).getByTestId('trade-retry')).toBeTruthy();
  });

  it('an unreachable chain says so, in Korean and in English', async () => {
    const errors = await import('../core/trade-errors');
    kit.fail = () => new errors.TradeCheckError('trade:errors.chainUnreachable');
    const popup = await openRelease();
    fireEvent.click(within(popup).getByTestId('release-submit'));
    expect((await within(popup).findByTestId('trade-error')).textContent).toBe(
      '블록체인 네트워크가 응답하지 않습니다. 잠시 후 다시 시도해 주세요.',
    );
    await i18n.changeLanguage('en');
    await waitFor(() =>
      expect(within(popup).getByTestId('trade-error').textContent).toBe(
        'The blockchain network is not answering. Please try again in a moment.',
      ),
    );
  });

  it('someone else’s pending purchase offers no release', async () => {
    updateSession({ id: 'dave', ticket: 'tk', address: BOB.replace('3c', '4c') });
    render(<SalesList item={item} />, { wrapper });
    await screen.findByTestId('sale-reserved-note');
    expect(screen.queryByTestId('sale-release-77')).toBeNull();
  });
});
