/** Replies of the trade endpoints for component tests (the real server runs in the E2E journeys). */
import {
  type CollectionOfferRow,
  IDEMPOTENCY_KEY_HEADER,
  OfferState,
  type ItemDetail,
  type ItemListingRow,
  type OfferProductRow,
  type OfferRow,
} from '@att/shared';
import { vi } from 'vitest';

export const MARKET = '0x0000000000000000000000000000000000000a11';
export const ITEMS = '0x0000000000000000000000000000000000000c11';
export const ATT = '0x0000000000000000000000000000000000000a77';
export const ALICE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
export const BOB = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
export const CAROL = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';

/** A valid /nft/detail item. */
export function itemDetail(patch: Partial<ItemDetail> = {}): ItemDetail {
  return {
    productId: 3,
    tokenId: '1',
    collectionIdx: 1,
    collectionName: 'C',
    name: 'Piece',
    resourceType: 1,
    fileFormat: 'png',
    fileName: 'f.png',
    thumbnailFileName: null,
    category: 1,
    itemType: 1,
    totalItemCount: 10,
    ownerCount: 1,
    countHeart: 0,
    countView: 0,
    hideState: 0,
    flagMint: 1,
    creatorId: 'alice',
    lastPrice: null,
    lastSymbol: null,
    priceAmount: null,
    priceSymbol: null,
    saleType: null,
    createDate: new Date().toISOString(),
    itemCountMine: 0,
    itemCountOnSaleMine: 0,
    itemCountReservedMine: 0,
    description: '',
    collectionLogo: '',
    creatorIdx: 1,
    creatorAddress: ALICE,
    creatorFileName: null,
    royalty: 5,
    isExistUnlockedContent: 0,
    onSaleCount: 0,
    reservedCount: 0,
    editable: false,
    deletable: false,
    metadataUrl: 'http://x/1.json',
    contractAddress: ITEMS,
    likeState: 0,
    ...patch,
  };
}

/** A signed Listing as the server's replies carry it (decimal strings), `patch` over the defaults. */
export function listingMessage(patch: Partial<Record<string, string>> = {}) {
  return {
    seller: ALICE,
    collection: ITEMS,
    itemId: '1',
    token: ATT,
    pricePerOne: '2000000000000000000',
    amount: '1',
    editionSize: '0',
    royaltyBps: '0',
    feeBps: '250',
    expiry: '9999999999',
    salt: '1',
    counter: '0',
    ...patch,
  };
}

export function listingRow(patch: Partial<ItemListingRow> = {}): ItemListingRow {
  return {
    instanceId: 7,
    saleType: 1,
    sellerAddress: ALICE,
    sellerName: 'alice',
    remainCount: 5,
    availableCount: 4,
    priceAmount: '2000000000000000000',
    priceSymbol: 'ATT',
    expireDate: new Date(Date.now() + 86_400_000).toISOString(),
    currencyPrice: '0.2',
    ...patch,
  };
}

/** A valid /nft/offer/product/list row: carol offers 2 ATT a piece for 4 pieces. */
export function offerProductRow(patch: Partial<OfferProductRow> = {}): OfferProductRow {
  return {
    makeOfferIdx: 41,
    osdId: '41',
    offerSymbol: 'ATT',
    offerPricePerOne: '2000000000000000000',
    remainAmount: 4,
    availableAmount: 4,
    memberName: 'carol',
    memberAddress: CAROL,
    memberFileName: null,
    expireDate: new Date(Date.now() + 86_400_000).toISOString(),
    state: 2,
    currencyPrice: '1',
    ...patch,
  };
}

/** A valid profile offer row (/nft/offer/member/...list). */
export function offerRow(patch: Partial<OfferRow> = {}): OfferRow {
  return {
    makeOfferIdx: 41,
    productIdx: 3,
    productName: 'Piece',
    productResourceType: 1,
    productFileName: 'f.png',
    productFileFormat: 'png',
    productThumbnailFileName: null,
    offerSymbol: 'ATT',
    offerPricePerOne: '2000000000000000000',
    remainAmount: 4,
    offerAmount: 5,
    tradeDate: new Date(Date.now() + 86_400_000).toISOString(),
    state: 2,
    memberName: 'carol',
    memberFileName: null,
    currencyPrice: '1',
    ...patch,
  };
}

/** A collection's live collection offer (Birds, 2 ATT a piece, 3 pieces, carol's). */
export function collectionOfferRow(patch: Partial<CollectionOfferRow> = {}): CollectionOfferRow {
  return {
    offerIdx: '7',
    collectionIdx: 4,
    collectionName: 'Birds',
    symbol: 'ATT',
    pricePerOne: String(2n * 10n ** 18n),
    amount: 3,
    remainAmount: 3,
    availableAmount: 3,
    buyerAddress: CAROL,
    expireDate: '2026-12-06T04:00:00.000Z',
    state: OfferState.Valid,
    ...patch,
  };
}

export type Handler = (body: Record<string, unknown>) => unknown;

/** Stubs fetch with the config replies plus `handlers` by API path; records every call (and its idempotency key). */
export function stubApi(handlers: Record<string, Handler>) {
  const sent: { path: string; body: Record<string, unknown>; key?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { body: string; headers?: Record<string, string> }) => {
      const path = new URL(url, 'http://x').pathname.replace('/attnftmarket/api/v1', '');
      const body = JSON.parse(init.body) as Record<string, unknown>;
      const key = init.headers?.[IDEMPOTENCY_KEY_HEADER];
      sent.push({ path, body, ...(key ? { key } : {}) });
      if (path === '/config/front')
        return Response.json({
          returnCode: 0,
          data: {
            cdnUrl: '/cdn',
            klayScanUrl: 'https://scan.example',
            dateServer: '',
            platformFee: '2.5',
            contract1155: ITEMS,
            contractJoin: MARKET,
            contractAtt: ATT,
            chainId: 31337,
            devWallet: true,
            inactiveMembers: true,
          },
        });
      if (path === '/config/network')
        return Response.json({
          returnCode: 0,
          list: [
            {
              name: 'local',
              displayName: 'Local',
              network: 'local',
              chainInt: 31337,
              data: JSON.stringify({ rpcUrl: 'http://127.0.0.1:8545' }),
            },
          ],
        });
      const h = handlers[path];
      return Response.json(h ? h(body) : { returnCode: 0, list: [] });
    }),
  );
  return sent;
}
