import { type CollectionOfferRow, OfferState } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { updateSession } from '../../../lib/session';
import { itemEvent, quietItemSocket } from '../../../test/item-socket';
import { ATT, BOB, MARKET, collectionOfferRow, stubApi } from '../../../test/trade-fixtures';
import { AcceptOfferPopup } from '../offer/AcceptOfferPopup';
import { CancelOfferPopup } from '../offer/CancelOfferPopup';
import { MakeCollectionOfferPopup } from './MakeCollectionOfferPopup';

const E18 = 10n ** 18n;
const HASH = `0x${'c'.repeat(64)}`;
const PROOF = [`0x${'1'.repeat(64)}`, `0x${'2'.repeat(64)}`];

/** The wallet side, faked: its real counterpart runs against anvil in the contracts' and the E2E tests. */
const kit = { calls: [] as string[] };
vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      readTokenBalance: async () => 10n * E18,
      ensureAllowance: async (_c: unknown, _o: unknown, token: string, spender: string, amount: bigint) => {
        kit.calls.push(`allowance ${token} ${spender} ${amount}`);
        return false;
      },
      ensureApprovalForAll: async () => false,
      sendMakeCollectionOffer: async (_c: unknown, _a: unknown, d: { offerIdx: string; price: string }) => {
        kit.calls.push(`makeCollectionOffer ${d.offerIdx} ${d.price}`);
        return HASH;
      },
      sendAcceptCollectionOffer: async (_c: unknown, from: string, d: { acceptId: string; proof: string[] }) => {
        kit.calls.push(`acceptCollectionOffer ${from} ${d.acceptId} ${d.proof.join(',')}`);
        return HASH;
      },
      sendCancelCollectionOffer: async (_c: unknown, from: string, market: string, id: string, amount: number) => {
        kit.calls.push(`cancelCollectionOffer ${from} ${market} ${id} ${amount}`);
        return HASH;
      },
      waitForTx: async () => ({ blockNumber: 1n }),
    }),
  };
});

const row = collectionOfferRow;

let made: CollectionOfferRow[] = [];
let live: CollectionOfferRow[] = [];
let code = 0;
let sent: ReturnType<typeof stubApi> = [];
beforeEach(async () => {
  await i18n.changeLanguage('ko');
  kit.calls = [];
  made = [row({ state: OfferState.Pending })];
  live = [row()];
  code = 0;
  quietItemSocket();
  queryClient.clear();
  updateSession({ id: 'bob', ticket: 'tk', address: BOB });
  sent = stubApi({
    '/config/token/info': () => ({ returnCode: 0, list: [{ symbol: 'ATT', price: '0.5', address: ATT }] }),
    '/nft/collection/offer/member/participation/list': () => ({ returnCode: 0, list: made }),
    '/nft/collection/offer/list': () => ({ returnCode: 0, list: live }),
    '/nft/collection/offer': (body) =>
      code
        ? { returnCode: code }
        : {
            returnCode: 0,
            data: {
              offerIdx: '7',
              collectionIdx: 4,
              symbol: 'ATT',
              price: (BigInt(String(body.pricePerOne)) * BigInt(Number(body.amount))).toString(),
              expireDate: '2026-12-06T04:00:00.000Z',
              market: MARKET,
              offer: {
                id: '7',
                collection: MARKET,
                criteria: `0x${'0'.repeat(64)}`,
                amount: String(body.amount),
                buyer: BOB,
                token: ATT,
                pricePerOne: String(body.pricePerOne),
                expiry: '9999999999',
              },
              signResult: '0x',
            },
          },
    '/nft/collection/offer/accept': (body) =>
      code
        ? { returnCode: code }
        : {
            returnCode: 0,
            data: {
              acceptId: '9',
              amount: body.amount,
              mintAmount: 0,
              offerIdx: '7',
              expireDate: '2026-12-06T04:00:00.000Z',
              market: MARKET,
              accept: {
                id: '9',
                offerId: '7',
                seller: BOB,
                itemId: '1',
                amount: String(body.amount),
                mintAmount: '0',
                editionSize: '0',
                royaltyBps: '500',
                expiry: '9999999999',
              },
              proof: PROOF,
              signResult: '0x',
              symbol: 'ATT',
              price: '0',
              netProceeds: '0',
            },
          },
  });
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });
async function submit(id: string) {
  await waitFor(() => expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(screen.getByTestId(id));
}
const item = {
  productId: 3,
  name: 'Piece',
  itemType: 1,
  royalty: 5,
  itemCountMine: 3,
  itemCountOnSaleMine: 0,
  itemCountReservedMine: 0,
};
const target = {
  makeOfferIdx: 7,
  collection: { offerIdx: '7', collectionIdx: 4, remainAmount: 3 },
  symbol: 'ATT' as const,
  pricePerOne: String(2n * E18),
  available: 3,
  offererName: 'carol',
  expireDate: '2026-12-06T04:00:00.000Z',
};

describe('MakeCollectionOfferPopup', () => {
  it('signs the terms, approves ATT for the total, sends makeCollectionOffer, and is done once the offer is escrowed', async () => {
    render(<MakeCollectionOfferPopup collection={{ collectionIdx: 4, collectionName: 'Birds' }} onClose={vi.fn()} />, {
      wrapper,
    });
    expect(screen.getByText('컬렉션 제안하기')).toBeTruthy();
    await screen.findByText('보유 ATT: 10');
    expect((screen.getByTestId('offer-duration') as HTMLSelectElement).value).toBe('7');
    type('offer-quantity', '2');
    type('offer-price', '1.5');
    type('offer-duration', '30');
    expect(screen.getByTestId('offer-total').textContent).toBe('3 ATT');
    fireEvent.click(screen.getByTestId('offer-agree'));
    made = [row({ state: OfferState.Valid })];
    await submit('collection-offer-submit');
    await screen.findByTestId('collection-offer-done');
    expect(screen.getByText('컬렉션 제안이 완료되었습니다.')).toBeTruthy();
    expect(sent.find((s) => s.path === '/nft/collection/offer')!.body).toMatchObject({
      id: 'bob',
      collectionIdx: 4,
      pricePerOne: String((3n * E18) / 2n),
      amount: 2,
      symbol: 'ATT',
      expireMinute: 30 * 24 * 60,
    });
    expect(kit.calls).toEqual([`allowance ${ATT} ${MARKET} ${3n * E18}`, `makeCollectionOffer 7 ${3n * E18}`]);
  });

  it('a trait offer shows and sends the chosen traits', async () => {
    const traits = [{ traitType: 'Color', values: ['Red'] }];
    render(
      <MakeCollectionOfferPopup
        collection={{ collectionIdx: 4, collectionName: 'Birds' }}
        traits={traits}
        onClose={vi.fn()}
      />,
      { wrapper },
    );
    expect(screen.getByText('특성 제안하기')).toBeTruthy();
    expect(screen.getByTestId('offer-traits').textContent).toBe('특성: Color: Red');
    await screen.findByText('보유 ATT: 10');
    type('offer-quantity', '1');
    type('offer-price', '1');
    fireEvent.click(screen.getByTestId('offer-agree'));
    made = [row({ state: OfferState.Valid })];
    await submit('collection-offer-submit');
    await screen.findByTestId('collection-offer-done');
    expect(screen.getByText('특성 제안이 완료되었습니다.')).toBeTruthy();
    expect(sent.find((s) => s.path === '/nft/collection/offer')!.body).toMatchObject({ collectionIdx: 4, traits });
  });

  it('asks at most 1,000,000 pieces, and says the server’s refusal in the catalogue’s words', async () => {
    code = 254;
    render(<MakeCollectionOfferPopup collection={{ collectionIdx: 4, collectionName: 'Birds' }} onClose={vi.fn()} />, {
      wrapper,
    });
    await screen.findByText('보유 ATT: 10');
    type('offer-quantity', '1000001');
    expect(screen.getByTestId('offer-quantity-problem').textContent).toBe('최대 1000000개까지 제안할 수 있습니다.');
    type('offer-quantity', '1');
    type('offer-price', '1');
    fireEvent.click(screen.getByTestId('offer-agree'));
    await submit('collection-offer-submit');
    expect((await screen.findByTestId('trade-error')).textContent).toContain('컬렉션을 찾을 수 없습니다.');
    expect(kit.calls).toEqual([]);
  });
});

describe('accepting and cancelling a collection offer', () => {
  it('accepts pieces of the item: the accept route, then acceptCollectionOffer with the reply’s proof unchanged', async () => {
    render(<AcceptOfferPopup offer={target} item={item} onClose={vi.fn()} />, { wrapper });
    expect(screen.getByText('컬렉션 제안 수락')).toBeTruthy();
    type('accept-offer-quantity', '2');
    await submit('accept-offer-submit');
    await waitFor(() => expect(kit.calls).toHaveLength(1));
    expect(kit.calls).toEqual([`acceptCollectionOffer ${BOB} 9 ${PROOF.join(',')}`]);
    expect(sent.find((s) => s.path === '/nft/collection/offer/accept')!.body).toMatchObject({
      offerIdx: 7,
      productIdx: 3,
      amount: 2,
    });
    live = [row({ remainAmount: 1 })];
    itemEvent(3);
    await screen.findByTestId('accept-offer-done');
    expect(screen.getByText('컬렉션 제안 수락이 완료되었습니다.')).toBeTruthy();
  });

  it('an item of another collection is refused with its own text (code 2)', async () => {
    code = 2;
    render(<AcceptOfferPopup offer={target} item={item} onClose={vi.fn()} />, { wrapper });
    await submit('accept-offer-submit');
    expect((await screen.findByTestId('trade-error')).textContent).toContain('이 제안에 포함되지 않는 아이템입니다.');
  });

  it('the buyer cancels pieces with cancelCollectionOffer and sees it done once the collection’s offers show it', async () => {
    const offer = {
      osdId: '7',
      collectionIdx: 4,
      productName: 'Birds',
      symbol: 'ATT' as const,
      pricePerOne: String(2n * E18),
      remainAmount: 3,
    };
    live = [];
    render(<CancelOfferPopup offer={offer} onClose={vi.fn()} />, { wrapper });
    expect(screen.getByText('컬렉션 제안 취소')).toBeTruthy();
    expect(screen.getByTestId('cancel-offer-refund').textContent).toBe('6 ATT');
    await submit('cancel-offer-submit');
    await screen.findByTestId('cancel-offer-done');
    expect(kit.calls).toEqual([`cancelCollectionOffer ${BOB} ${MARKET} 7 3`]);
  });
});
