import type { CollectionOfferRow } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { clearSession, updateSession } from '../../../lib/session';
import { quietItemSocket } from '../../../test/item-socket';
import { BOB, CAROL, itemDetail, collectionOfferRow, stubApi } from '../../../test/trade-fixtures';
import { connectDialogStore } from '../../auth/login-store';
import { PopupHost, popups } from '../../popups';
import { CollectionOfferBest } from './CollectionOfferBest';
import { itemPageOffers } from './collection-offer-rows';
import { CollectionOfferList } from './CollectionOfferList';
import { TraitOfferButton } from './TraitOfferButton';

vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({ ...errors, requireAccount: (a: string) => a, readTokenBalance: async () => 0n }),
  };
});

const E18 = 10n ** 18n;
const row = (patch: Partial<CollectionOfferRow> = {}) =>
  collectionOfferRow({ ...{ remainAmount: 2, availableAmount: 2 }, ...patch });
const bestAtt = row();
const bestKlay = row({ offerIdx: '8', symbol: 'KLAY', pricePerOne: String(5n * E18), remainAmount: 1 });
const bobs = row({ offerIdx: '9', buyerAddress: BOB, pricePerOne: String(E18) });
const RED = [
  { traitType: 'Color', values: ['Red', 'Blue'] },
  { traitType: 'Hat', values: ['Cap'] },
];
const traitOffer = row({ offerIdx: '11', pricePerOne: String(E18), traits: RED, itemCount: 2 });

let reply: unknown = {};
beforeEach(async () => {
  await i18n.changeLanguage('ko');
  queryClient.clear();
  popups.clear();
  quietItemSocket();
  reply = { returnCode: 0, list: [bestAtt, bestKlay, bobs], best: { ATT: bestAtt, KLAY: bestKlay } };
  stubApi({ '/nft/collection/offer/list': () => reply });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>
      {children}
      <PopupHost />
    </MemoryRouter>
  </QueryClientProvider>
);

describe('itemPageOffers', () => {
  it('the best per coin, ATT first, then the member’s own, each once', () => {
    const data = { list: [bestAtt, bestKlay, bobs], best: { ATT: bestAtt, KLAY: bestKlay } };
    expect(itemPageOffers(data, null).map((r) => r.offerIdx)).toEqual(['7', '8']);
    expect(itemPageOffers(data, BOB.toUpperCase()).map((r) => r.offerIdx)).toEqual(['7', '8', '9']);
    expect(itemPageOffers({ ...data, best: { ATT: null } }, CAROL).map((r) => r.offerIdx)).toEqual(['7', '8']);
  });

  it('shows the trait offers of the list (those covering the item) after the best ones', () => {
    const data = { list: [bestAtt, traitOffer, bobs], best: { ATT: bestAtt } };
    expect(itemPageOffers(data, BOB).map((r) => r.offerIdx)).toEqual(['7', '11', '9']);
  });
});

describe('TraitOfferButton (the collection grid, once trait values are chosen)', () => {
  const collection = { collectionIdx: 4, collectionName: 'Birds' };
  it('shows nothing without chosen traits; a visitor is asked to connect', () => {
    const { unmount } = render(<TraitOfferButton collection={collection} traits={[]} />, { wrapper });
    expect(screen.queryByTestId('trait-offer-open')).toBeNull();
    unmount();
    render(<TraitOfferButton collection={collection} traits={RED} />, { wrapper });
    expect(screen.getByTestId('trait-offer-open').textContent).toBe('이 특성에 제안하기');
    fireEvent.click(screen.getByTestId('trait-offer-open'));
    expect(connectDialogStore.get()).toBe(true);
    connectDialogStore.set(false);
    expect(screen.queryByTestId('collection-offer-popup')).toBeNull();
  });

  it('opens the collection offer popup with the chosen traits, in English too', async () => {
    await i18n.changeLanguage('en');
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    render(<TraitOfferButton collection={collection} traits={RED} />, { wrapper });
    fireEvent.click(screen.getByText('Make a trait offer'));
    const popup = await screen.findByTestId('collection-offer-popup');
    expect(within(popup).getByTestId('offer-traits').textContent).toBe('Traits: Color: Red, Blue · Hat: Cap');
    expect(within(popup).getByText('An offer only holders of an item with the chosen traits can accept.')).toBeTruthy();
  });
});

describe('CollectionOfferBest (the collection header)', () => {
  it('shows the best offer per coin with pieces left and expiry; a visitor is asked to connect', async () => {
    render(<CollectionOfferBest collection={{ collectionIdx: 4, collectionName: 'Birds' }} />, { wrapper });
    const att = await screen.findByTestId('collection-offer-best-ATT');
    expect(att.textContent).toContain('개당 2 ATT');
    expect(att.textContent).toContain('2개 남음');
    expect(att.querySelector('time')!.dateTime).toBe('2026-12-06T04:00:00.000Z');
    expect(screen.getByTestId('collection-offer-best-KLAY').textContent).toContain('개당 5 KLAY');
    fireEvent.click(screen.getByTestId('collection-offer-open'));
    expect(connectDialogStore.get()).toBe(true);
    connectDialogStore.set(false);
    expect(screen.queryByTestId('collection-offer-popup')).toBeNull();
  });

  it('says there is none, in English too; a signed-in member opens the popup', async () => {
    await i18n.changeLanguage('en');
    reply = { returnCode: 0, list: [], best: { ATT: null, KLAY: null } };
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    render(<CollectionOfferBest collection={{ collectionIdx: 4, collectionName: 'Birds' }} />, { wrapper });
    expect((await screen.findByTestId('collection-offer-best-none')).textContent).toBe('No collection offer yet.');
    fireEvent.click(screen.getByText('Make a collection offer'));
    expect(await screen.findByTestId('collection-offer-popup')).toBeTruthy();
  });

  it('a failed read says so with a retry', async () => {
    reply = { returnCode: 254 };
    render(<CollectionOfferBest collection={{ collectionIdx: 4, collectionName: 'Birds' }} />, { wrapper });
    expect((await screen.findByRole('alert')).textContent).toContain('컬렉션 제안을 불러오지 못했습니다.');
  });
});

describe('CollectionOfferList (the item page)', () => {
  it('a holder sees accept on the best offers; the buyer sees cancel on their own', async () => {
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    render(<CollectionOfferList item={itemDetail({ collectionIdx: 4, itemCountMine: 2 })} />, { wrapper });
    const own = await screen.findByTestId('collection-offer-row-9');
    expect(own.getAttribute('data-own')).toBe('1');
    expect(within(own).getByTestId('collection-offer-cancel-9')).toBeTruthy();
    const best = screen.getByTestId('collection-offer-row-7');
    expect(within(best).getByTestId('collection-offer-price').textContent).toBe('2 ATT');
    fireEvent.click(within(best).getByTestId('collection-offer-accept-7'));
    expect(await screen.findByText('컬렉션 제안 수락')).toBeTruthy();
  });

  it('asks for the offers covering the item and shows a trait offer with its traits, open to accept', async () => {
    const sent = stubApi({
      '/nft/collection/offer/list': () => ({
        returnCode: 0,
        list: [bestAtt, traitOffer],
        best: { ATT: bestAtt, KLAY: null },
      }),
    });
    render(<CollectionOfferList item={itemDetail({ collectionIdx: 4, itemCountMine: 1 })} />, { wrapper });
    const trait = await screen.findByTestId('collection-offer-row-11');
    expect(within(trait).getByTestId('offer-traits').textContent).toBe('특성: Color: Red, Blue · Hat: Cap');
    expect(within(trait).getByTestId('collection-offer-accept-11')).toBeTruthy();
    expect(within(screen.getByTestId('collection-offer-row-7')).queryByTestId('offer-traits')).toBeNull();
    const asked = sent.find((x) => x.path === '/nft/collection/offer/list')!.body;
    expect(asked).toMatchObject({ collectionIdx: 4, productIdx: itemDetail().productId });
  });

  it('nobody but a holder sees accept; the empty state', async () => {
    render(<CollectionOfferList item={itemDetail({ collectionIdx: 4, itemCountMine: 0 })} />, { wrapper });
    await screen.findByTestId('collection-offer-row-7');
    expect(screen.queryByTestId('collection-offer-accept-7')).toBeNull();
    queryClient.clear();
    reply = { returnCode: 0, list: [], best: { ATT: null, KLAY: null } };
    render(<CollectionOfferList item={itemDetail({ collectionIdx: 5 })} />, { wrapper });
    expect((await screen.findByTestId('collection-offer-list-empty')).textContent).toBe(
      '이 컬렉션에 유효한 제안이 없습니다.',
    );
  });

  it('a holder whose pieces are all on sale is told why instead of the popup', async () => {
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    render(<CollectionOfferList item={itemDetail({ collectionIdx: 4, itemCountMine: 1, itemCountOnSaleMine: 1 })} />, {
      wrapper,
    });
    fireEvent.click(await screen.findByTestId('collection-offer-accept-7'));
    expect((await screen.findByTestId('ok-popup')).textContent).toContain(i18n.t('offer:accept.noFreePieces'));
  });
});
