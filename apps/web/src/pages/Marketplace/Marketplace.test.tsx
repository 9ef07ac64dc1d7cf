import type { MarketItem } from '@att/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { emptySession, sessionStore } from '../../lib/session';
import { type Handler, stubApi } from '../../test/trade-fixtures';
import { Marketplace } from './Marketplace';

const card = (n: number): MarketItem => ({
  productId: n,
  tokenId: String(n),
  collectionIdx: 4,
  collectionName: '고래',
  name: `고래 ${n}`,
  resourceType: 1,
  fileFormat: 'png',
  fileName: `f${n}.png`,
  thumbnailFileName: null,
  category: 1,
  itemType: 2,
  totalItemCount: 1,
  ownerCount: 1,
  countHeart: 0,
  countView: 0,
  hideState: 0,
  flagMint: 0,
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
  productInfoVO: { pdResourceType: 1, pdThumbnailFileName: null, pdName: `고래 ${n}`, pdCountHeart: 0 },
  fileType: 'png',
  remainCount: 0,
  bidMaxSymbol: null,
  bidMaxPrice: null,
  sellerName: null,
  saleExpireDate: null,
  bidCount: 0,
  offerCount: 0,
});

/** 303 items in all; 4 when the status or coin filter is on. */
const instances: Handler = (body) => {
  const filtered = Boolean(body.filterStatus || body.filterCoin);
  const total = filtered ? 4 : 303;
  const ids = Array.from({ length: Math.min(total, 20) }, (_, i) => i + 1);
  return {
    returnCode: 0,
    list: ids.map(card),
    page: { totalRecordSize: total, pageNo: 1, pageCount: Math.ceil(total / 20), pageSize: 20, listCount: ids.length },
  };
};

const categories: Handler = () => ({
  returnCode: 0,
  list: [{ idx: 1, code: 'art', name: '아트', nameEn: 'Art', fileName: '' }],
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/Marketplace',
        element: (
          <>
            <Marketplace />
            <Where />
          </>
        ),
      },
      {
        path: '/Marketplace/:category',
        element: (
          <>
            <Marketplace />
            <Where />
          </>
        ),
      },
      { path: '/NftInfo/:productId', element: <p data-testid="item-page">item</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const lastList = (sent: { path: string; body: Record<string, unknown> }[]) =>
  sent.filter((s) => s.path === '/nft/instance/list').at(-1)?.body;

describe('Marketplace', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    sessionStore.set(emptySession);
    window.innerWidth = 1440;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the filters and the order in the URL: Back from an item shows the same 4 filtered items, not all 303', async () => {
    const sent = stubApi({ '/nft/instance/list': instances, '/nft/category/list': categories });
    const router = renderAt('/Marketplace');
    await waitFor(() => expect(screen.getByTestId('browse-count').textContent).toContain('303'));

    fireEvent.click(await screen.findByTestId('filter-status-1'));
    fireEvent.click(screen.getByTestId('filter-coin-KLAY'));
    fireEvent.change(screen.getByTestId('browse-order'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('browse-count').textContent).toContain('4'));
    expect(screen.getByTestId('where').textContent).toBe('/Marketplace?order=2&status=1&coin=KLAY');

    // To an item and Back.
    fireEvent.click(screen.getAllByTestId('item-card-link')[0]!);
    await screen.findByTestId('item-page');
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByTestId('browse-count').textContent).toContain('4'));
    expect((screen.getByTestId('filter-status-1') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('filter-coin-KLAY') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('browse-order') as HTMLSelectElement).value).toBe('2');
    expect(lastList(sent)).toMatchObject({ orderType: 2, filterStatus: [1], filterCoin: ['KLAY'] });
  });

  it('a shared link (or a reload) opens the grid its URL names; unreadable values are left out; a link to the plain page clears it', async () => {
    const sent = stubApi({ '/nft/instance/list': instances, '/nft/category/list': categories });
    const router = renderAt('/Marketplace/art?status=1,9,x&order=5&coin=KLAY,BTC');
    await waitFor(() => expect(screen.getByTestId('browse-count').textContent).toContain('4'));
    expect(lastList(sent)).toMatchObject({ orderType: 5, filterStatus: [1], filterCoin: ['KLAY'], filterCategory: 1 });
    await router.navigate('/Marketplace');
    await waitFor(() => expect(screen.getByTestId('browse-count').textContent).toContain('303'));
    expect(lastList(sent)).toEqual({ orderType: 1, pageNo: 1, pageSize: 20 });
  });

  it.each([
    ['ko', '존재하지 않는 카테고리입니다.'],
    ['en', 'This category does not exist.'],
  ])('an unknown category says it does not exist instead of listing everything (%s)', async (lang, text) => {
    await i18n.changeLanguage(lang);
    const sent = stubApi({ '/nft/instance/list': instances, '/nft/category/list': categories });
    renderAt('/Marketplace/dragons');
    expect((await screen.findByTestId('marketplace-unknown-category')).textContent).toContain(text);
    expect(screen.queryByTestId('browse-grid')).toBeNull();
    expect(sent.filter((s) => s.path === '/nft/instance/list')).toEqual([]);
  });
});
