import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { updateSession } from '../../../lib/session';
import { itemEvent, quietItemSocket } from '../../../test/item-socket';
import { ALICE, ATT, BOB, ITEMS, MARKET, stubApi } from '../../../test/trade-fixtures';
import { MakeOfferPopup, type OfferItem } from './MakeOfferPopup';

const E18 = 10n ** 18n;
const HASH_APPROVE = `0x${'a'.repeat(64)}`;
const HASH_OFFER = `0x${'b'.repeat(64)}`;

/** The wallet side, faked: its real counterpart runs against anvil in the server's offer tests. */
const kit = { balance: 10n * E18, allowance: 0n, calls: [] as string[], reject: false };
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
      sendMakeOffer: async (_c: unknown, _a: unknown, d: { osdId: string; osdPrice: string }) => {
        kit.calls.push(`makeOffer ${d.osdId} ${d.osdPrice}`);
        if (kit.reject) throw Object.assign(new Error('User rejected'), { code: 4001 });
        return HASH_OFFER;
      },
      waitForTx: async (_c: unknown, hash: string) => {
        kit.calls.push(`mined ${hash.slice(0, 4)}`);
        return { blockNumber: 1n };
      },
    }),
  };
});

let offerCode = 0;
/** The offer's state on the server (`/nft/order/state`): pending until the test says the indexer saw the escrow. */
let orderState = 'pending';
let sent: ReturnType<typeof stubApi> = [];

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  Object.assign(kit, { balance: 10n * E18, allowance: 0n, calls: [], reject: false });
  offerCode = 0;
  orderState = 'pending';
  quietItemSocket();
  queryClient.clear();
  updateSession({ id: 'bob', ticket: 'tk', address: BOB });
  sent = stubApi({
    '/config/token/info': () => ({
      returnCode: 0,
      list: [
        { symbol: 'ATT', price: '0.5', address: ATT },
        { symbol: 'KLAY', price: '0.2', address: '0x0' },
      ],
    }),
    '/nft/order/state': () => ({ returnCode: 0, data: { state: orderState } }),
    '/nft/offer': (body) => {
      if (offerCode) return { returnCode: offerCode };
      const total = (BigInt(String(body.pricePerOne)) * BigInt(Number(body.amount))).toString();
      const token = body.symbol === 'KLAY' ? '0x0000000000000000000000000000000000000000' : ATT;
      return {
        returnCode: 0,
        data: {
          osdId: '41',
          osdContractAddress: ITEMS,
          osdContractType: 1,
          osdBuyer: BOB,
          osdItemId: '1',
          osdAmount: body.amount,
          osdAuthor: ALICE,
          osdAuthorFee: 500,
          osdToken: token,
          osdPricePerOne: body.pricePerOne,
          osdExpired: new Date().toISOString(),
          osdPrice: total,
          market: MARKET,
          offer: {
            id: '41',
            collection: ITEMS,
            itemId: '1',
            amount: String(body.amount),
            buyer: BOB,
            token,
            pricePerOne: body.pricePerOne,
            expiry: '9999999999',
          },
          signResult: '0x',
        },
      };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const item: OfferItem = {
  productId: 3,
  name: 'Piece',
  itemType: 1,
  totalItemCount: 10,
  itemCountMine: 3,
  itemCountOnSaleMine: 0,
  itemCountReservedMine: 2,
};

function renderOffer(i: OfferItem = item) {
  const onClose = vi.fn();
  render(<MakeOfferPopup item={i} onClose={onClose} />, { wrapper });
  return onClose;
}
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });
const value = (id: string) => (screen.getByTestId(id) as HTMLInputElement).value;

describe('MakeOfferPopup', () => {
  it('limits the quantity to total − mine − reserved and says so as it is typed', async () => {
    renderOffer();
    await screen.findByText('보유 ATT: 10');
    expect(screen.getByText('최대 5개까지 제안할 수 있습니다.')).toBeTruthy();
    type('offer-quantity', '6');
    expect(screen.getByTestId('offer-quantity-problem').textContent).toBe('제안 가능한 수량은 최대 5개입니다.');
    expect((screen.getByTestId('offer-submit') as HTMLButtonElement).disabled).toBe(true);
    type('offer-quantity', '0');
    expect(screen.getByTestId('offer-quantity-problem').textContent).toBe('제안 수량을 입력해 주세요.');
  });

  it('converts the price and dollars, floors the total to 4 decimals, and a new token clears both', async () => {
    renderOffer();
    await screen.findByText('보유 ATT: 10');
    await waitFor(() => expect((screen.getByTestId('offer-usd') as HTMLInputElement).disabled).toBe(false));
    type('offer-quantity', '3');
    type('offer-price', '0.33333');
    expect(value('offer-usd')).toBe('0.1666');
    expect(screen.getByTestId('offer-total').textContent).toBe('0.9999 ATT');
    type('offer-usd', '1');
    expect(value('offer-price')).toBe('2');
    expect(screen.getByTestId('offer-total').textContent).toBe('6 ATT');
    fireEvent.change(screen.getByTestId('offer-symbol'), { target: { value: 'KLAY' } });
    expect(value('offer-price')).toBe('');
    expect(value('offer-usd')).toBe('');
    expect(screen.getByTestId('offer-total').textContent).toBe('0 KLAY');
  });

  it('checks the price (at least 1 token a piece), then the agree box; a total above the balance cannot be offered', async () => {
    renderOffer();
    await screen.findByText('보유 ATT: 10');
    fireEvent.click(screen.getByTestId('offer-submit'));
    expect(screen.getByTestId('offer-problem').textContent).toBe('제안 가격을 입력해 주세요.');
    type('offer-price', '0.5'); // below the Market's minimum of 1 token a piece
    expect(screen.getByTestId('offer-problem').textContent).toBe('제안 가격은 1개당 1 ATT 이상이어야 합니다.');
    type('offer-price', '2');
    fireEvent.click(screen.getByTestId('offer-submit'));
    expect(screen.getByTestId('offer-problem').textContent).toBe('동의 항목에 체크해 주세요.');
    type('offer-quantity', '5');
    type('offer-price', '2.5');
    expect(screen.getByTestId('offer-no-coin').textContent).toBe('코인이 부족합니다.');
    expect((screen.getByTestId('offer-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(sent.filter((s) => s.path === '/nft/offer')).toEqual([]);
  });

  it('ATT: signed terms, the allowance for the total, makeOffer, then done once the item’s event shows it valid', async () => {
    renderOffer();
    await screen.findByText('보유 ATT: 10');
    type('offer-quantity', '2');
    type('offer-price', '1.5');
    fireEvent.click(screen.getByTestId('offer-agree'));
    fireEvent.click(screen.getByTestId('offer-submit'));
    await waitFor(() => expect(sent.filter((s) => s.path === '/nft/order/state')).toHaveLength(1));
    expect(screen.getByTestId('trade-steps').getAttribute('data-trade-state')).toBe('confirming');
    orderState = 'settled';
    itemEvent(3);
    await screen.findByTestId('offer-done');
    expect(screen.getByText('제안이 등록되었습니다.')).toBeTruthy();
    expect(sent.filter((s) => s.path === '/nft/order/state').map((s) => s.body)).toEqual([
      { id: 'bob', ticketId: 'tk', kind: 'offer', orderId: '41' },
      { id: 'bob', ticketId: 'tk', kind: 'offer', orderId: '41' },
    ]);
    expect(sent.filter((s) => s.path === '/nft/offer/product/list')).toEqual([]);
    const req = sent.find((s) => s.path === '/nft/offer')!.body;
    expect(req).toMatchObject({
      id: 'bob',
      ticketId: 'tk',
      productId: 3,
      pricePerOne: '1500000000000000000',
      amount: 2,
      symbol: 'ATT',
      expireMinute: 7 * 1440,
    });
    expect(kit.calls).toEqual([`allowance ${ATT} ${MARKET} ${3n * E18}`, `makeOffer 41 ${3n * E18}`, 'mined 0xbb']);
    expect(screen.getByTestId('trade-tx-link').getAttribute('data-hash')).toBe(HASH_OFFER);
  });

  it('runs 7 days unless the member chooses 1, 3, 14 or 30; the choice sets the expiry shown and sent', async () => {
    renderOffer();
    await screen.findByText('보유 ATT: 10');
    const select = screen.getByTestId('offer-duration') as HTMLSelectElement;
    expect(select.value).toBe('7');
    expect([...select.options].map((o) => o.textContent)).toEqual(['1일', '3일', '7일', '14일', '30일']);
    const shownExpiry = () => Date.parse(screen.getByTestId('offer-expiry').querySelector('time')!.dateTime);
    expect(screen.getByTestId('offer-expiry').textContent).toMatch(/^만료: /);
    expect(Math.abs(shownExpiry() - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    fireEvent.change(select, { target: { value: '30' } });
    expect(Math.abs(shownExpiry() - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    fireEvent.change(select, { target: { value: '1' } });
    expect(Math.abs(shownExpiry() - (Date.now() + 86_400_000))).toBeLessThan(60_000);
    type('offer-price', '1');
    fireEvent.click(screen.getByTestId('offer-agree'));
    fireEvent.click(screen.getByTestId('offer-submit'));
    await waitFor(() => expect(sent.find((s) => s.path === '/nft/offer')).toBeTruthy());
    expect(sent.find((s) => s.path === '/nft/offer')!.body).toMatchObject({ expireMinute: 1440 });
    expect(select.disabled).toBe(true);
  });

  it('KLAY needs no allowance; single items offer on 1; an offer already valid when mined is done on the one read', async () => {
    orderState = 'settled';
    renderOffer({ ...item, itemType: 2, totalItemCount: 1, itemCountMine: 0, itemCountReservedMine: 0 });
    fireEvent.change(screen.getByTestId('offer-symbol'), { target: { value: 'KLAY' } });
    await screen.findByText('보유 KLAY: 10');
    expect(screen.queryByTestId('offer-quantity')).toBeNull();
    type('offer-price', '4');
    fireEvent.click(screen.getByTestId('offer-agree'));
    fireEvent.click(screen.getByTestId('offer-submit'));
    await screen.findByTestId('offer-done');
    expect(sent.find((s) => s.path === '/nft/offer')!.body).toMatchObject({
      amount: 1,
      symbol: 'KLAY',
      pricePerOne: String(4n * E18),
    });
    expect(kit.calls).toEqual([`makeOffer 41 ${4n * E18}`, 'mined 0xbb']);
  });

  it('a refusal of the server shows its text; a wallet refusal cancels; both can be retried', async () => {
    offerCode = 2;
    renderOffer();
    await screen.findByText('보유 ATT: 10');
    type('offer-price', '1');
    fireEvent.click(screen.getByTestId('offer-agree'));
    fireEvent.click(screen.getByTestId('offer-submit'));
    expect((await screen.findByTestId('trade-error')).textContent).toBe('보유한 아이템에는 제안할 수 없습니다.');
    offerCode = 0;
    kit.reject = true;
    kit.allowance = 100n * E18;
    fireEvent.click(screen.getByTestId('trade-retry'));
    fireEvent.click(screen.getByTestId('offer-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('offer-popup').querySelector('.trade-popup')!.getAttribute('data-trade-state')).toBe(
        'cancelled',
      ),
    );
    expect(kit.calls.filter((c) => c.startsWith('makeOffer'))).toHaveLength(1);
  });
});
