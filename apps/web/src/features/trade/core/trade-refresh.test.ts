import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { historyKeys } from '../../history';
import { itemKeys } from '../../items';
import { walletKeys } from '../../wallet';
import { tradeKeys } from '../trade-queries';
import {
  collectionOfferInvalidations,
  type CollectionOfferKind,
  type TradeKind,
  tradeInvalidations,
  withdrawInvalidations,
} from './trade-refresh';

const A = '0xAbCdEf0000000000000000000000000000000001';
const member = 'alice_01';

/** A cache holding what the item page, the profile, the wallet panel and other pages would have read. */
function cache() {
  const client = new QueryClient();
  const keys = {
    detail: itemKeys.detailFor(7, member),
    otherDetail: itemKeys.detailFor(8, member),
    listings: tradeKeys.listings(7),
    otherListings: tradeKeys.listings(8),
    owners: itemKeys.owners(7),
    firstOwner: itemKeys.firstOwner(7),
    priceHistory: itemKeys.trading(7),
    chainInfo: itemKeys.chain(7),
    itemHistory: historyKeys.list(
      { kind: 'item', productIdx: 7 },
      { filterStatus: [], filterCoin: [], filterCollection: [], filterPrice: 2, startPrice: '', endPrice: '' },
      null,
    ),
    myHistory: historyKeys.list(
      { kind: 'mine' },
      { filterStatus: [], filterCoin: [], filterCollection: [], filterPrice: 2, startPrice: '', endPrice: '' },
      { id: member, ticketId: 't' },
    ),
    ranking: historyKeys.ranking(1, 1, 1),
    panel: walletKeys.panel(A, 'http://rpc', '0xatt'),
    coin: walletKeys.coin(A, 'ATT', { chain: { chainId: 31337, rpcUrl: 'http://rpc' } }),
    otherWallet: walletKeys.panel('0x0000000000000000000000000000000000000002', 'http://rpc', '0xatt'),
    myItems: itemKeys.pagesOf('/nft/info/allList', { id: member }, 500, []),
    marketplace: itemKeys.pagesOf('/nft/info/allList/other', {}, 20, []),
    sellChain: tradeKeys.sellChain(A, '12345', null),
    curation: itemKeys.curation(),
    bids: tradeKeys.bids(31),
    otherBids: tradeKeys.bids(32),
    myBid: tradeKeys.bidOf('31', A, null),
    otherBid: tradeKeys.bidOf('32', A, null),
    offers: tradeKeys.productOffers(7),
    otherOffers: tradeKeys.productOffers(8),
    myOffers: tradeKeys.memberOffers(1, { mine: true, id: member, ticket: 't' }, { pageNo: 1 }),
    withdrawable: tradeKeys.withdrawable(member),
    collectionOffers: tradeKeys.collectionOffers(4),
    otherCollectionOffers: tradeKeys.collectionOffers(5),
    myCollectionOffers: tradeKeys.memberCollectionOffers(member, 1),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, 1);
  return { client, keys };
}

/** The names of the cached queries each trade marks stale. */
function staleAfter(kind: TradeKind | CollectionOfferKind | 'withdraw') {
  const { client, keys } = cache();
  const stale =
    kind === 'withdraw'
      ? withdrawInvalidations(A)
      : kind === 'collectionOffer' || kind === 'acceptCollectionOffer' || kind === 'cancelCollectionOffer'
        ? collectionOfferInvalidations(kind, { collectionIdx: 4, productId: 7, address: A })
        : tradeInvalidations(kind, { productId: 7, address: A, auction: 31 });
  for (const queryKey of stale) void client.invalidateQueries({ queryKey, refetchType: 'none' });
  return Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('what a trade refreshes', () => {
  it('a buy: the item, its listings, owners, price history and history; the buyer’s balances, items and history', () => {
    expect(staleAfter('buy')).toEqual(
      [
        'coin',
        'detail',
        'firstOwner',
        'itemHistory',
        'listings',
        'myHistory',
        'myItems',
        'owners',
        'panel',
        'priceHistory',
      ].sort(),
    );
  });

  it('a transfer: the item, its owners and history; the sender’s balances, items and history (no listings)', () => {
    expect(staleAfter('transfer')).toEqual(
      ['coin', 'detail', 'firstOwner', 'itemHistory', 'myHistory', 'myItems', 'owners', 'panel'].sort(),
    );
  });

  it('a sale: the item and its listings; the seller’s balances, items and approval state', () => {
    expect(staleAfter('sell')).toEqual(['coin', 'detail', 'listings', 'myItems', 'panel', 'sellChain'].sort());
  });

  it('a cancel: the item and its listings; the seller’s balances and items', () => {
    expect(staleAfter('cancel')).toEqual(['coin', 'detail', 'listings', 'myItems', 'panel'].sort());
  });

  it('a bid: the listings (top bid, end), the auction’s bids and chain reads, the item’s history; the bidder’s balances', () => {
    expect(staleAfter('bid')).toEqual(['bids', 'coin', 'itemHistory', 'listings', 'myBid', 'panel'].sort());
  });

  it('a withdrawn bid: the listings, the auction’s bids and chain reads; the bidder’s balances', () => {
    expect(staleAfter('cancelBid')).toEqual(['bids', 'coin', 'listings', 'myBid', 'panel'].sort());
  });

  it('a cancelled auction: the item, its listings, bids, chain reads and history; the seller’s balances and items', () => {
    expect(staleAfter('cancelAuction')).toEqual(
      ['bids', 'coin', 'detail', 'itemHistory', 'listings', 'myBid', 'myItems', 'panel'].sort(),
    );
  });

  it('an offer or its cancel: the item’s offers; the offerer’s balances and offer lists', () => {
    expect(staleAfter('offer')).toEqual(['coin', 'myCollectionOffers', 'myOffers', 'offers', 'panel'].sort());
    expect(staleAfter('cancelOffer')).toEqual(['coin', 'myCollectionOffers', 'myOffers', 'offers', 'panel'].sort());
  });

  it('a collection offer or its cancel: the collection’s offers; the buyer’s balances and offer lists', () => {
    const lists = ['coin', 'collectionOffers', 'myCollectionOffers', 'myOffers', 'panel'].sort();
    expect(staleAfter('collectionOffer')).toEqual(lists);
    expect(staleAfter('cancelCollectionOffer')).toEqual(lists);
  });

  it('a collection offer accepted: the collection’s offers and what an accept changes on the item sold', () => {
    expect(staleAfter('acceptCollectionOffer')).toEqual(
      [
        'coin',
        'collectionOffers',
        'detail',
        'firstOwner',
        'itemHistory',
        'myCollectionOffers',
        'myHistory',
        'myItems',
        'myOffers',
        'owners',
        'panel',
        'priceHistory',
      ].sort(),
    );
  });

  it('an accept: the item, its offers, owners, price history and history; the seller’s balances, items, history and offer lists', () => {
    expect(staleAfter('acceptOffer')).toEqual(
      [
        'coin',
        'detail',
        'firstOwner',
        'itemHistory',
        'myHistory',
        'myCollectionOffers',
        'myItems',
        'myOffers',
        'offers',
        'owners',
        'panel',
        'priceHistory',
      ].sort(),
    );
  });

  it('a withdrawal from the Market: the member’s withdrawable balances and wallet balances, nothing else', () => {
    expect(staleAfter('withdraw')).toEqual(['coin', 'panel', 'withdrawable'].sort());
  });

  it('never another item, another wallet, the marketplace grids, the ranking or the home page', () => {
    for (const kind of [
      'buy',
      'transfer',
      'sell',
      'cancel',
      'bid',
      'cancelBid',
      'cancelAuction',
      'offer',
      'acceptOffer',
      'cancelOffer',
      'collectionOffer',
      'acceptCollectionOffer',
      'cancelCollectionOffer',
    ] as const) {
      const stale = staleAfter(kind);
      for (const untouched of [
        'otherDetail',
        'otherListings',
        'otherOffers',
        'otherWallet',
        'marketplace',
        'ranking',
        'curation',
        'chainInfo',
        'otherBids',
        'otherMinimum',
        'otherCollectionOffers',
      ]) {
        expect(stale, `${kind} leaves ${untouched}`).not.toContain(untouched);
      }
    }
  });
});
