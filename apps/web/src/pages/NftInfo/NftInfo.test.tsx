import type { ItemDetail } from '@att/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { popups } from '../../features/popups/popup-store';
import { i18n } from '../../i18n';
import { api } from '../../lib/api';
import { clearSession, updateSession } from '../../lib/session';
import { renderPage } from '../../test/render-page';
import { NftInfo } from './NftInfo';

// The server is not under test here (its tests cover the endpoints): what the page shows for each answer is.
vi.mock('../../lib/api/client', () => ({ api: vi.fn() }));
const mockedApi = vi.mocked(api);

const detail = (over: Partial<ItemDetail> = {}): ItemDetail => ({
  productId: 7,
  tokenId: '123',
  collectionIdx: 3,
  collectionName: '컬렉션',
  name: '작품 일곱',
  resourceType: 1,
  fileFormat: 'png',
  fileName: 'abcdefgh.png',
  thumbnailFileName: null,
  category: 1,
  itemType: 1,
  totalItemCount: 10,
  ownerCount: 2,
  countHeart: 1,
  countView: 5,
  hideState: 0,
  flagMint: 0,
  creatorId: 'alice_creator',
  lastPrice: null,
  lastSymbol: null,
  priceAmount: null,
  priceSymbol: null,
  saleType: null,
  createDate: '2026-11-01T00:00:00.000Z',
  itemCountMine: 0,
  itemCountOnSaleMine: 0,
  itemCountReservedMine: 0,
  description: '설명',
  collectionLogo: 'logo.png',
  creatorIdx: 1,
  creatorAddress: '0x' + '1'.repeat(40),
  creatorFileName: null,
  royalty: 5,
  isExistUnlockedContent: 0,
  onSaleCount: 0,
  reservedCount: 0,
  editable: false,
  deletable: false,
  metadataUrl: 'http://localhost/nft/metadata/123',
  contractAddress: '0x' + '2'.repeat(40),
  likeState: 0,
  ...over,
});

let replies: Record<string, unknown>;
const page = { totalRecordSize: 0, pageNo: 1, pageCount: 1, pageSize: 20, listCount: 0, nextCursor: null };

function defaults(item: ItemDetail): Record<string, unknown> {
  return {
    '/nft/detail': { returnCode: 0, data: item },
    '/config/front': { returnCode: 1 },
    '/nft/inventory/list/owner': {
      returnCode: 0,
      list: [
        {
          address: '0x' + 'a'.repeat(40),
          memberIdx: 2,
          memberName: 'bob_holder',
          memberFileName: null,
          quantity: 8,
          escrow: null,
        },
        {
          address: '0x' + 'b'.repeat(40),
          memberIdx: null,
          memberName: null,
          memberFileName: null,
          quantity: 2,
          escrow: null,
        },
      ],
      page: { totalRecordSize: 2, pageNo: 1, pageCount: 1 },
    },
    '/nft/trading/list': { returnCode: 0, list: [] },
    '/nft/info/transaction': { returnCode: 0, list: [], page },
    '/nft/info/chain': {
      returnCode: 0,
      data: {
        contractAddress: '0x' + '2'.repeat(40),
        tokenId: '123',
        tokenType: 1,
        blockChain: 'Local dev chain',
        chainId: 31337,
        royalty: 5,
      },
    },
    '/nft/info/collection/otherItem': { returnCode: 0, list: [] },
    '/nft/instance/list/item': { returnCode: 0, list: [] },
  };
}

function show(path = '/NftInfo/7') {
  return renderPage(
    {
      '/NftInfo/:productId': <NftInfo />,
      '/': <p data-testid="home">home</p>,
      '/NftSell/:productId': <p data-testid="sell-page">sell</p>,
    },
    { path, popups: true },
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  clearSession();
  popups.clear();
  replies = defaults(detail());
  mockedApi.mockReset();
  mockedApi.mockImplementation((async (path: string) => replies[path] ?? { returnCode: 0, list: [] }) as never);
});

describe('NftInfo', () => {
  it('shows the counts, opens the owner list popup, and the chart placeholder without trades', async () => {
    show();
    expect((await screen.findByTestId('item-name')).textContent).toBe('작품 일곱');
    expect(screen.getByTestId('item-supply').textContent).toBe('10');
    expect(screen.getByTestId('item-creator-link').getAttribute('href')).toBe('/Profile/alice_creator');
    fireEvent.click(screen.getByTestId('item-owner-count'));
    const popup = await screen.findByTestId('owners-popup');
    await within(popup).findByText('bob_holder');
    expect(within(popup).getByText('외부 지갑')).toBeTruthy();
    expect(await screen.findByTestId('price-chart-empty')).toBeTruthy();
    expect(screen.getByTestId('sales-list-slot')).toBeTruthy();
    expect(screen.queryByTestId('item-sell')).toBeNull();
    expect(screen.queryByTestId('item-edit')).toBeNull();
  });

  it('on auction, the single item names its seller as owner with the auction state in its owner link (ko and en)', async () => {
    const seller = {
      address: '0x' + 'c'.repeat(40),
      memberIdx: 4,
      memberName: 'carol_seller',
      memberFileName: null,
      quantity: 1,
      escrow: 'auction',
    };
    replies = {
      ...defaults(detail({ itemType: 2, totalItemCount: 1, ownerCount: 1, saleType: 2 })),
      '/nft/inventory/list/owner': {
        returnCode: 0,
        list: [seller],
        page: { totalRecordSize: 1, pageNo: 1, pageCount: 1 },
      },
    };
    show();
    expect((await screen.findByTestId('item-owner-link')).getAttribute('href')).toBe('/Profile/carol_seller');
    expect(screen.getByTestId('item-owner-escrow').textContent).toBe('경매 중');
    await i18n.changeLanguage('en');
    await waitFor(() => expect(screen.getByTestId('item-owner-escrow').textContent).toBe('On auction'));
  });

  it('switches to the chain info tab (ERC-1155, royalty %) with the arrow key', async () => {
    show();
    const tab = await screen.findByTestId('item-tab-history');
    await screen.findByTestId('history-empty');
    fireEvent.keyDown(tab, { key: 'ArrowRight' });
    expect((await screen.findByTestId('chain-tokenType')).textContent).toBe('ERC-1155');
    expect(screen.getByTestId('chain-royalty').textContent).toBe('5%');
    expect(screen.getByTestId('item-tab-chain').getAttribute('aria-selected')).toBe('true');
  });

  it('shows a single item owner link, and edit / sell for an owner with free pieces', async () => {
    updateSession({ id: 'bob_holder', ticket: 't' });
    replies = defaults(detail({ itemType: 2, totalItemCount: 1, ownerCount: 1, itemCountMine: 1, editable: true }));
    show();
    expect((await screen.findByTestId('item-owner-link')).getAttribute('href')).toBe('/Profile/bob_holder');
    expect(screen.queryByTestId('item-owner-count')).toBeNull();
    expect(screen.getByTestId('item-sell').getAttribute('href')).toBe('/NftSell/7');
    expect(screen.getByTestId('item-edit').getAttribute('href')).toBe('/NftModify/7');
  });

  it('hides sell when every owned piece is on sale or reserved', async () => {
    updateSession({ id: 'bob_holder', ticket: 't' });
    replies = defaults(detail({ itemCountMine: 3, itemCountOnSaleMine: 2, itemCountReservedMine: 1 }));
    show();
    await screen.findByTestId('item-name');
    expect(screen.queryByTestId('item-sell')).toBeNull();
  });

  it('counts down to the cheapest listing and shows the day count', async () => {
    replies['/nft/instance/list/item'] = {
      returnCode: 0,
      list: [
        {
          instanceId: 1,
          saleType: 1,
          sellerAddress: '0x' + 'a'.repeat(40),
          sellerName: 'bob_holder',
          remainCount: 1,
          availableCount: 1,
          priceAmount: '1000',
          priceSymbol: 'ATT',
          expireDate: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
          currencyPrice: '',
        },
      ],
    };
    show();
    const c = await screen.findByTestId('sale-countdown');
    expect(c.textContent).toMatch(/2일 0[01]:\d\d:\d\d/);
  });

  it('shows the bid list of an item on auction, and none without an auction', async () => {
    replies['/nft/instance/bid/list'] = {
      returnCode: 0,
      list: [
        {
          bidIdx: 5,
          symbol: 'KLAY',
          price: '2000000000000000000',
          memberName: 'bob_holder',
          memberAddress: '0x' + 'a'.repeat(40),
          state: 0,
          createDate: '2026-11-20T00:00:00Z',
        },
      ],
      page: { totalRecordSize: 1, pageNo: 1, pageCount: 1 },
    };
    show();
    await screen.findByTestId('sales-empty');
    expect(screen.queryByTestId('bid-list-slot')).toBeNull();
    replies['/nft/instance/list/item'] = {
      returnCode: 0,
      list: [
        {
          instanceId: 9,
          saleType: 2,
          sellerAddress: '0x' + '1'.repeat(40),
          sellerName: 'alice_creator',
          remainCount: 1,
          availableCount: 0,
          priceAmount: '2000000000000000000',
          priceSymbol: 'KLAY',
          expireDate: new Date(Date.now() + 3_600_000).toISOString(),
          currencyPrice: '',
          auctionId: '9',
          bidMaxPrice: '2000000000000000000',
          bidCount: 1,
        },
      ],
    };
    show();
    const bids = await screen.findByTestId('bid-row-5');
    expect(within(bids).getByTestId('bid-price').textContent).toBe('2 KLAY');
    expect(mockedApi).toHaveBeenCalledWith('/nft/instance/bid/list', { pageNo: 1, pageSize: 9999, instanceIdx: 9 });
  });

  it('says "deleted item" for a deleted item and goes to /', async () => {
    replies['/nft/detail'] = { returnCode: 258, deleteState: 1 };
    show();
    await screen.findByText('삭제된 아이템입니다.');
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    await screen.findByTestId('home');
  });

  it('says "wrong access" for an unknown item and goes home on a non-numeric id', async () => {
    replies['/nft/detail'] = { returnCode: 258 };
    show();
    await screen.findByText('잘못된 접근 입니다.');
    show('/NftInfo/abc');
    await waitFor(() => expect(screen.getAllByTestId('home').length).toBeGreaterThan(0));
  });
});
