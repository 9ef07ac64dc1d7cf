import { itemListReply, marketItemListReply, routes, type ItemCard } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { pageOf } from '@att/shared';
import { toItemCard, type ItemCardRow } from '../../items';
import { toMarketItem } from '../market-item';
import { replySerializer } from '../../../platform/http/reply-serializer';

/** A card row as the card query reads it, every field set; `over` changes some. */
function row(n: number, over: Partial<ItemCardRow> = {}): ItemCardRow {
  return {
    productId: n,
    tokenId: `${10n ** 77n + BigInt(n)}`,
    collectionIdx: 7,
    collectionName: `서울 "컬렉션" \\ ${n}\n\t\u0001 </script> 😀`,
    name: `별빛 고양이 #${n}`,
    resourceType: 2,
    fileFormat: 'mp4',
    fileName: `f${n}.mp4`,
    thumbnailFileName: `t${n}.png`,
    category: 3,
    totalItemCount: n % 2 ? 1 : 10,
    ownerCount: 3,
    countHeart: 5,
    countView: 99,
    hideState: 0,
    hideStateMine: 1,
    flagMint: 1,
    creatorIdx: 4,
    creatorId: 'maker',
    lastPrice: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
    lastSymbol: 'KLAY',
    priceAmount: '500000000000000000',
    priceSymbol: 'ATT',
    saleType: 2,
    saleExpiresAt: new Date('2026-02-03T04:05:06.007Z'),
    bidCount: 4,
    bidMaxPrice: '2500000000000000000',
    offerCount: 2,
    createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, n)),
    itemCountMine: 2,
    itemCountOnSaleMine: 1,
    itemCountReservedMine: 0,
    ...over,
  } as ItemCardRow;
}
const NOT_ON_SALE = {
  thumbnailFileName: null,
  lastPrice: null,
  lastSymbol: null,
  priceAmount: null,
  priceSymbol: null,
  saleType: null,
  saleExpiresAt: null,
  bidMaxPrice: null,
} as Partial<ItemCardRow>;
const rows = [
  row(1),
  row(2, NOT_ON_SALE),
  row(3, { saleType: 1 }),
  row(4, { name: '', collectionName: 'x'.repeat(300) }),
];

describe('compiled reply serializers', () => {
  it('write a marketplace page exactly as JSON.stringify did (every field, numeric strings, nulls, escapes)', () => {
    const ser = replySerializer(marketItemListReply);
    const list = rows.map((r, n) =>
      toMarketItem(
        toItemCard(r, n % 2 ? 4 : undefined),
        r,
        n === 1 ? undefined : { remaining: n, sellerName: n === 2 ? null : '판매자' },
      ),
    );
    const reply = { returnCode: 0, list, page: pageOf(100_000, 3, 20) };
    expect(ser(reply)).toBe(JSON.stringify(reply));
    expect(ser({ returnCode: 0, list: [], page: pageOf(0, 1, 20) })).toBe(
      '{"returnCode":0,"list":[],"page":{"totalRecordSize":0,"pageNo":1,"pageCount":0}}',
    );
    expect(ser({ returnCode: 5 })).toBe('{"returnCode":5}');
  });

  it('write a card page (profile, liked, hidden lists) exactly as JSON.stringify did', () => {
    const ser = replySerializer(itemListReply);
    const list: ItemCard[] = rows.map((r) => toItemCard(r, 9));
    const reply = { returnCode: 0, list, page: pageOf(41, 2, 20) };
    expect(ser(reply)).toBe(JSON.stringify(reply));
  });

  it('are compiled for the grid routes from their shared reply schemas', () => {
    for (const path of ['/nft/instance/list', '/nft/info/searchList'] as const)
      expect(routes[path].reply).toBe(marketItemListReply);
    for (const path of [
      '/nft/info/allList',
      '/nft/info/allList/other',
      '/nft/like/list',
      '/nft/like/list/other',
      '/nft/hide/list',
    ] as const) {
      expect(routes[path].reply).toBe(itemListReply);
    }
  });
});
