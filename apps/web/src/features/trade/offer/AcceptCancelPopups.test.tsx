import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { updateSession } from '../../../lib/session';
import { itemEvent, quietItemSocket } from '../../../test/item-socket';
import { BOB, ITEMS, MARKET, offerProductRow, stubApi } from '../../../test/trade-fixtures';
import { AcceptOfferPopup, type AcceptTarget } from './AcceptOfferPopup';
import { CancelOfferPopup, type CancelTarget } from './CancelOfferPopup';

const E18 = 10n ** 18n;
const HASH_APPROVE = `0x${'a'.repeat(64)}`;
const HASH_TX = `0x${'c'.repeat(64)}`;

/** The wallet side, faked: its real counterpart runs against anvil in the server's offer tests. */
const kit = { approved: false, calls: [] as string[], approvalMined: Promise.resolve() };
vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      ensureApprovalForAll: async (
        _c: unknown,
        owner: string,
        collection: string,
        operator: string,
        onSent: (h: string) => void,
      ) => {
        kit.calls.push(`approval ${owner} ${collection} ${operator}`);
        if (kit.approved) return false;
        // The wallet confirms when the test says so (the popup says what is being approved meanwhile).
        await kit.approvalMined;
        onSent(HASH_APPROVE);
        return true;
      },
      sendAcceptOffer: async (_c: unknown, from: string, d: { aodId: string; aodAmount: number }) => {
        kit.calls.push(`acceptOffer ${from} ${d.aodId} ${d.aodAmount}`);
        return HASH_TX;
      },
      sendCancelOffer: async (_c: unknown, from: string, market: string, offerId: string, amount: number) => {
        kit.calls.push(`cancelOffer ${from} ${market} ${offerId} ${amount}`);
        return HASH_TX;
      },
      waitForTx: async () => ({ blockNumber: 1n }),
    }),
  };
});

/** The accept's state on the server (`/nft/order/state`): pending until the test says the indexer applied it. */
let orderState = 'pending';
let remain = 4;
let acceptCode = 0;
let itemDeleted = false;
let sent: ReturnType<typeof stubApi> = [];
beforeEach(async () => {
  await i18n.changeLanguage('ko');
  Object.assign(kit, { approved: false, calls: [], approvalMined: Promise.resolve() });
  orderState = 'pending';
  quietItemSocket();
  remain = 4;
  acceptCode = 0;
  itemDeleted = false;
  queryClient.clear();
  updateSession({ id: 'bob', ticket: 'tk', address: BOB });
  sent = stubApi({
    '/nft/order/state': () => ({ returnCode: 0, data: { state: orderState } }),
    '/nft/offer/product/list': () =>
      itemDeleted
        ? { returnCode: 258 }
        : { returnCode: 0, list: remain > 0 ? [offerProductRow({ remainAmount: remain })] : [] },
    '/nft/offer/accept': (body) => {
      if (acceptCode) return { returnCode: acceptCode };
      const n = Number(body.amount);
      return {
        returnCode: 0,
        data: {
          aodId: '9',
          aodAmount: n,
          aodMintAmount: 0,
          aodSigId: '41',
          aodExpired: new Date().toISOString(),
          market: MARKET,
          accept: {
            id: '9',
            offerId: '41',
            seller: BOB,
            amount: String(n),
            mintAmount: '0',
            editionSize: '0',
            royaltyBps: '0',
            expiry: '9999999999',
          },
          signResult: '0x',
          symbol: 'ATT',
          price: '0',
          netProceeds: '0',
        },
      };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const offer: AcceptTarget = {
  makeOfferIdx: 41,
  symbol: 'ATT',
  pricePerOne: String(10n * E18),
  available: 4,
  offererName: 'carol',
  expireDate: '2026-12-06T04:00:00.000Z',
};
const item = {
  productId: 3,
  name: 'Piece',
  itemType: 1,
  royalty: 5,
  itemCountMine: 3,
  itemCountOnSaleMine: 1,
  itemCountReservedMine: 0,
};
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });
/** Waits for the chain config (the submit is disabled until it is known), then submits. */
async function submit(id: string) {
  await waitFor(() => expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(screen.getByTestId(id));
}

describe('AcceptOfferPopup', () => {
  it('accepts at most the lesser of free pieces and the offer, and shows the net proceeds', async () => {
    render(<AcceptOfferPopup offer={offer} item={item} onClose={vi.fn()} />, { wrapper });
    type('accept-offer-quantity', '3');
    expect(screen.getByTestId('accept-offer-problem').textContent).toBe('수락 가능한 수량은 최대 2개입니다.');
    expect((screen.getByTestId('accept-offer-submit') as HTMLButtonElement).disabled).toBe(true);
    type('accept-offer-quantity', '2');
    expect(screen.getByTestId('accept-offer-gross').textContent).toBe('20 ATT');
    // 2.5% platform fee (0.5) and 5% royalty (1).
    await waitFor(() => expect(screen.getByTestId('accept-offer-net').textContent).toBe('18.5 ATT'));
  });

  it('shows when the offer expires', () => {
    render(<AcceptOfferPopup offer={offer} item={item} onClose={vi.fn()} />, { wrapper });
    const expiry = screen.getByTestId('accept-offer-expiry');
    const format = new Intl.DateTimeFormat('ko', { dateStyle: 'medium', timeStyle: 'short' });
    expect(expiry.textContent).toBe(format.format(new Date(offer.expireDate)));
    expect(expiry.previousElementSibling?.textContent).toBe('만료');
  });

  it('approves the item contract, gets the signed accept, sends acceptOffer, then done once the item’s event shows it used', async () => {
    let mined = () => {};
    kit.approvalMined = new Promise<void>((r) => (mined = r));
    render(<AcceptOfferPopup offer={offer} item={item} onClose={vi.fn()} />, { wrapper });
    type('accept-offer-quantity', '2');
    await submit('accept-offer-submit');
    await waitFor(() =>
      expect(screen.getByTestId('trade-now').textContent).toBe('지갑에서 아이템 전송 승인을 확인해 주세요.'),
    );
    mined();
    await waitFor(() => expect(sent.filter((s) => s.path === '/nft/order/state')).toHaveLength(1));
    expect(screen.getByTestId('trade-steps').getAttribute('data-trade-state')).toBe('confirming');
    orderState = 'settled';
    itemEvent(3);
    await screen.findByTestId('accept-offer-done');
    expect(sent.filter((s) => s.path === '/nft/order/state').map((s) => s.body)).toEqual([
      { id: 'bob', ticketId: 'tk', kind: 'accept', orderId: '9' },
      { id: 'bob', ticketId: 'tk', kind: 'accept', orderId: '9' },
    ]);
    expect(sent.filter((s) => s.path === '/nft/detail')).toEqual([]);
    expect(screen.getByText('제안 수락이 완료되었습니다.')).toBeTruthy();
    expect(sent.find((s) => s.path === '/nft/offer/accept')?.body).toMatchObject({
      id: 'bob',
      ticketId: 'tk',
      offerIdx: 41,
      amount: 2,
    });
    expect(kit.calls).toEqual([`approval ${BOB} ${ITEMS} ${MARKET}`, `acceptOffer ${BOB} 9 2`]);
    expect(screen.getByTestId('trade-steps').querySelector('[data-step="approve"]')!.textContent).toContain(
      '아이템 전송 승인',
    );
  });

  it('the server refusals show the spec texts', async () => {
    acceptCode = 280;
    kit.approved = true;
    render(<AcceptOfferPopup offer={offer} item={{ ...item, itemType: 2 }} onClose={vi.fn()} />, { wrapper });
    expect(screen.queryByTestId('accept-offer-quantity')).toBeNull();
    await submit('accept-offer-submit');
    expect((await screen.findByTestId('trade-error')).textContent).toBe('경매 판매 중에는 제안을 수락할 수 없습니다.');
    acceptCode = 273;
    fireEvent.click(screen.getByTestId('trade-retry'));
    await submit('accept-offer-submit');
    await waitFor(() =>
      expect(screen.getByTestId('trade-error').textContent).toBe('수락을 할려면 판매 등록을 취소 후 시도하세요.'),
    );
    expect(kit.calls.filter((c) => c.startsWith('acceptOffer'))).toEqual([]);
  });
});

describe('CancelOfferPopup', () => {
  const target: CancelTarget = {
    osdId: '41',
    productId: 3,
    productName: 'Piece',
    symbol: 'ATT',
    pricePerOne: String(2n * E18),
    remainAmount: 4,
  };

  it('cancels up to the remaining pieces on chain and shows what comes back', async () => {
    const onDone = vi.fn();
    render(<CancelOfferPopup offer={target} onClose={vi.fn()} onDone={onDone} />, { wrapper });
    expect((screen.getByTestId('cancel-offer-quantity') as HTMLInputElement).value).toBe('4');
    expect(screen.getByTestId('cancel-offer-refund').textContent).toBe('8 ATT');
    type('cancel-offer-quantity', '5');
    expect(screen.getByTestId('cancel-offer-problem').textContent).toBe('취소 가능한 수량은 최대 4개입니다.');
    type('cancel-offer-quantity', '0');
    expect(screen.getByTestId('cancel-offer-problem').textContent).toBe('취소 수량을 입력해 주세요.');
    type('cancel-offer-quantity', '3');
    expect(screen.getByTestId('cancel-offer-refund').textContent).toBe('6 ATT');
    const reads = () => sent.filter((s) => s.path === '/nft/offer/product/list').length;
    const before = reads();
    await submit('cancel-offer-submit');
    // Mined: the offer is read once (the indexer has not seen the cancel), then again only on the item's event.
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(screen.queryByTestId('cancel-offer-done')).toBeNull();
    remain = 1;
    itemEvent(3);
    await screen.findByTestId('cancel-offer-done');
    expect(reads()).toBeGreaterThanOrEqual(before + 2);
    expect(screen.getByText('제안 취소가 완료되었습니다.')).toBeTruthy();
    expect(kit.calls).toEqual([`cancelOffer ${BOB} ${MARKET} 41 3`]);
    expect(onDone).toHaveBeenCalledOnce();
    expect(sent.some((s) => s.path.startsWith('/nft/offer/') && s.path !== '/nft/offer/product/list')).toBe(false);
  });

  it('single items cancel their one piece; an offer on a deleted item is done once mined', async () => {
    render(<CancelOfferPopup offer={{ ...target, remainAmount: 1, itemType: 2 }} onClose={vi.fn()} />, { wrapper });
    expect(screen.queryByTestId('cancel-offer-quantity')).toBeNull();
    itemDeleted = true;
    await submit('cancel-offer-submit');
    await screen.findByTestId('cancel-offer-done');
    expect(kit.calls).toEqual([`cancelOffer ${BOB} ${MARKET} 41 1`]);
  });
});
