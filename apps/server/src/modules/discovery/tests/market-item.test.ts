import { marketItemSchema, type ItemCard } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { toMarketItem } from '../market-item';

const full: ItemCard = {
  productId: 42,
  tokenId: '1329227995784915872903807060280344576000042',
  collectionIdx: 7,
  collectionName: '서울 컬렉션 "7"',
  name: '별빛 고양이 #42',
  resourceType: 2,
  fileFormat: 'mp4',
  fileName: 'a.mp4',
  thumbnailFileName: 'a.png',
  category: 3,
  itemType: 1,
  totalItemCount: 10,
  ownerCount: 3,
  countHeart: 5,
  countView: 99,
  hideState: 0,
  flagMint: 1,
  creatorId: 'maker',
  lastPrice: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
  lastSymbol: 'KLAY',
  priceAmount: '500000000000000000',
  priceSymbol: 'ATT',
  saleType: 2,
  createDate: '2026-01-02T03:04:05.678Z',
  itemCountMine: 2,
  itemCountOnSaleMine: 1,
  itemCountReservedMine: 0,
};
const empty: ItemCard = {
  ...full,
  thumbnailFileName: null,
  lastPrice: null,
  lastSymbol: null,
  priceAmount: null,
  priceSymbol: null,
  saleType: null,
};

/** The reply as it was built before (a spread of the card), the reference for the JSON. */
function spreadForm(
  card: ItemCard,
  row: { saleExpiresAt: Date | null; bidCount: number; offerCount: number; bidMaxPrice: string | null },
  listing?: { remaining: number; sellerName: string | null },
) {
  return {
    ...card,
    productInfoVO: {
      pdResourceType: card.resourceType,
      pdThumbnailFileName: card.thumbnailFileName,
      pdName: card.name,
      pdCountHeart: card.countHeart,
    },
    fileType: card.fileFormat,
    remainCount: listing?.remaining ?? 0,
    bidMaxSymbol: card.saleType === 2 ? card.priceSymbol : null,
    bidMaxPrice: card.saleType === 2 ? row.bidMaxPrice : null,
    sellerName: listing?.sellerName ?? null,
    saleExpireDate: row.saleExpiresAt ? row.saleExpiresAt.toISOString() : null,
    bidCount: row.bidCount,
    offerCount: row.offerCount,
  };
}

describe('toMarketItem', () => {
  const cases = [
    {
      name: 'an auction with every field set',
      card: full,
      row: {
        saleExpiresAt: new Date('2026-02-03T04:05:06.007Z'),
        bidCount: 4,
        offerCount: 2,
        bidMaxPrice: '1500000000000000000',
      },
      listing: { remaining: 3, sellerName: '판매자' },
    },
    {
      name: 'an auction whose seller is not a member',
      card: full,
      row: { saleExpiresAt: new Date(0), bidCount: 0, offerCount: 0, bidMaxPrice: null },
      listing: { remaining: 1, sellerName: null },
    },
    {
      name: 'an item not on sale (nulls)',
      card: empty,
      row: { saleExpiresAt: null, bidCount: 0, offerCount: 0, bidMaxPrice: null },
      listing: undefined,
    },
    {
      name: 'a fixed-price sale',
      card: { ...full, saleType: 1 },
      row: { saleExpiresAt: null, bidCount: 0, offerCount: 1, bidMaxPrice: null },
      listing: { remaining: 1, sellerName: 'x' },
    },
  ];
  for (const c of cases) {
    it(`gives the same JSON, key order included, as the spread form: ${c.name}`, () => {
      const want = JSON.stringify(spreadForm({ ...c.card }, c.row, c.listing));
      const got = toMarketItem({ ...c.card }, c.row, c.listing);
      expect(JSON.stringify(got)).toBe(want);
      expect(marketItemSchema.safeParse(got).success).toBe(true);
    });
  }

  it('gives a page of items one shape (one hidden class, so JSON.stringify stays on its fast path)', () => {
    const page = Array.from({ length: 20 }, (_, n) =>
      toMarketItem(
        { ...full, productId: n },
        { saleExpiresAt: null, bidCount: n, offerCount: 0, bidMaxPrice: null },
        undefined,
      ),
    );
    const keys = JSON.stringify(Object.keys(page[0]!));
    expect(page.every((m) => JSON.stringify(Object.keys(m)) === keys)).toBe(true);
    expect(Object.keys(page[0]!)).toHaveLength(Object.keys(marketItemSchema.shape).length);
  });
});
