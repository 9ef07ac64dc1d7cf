import type { ItemListingRow } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { updateSession } from '../../../lib/session';
import { itemEvent, quietItemSocket } from '../../../test/item-socket';
import { ALICE, ATT, BOB, listingMessage, listingRow, MARKET, stubApi } from '../../../test/trade-fixtures';
import { BuyPopup } from './BuyPopup';

const BUYER = BOB;
const SELLER = ALICE;
const HASH_APPROVE = `0x${'a'.repeat(64)}`;
const HASH_BUY = `0x${'b'.repeat(64)}`;

/** The wallet side, faked: its real counterpart runs in the E2E against anvil. */
const kit = {
  balance: 10n * 10n ** 18n,
  allowance: 0n,
  calls: [] as string[],
  rejectBuy: false,
};
vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      readTokenBalance: async () => kit.balance,
      ensureAllowance: async (
        _c: unknown,
        _o: unknown,
        token: string,
        spender: string,
        amount: bigint,
        onSent: (h: string) => void,
      ) => {
        kit.calls.push(`allowance ${token} ${spender} ${amount}`);
        if (kit.allowance >= amount) return false;
        onSent(HASH_APPROVE);
        return true;
      },
      sendBuy: async () => {
        kit.calls.push('buyNft');
        if (kit.rejectBuy) throw Object.assign(new Error('User rejected'), { code: 4001 });
        return HASH_BUY;
      },
      waitForTx: async (_c: unknown, hash: string) => {
        kit.calls.push(`mined ${hash.slice(0, 4)}`);
        return { blockNumber: 1n };
      },
    }),
  };
});

/** The order's state on the server (`/nft/order/state`): pending until the test says the indexer applied the buy. */
let orderState = 'pending';
let purchaseCode = 0;
let sent: ReturnType<typeof stubApi> = [];

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  Object.assign(kit, { balance: 10n * 10n ** 18n, allowance: 0n, calls: [], rejectBuy: false });
  orderState = 'pending';
  quietItemSocket();
  purchaseCode = 0;
  queryClient.clear();
  updateSession({ id: 'bob', ticket: 'tk', address: BUYER });
  sent = stubApi({
    '/nft/order/state': () => ({ returnCode: 0, data: { state: orderState } }),
    '/nft/instance/purchase': (body) => {
      if (purchaseCode) return { returnCode: purchaseCode };
      const q = Number(body.quantity);
      return {
        returnCode: 0,
        data: {
          psdId: '1',
          psdExpired: new Date().toISOString(),
          market: MARKET,
          listing: listingMessage({ seller: SELLER, amount: '5' }),
          sellerSignature: '0x',
          reservation: { buyer: BUYER, amount: String(q), id: '1', expiry: '9999999999' },
          signResult: '0x',
          totalPrice: String(2n * 10n ** 18n * BigInt(q)),
        },
      };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

const listing: ItemListingRow = listingRow();

function renderBuy(l: ItemListingRow = listing, itemType = 1) {
  const onClose = vi.fn();
  render(<BuyPopup item={{ productId: 3, name: 'Piece', itemType, flagMint: 1 }} listing={l} onClose={onClose} />, {
    wrapper,
  });
  return onClose;
}

describe('BuyPopup', () => {
  it('shows the total for the quantity, digits only, and the rules in order', async () => {
    renderBuy();
    await screen.findByText('보유 ATT: 10');
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '3개' } });
    expect((screen.getByTestId('buy-quantity') as HTMLInputElement).value).toBe('3');
    expect(screen.getByTestId('buy-total').textContent).toBe('6 ATT');
    fireEvent.click(screen.getByTestId('buy-submit'));
    expect(screen.getByTestId('buy-problem').textContent).toBe('동의 항목에 체크해 주세요.');
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '5' } });
    expect(screen.getByTestId('buy-quantity-problem').textContent).toBe('구매 가능한 수량은 최대 4개입니다.');
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '0' } });
    expect(screen.getByTestId('buy-quantity-problem').textContent).toBe('구매 수량을 입력해 주세요.');
    expect(sent.filter((s) => s.path === '/nft/instance/purchase')).toEqual([]);
  });

  it('a quantity above what is available says so at once and cannot be submitted', async () => {
    renderBuy({ ...listing, availableCount: 3 });
    await screen.findByText('보유 ATT: 10');
    fireEvent.click(screen.getByTestId('buy-agree'));
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '7' } });
    expect(screen.getByTestId('buy-quantity-problem').textContent).toBe('구매 가능한 수량은 최대 3개입니다.');
    expect(screen.getByTestId('buy-quantity').getAttribute('aria-invalid')).toBe('true');
    const submit = screen.getByTestId('buy-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(submit);
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '3' } });
    expect(screen.queryByTestId('buy-quantity-problem')).toBeNull();
    expect(submit.disabled).toBe(false);
    expect(sent.filter((s) => s.path === '/nft/instance/purchase')).toEqual([]);
  });

  it('warns when the balance cannot pay and does not let the buy start', async () => {
    kit.balance = 3n * 10n ** 18n;
    renderBuy();
    await screen.findByText('보유 ATT: 3');
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '2' } });
    expect(screen.getByTestId('buy-no-coin').textContent).toBe('보유한 코인이 부족합니다.');
    expect((screen.getByTestId('buy-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('reserves, approves ATT, buys, learns from the item’s event that its reservation sold, then shows done', async () => {
    renderBuy();
    await screen.findByText('보유 ATT: 10');
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('buy-agree'));
    fireEvent.click(screen.getByTestId('buy-submit'));
    // Mined: the order's own state is read once (still pending), and nothing more until the item's socket says so.
    await waitFor(() => expect(sent.filter((s) => s.path === '/nft/order/state')).toHaveLength(1));
    expect(screen.getByTestId('trade-steps').getAttribute('data-trade-state')).toBe('confirming');
    orderState = 'settled';
    itemEvent(3);
    await screen.findByTestId('buy-done');
    expect(sent.filter((s) => s.path === '/nft/order/state').map((s) => s.body)).toEqual([
      { id: 'bob', ticketId: 'tk', kind: 'purchase', orderId: '1' },
      { id: 'bob', ticketId: 'tk', kind: 'purchase', orderId: '1' },
    ]);
    expect(sent.filter((s) => s.path === '/nft/detail')).toEqual([]);
    expect(sent.find((s) => s.path === '/nft/instance/purchase')?.body).toMatchObject({
      id: 'bob',
      ticketId: 'tk',
      instanceId: 7,
      quantity: 2,
    });
    expect(sent.find((s) => s.path === '/nft/instance/purchase')?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(kit.calls).toEqual([`allowance ${ATT} ${MARKET} 4000000000000000000`, 'buyNft', 'mined 0xbb']);
    const link = screen.getByTestId('trade-tx-link') as HTMLAnchorElement;
    expect(link.href).toBe(`https://scan.example/tx/${HASH_BUY}`);
    expect(link.textContent).toContain('0xbbbbbb…bbbbbb');
    expect([...screen.getAllByRole('listitem')].map((li) => li.getAttribute('data-status'))).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
  });

  it('the fallback read: a reservation already sold when the buy is mined is done without any event', async () => {
    orderState = 'settled';
    renderBuy();
    await screen.findByText('보유 ATT: 10');
    fireEvent.click(screen.getByTestId('buy-agree'));
    fireEvent.click(screen.getByTestId('buy-submit'));
    await screen.findByTestId('buy-done');
    expect(sent.filter((s) => s.path === '/nft/order/state')).toHaveLength(1);
  });

  it('a server code shows its catalogue text; code 2 is the own-listing message', async () => {
    purchaseCode = 83;
    renderBuy();
    await screen.findByText('보유 ATT: 10');
    fireEvent.click(screen.getByTestId('buy-agree'));
    fireEvent.click(screen.getByTestId('buy-submit'));
    expect((await screen.findByTestId('trade-error')).textContent).toBe('매진되었습니다.');
    expect(screen.getByTestId('trade-steps').getAttribute('data-trade-state')).toBe('failed');
    fireEvent.click(screen.getByTestId('trade-retry'));
    purchaseCode = 2;
    fireEvent.click(screen.getByTestId('buy-submit'));
    expect((await screen.findByTestId('trade-error')).textContent).toBe('본인의 판매 아이템은 구매할 수 없습니다.');
  });

  it('a rejection in the wallet cancels the flow (no error text) and can be tried again', async () => {
    kit.rejectBuy = true;
    kit.allowance = 10n ** 30n;
    renderBuy({ ...listing, priceSymbol: 'KLAY' }, 2);
    await screen.findByText('보유 KLAY: 10');
    expect(screen.queryByTestId('buy-quantity')).toBeNull();
    fireEvent.click(screen.getByTestId('buy-agree'));
    fireEvent.click(screen.getByTestId('buy-submit'));
    await waitFor(() => expect(screen.getByTestId('trade-steps').getAttribute('data-trade-state')).toBe('cancelled'));
    expect(screen.getByTestId('trade-now').textContent).toBe('지갑에서 요청을 취소했습니다.');
    expect(screen.queryByTestId('trade-error')).toBeNull();
    // KLAY: no allowance step, and a single item buys exactly 1.
    expect(kit.calls).toEqual(['buyNft']);
    expect(sent.find((s) => s.path === '/nft/instance/purchase')?.body.quantity).toBe(1);
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('data-step'))).toEqual([
      'wallet',
      'chain',
      'done',
    ]);
  });

  it('the seller sees that they cannot buy their own listing', async () => {
    updateSession({ address: SELLER });
    renderBuy();
    expect((await screen.findByTestId('buy-own')).textContent).toBe('본인의 판매 아이템은 구매할 수 없습니다.');
    expect((screen.getByTestId('buy-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
