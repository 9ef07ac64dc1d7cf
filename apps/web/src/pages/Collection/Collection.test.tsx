import type { Collection as CollectionData, CollectionStats, ItemCard } from '@att/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { emptySession, sessionStore } from '../../lib/session';
import { type Handler, stubApi } from '../../test/trade-fixtures';
import { Collection, COLLECTION_PAGE_SIZE } from './Collection';

const collection = (patch: Partial<CollectionData> = {}): CollectionData => ({
  collectionIdx: 4,
  collectionName: '고래 컬렉션',
  description: '',
  memberId: 'alice',
  memberIdx: 1,
  memberFileName: null,
  logo: 'logo.png',
  banner: null,
  featured: null,
  royalty: 5,
  itemCount: 25,
  ownerCount: 1,
  floorPrice: null,
  volumeTrade: '0',
  createDate: new Date().toISOString(),
  ...patch,
});

const card = (n: number): ItemCard => ({
  productId: n,
  tokenId: String(n),
  collectionIdx: 4,
  collectionName: '고래 컬렉션',
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
});

/** A list call's reply: `total` items 1..total, paged as asked. */
const pagedList =
  (total: number): Handler =>
  (body) => {
    const pageNo = Number(body.pageNo);
    const size = Number(body.pageSize);
    const ids = Array.from({ length: total }, (_, i) => total - i).slice((pageNo - 1) * size, pageNo * size);
    return {
      returnCode: 0,
      list: ids.map(card),
      page: {
        totalRecordSize: total,
        pageNo,
        pageCount: Math.ceil(total / size),
        pageSize: size,
        listCount: ids.length,
      },
    };
  };

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/Collection/:idx" element={<Collection />} />
          <Route path="/Collection/:tabName/:idx" element={<Collection />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const calls = (sent: { path: string; body: Record<string, unknown> }[], path: string) =>
  sent.filter((s) => s.path === path).map((s) => s.body);

describe('collection page item grids (the shared ItemBrowser)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    sessionStore.set(emptySession);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('AllItem: the collection call 20 a page, the four collection orders, no collection list, chips with a reset, more at the bottom', async () => {
    const sent = stubApi({
      '/nft/collection/info': () => ({ returnCode: 0, data: collection() }),
      '/nft/info/collection/Item': pagedList(25),
    });
    renderAt('/Collection/AllItem/4');
    const grid = await screen.findByTestId('browse-grid');
    expect(screen.getByTestId('collection-all-items')).toBeTruthy();
    expect(grid.getAttribute('data-count')).toBe('20');
    expect(calls(sent, '/nft/info/collection/Item')[0]).toEqual({
      collectionIdx: 4,
      orderType: 1,
      pageNo: 1,
      pageSize: COLLECTION_PAGE_SIZE,
    });
    expect(COLLECTION_PAGE_SIZE).toBe(20);
    expect(screen.getByTestId('browse-count').textContent).toContain('25');
    // Spec 2, section 9: search and collection orders 1 newest, 2 popular, 3 most viewed, 4 oldest.
    const order = screen.getByTestId('browse-order') as HTMLSelectElement;
    expect([...order.options].map((o) => o.value)).toEqual(['1', '2', '3', '4']);
    // The panel: status, price and coin; no collection list (the page is one collection), no category or item type.
    const panel = screen.getByTestId('filter-panel');
    expect(within(panel).queryByTestId('filter-collections')).toBeNull();
    expect(within(panel).queryByTestId('filter-category')).toBeNull();
    expect(within(panel).getByTestId('filter-coin-KLAY')).toBeTruthy();
    expect(within(panel).getByTestId('filter-price-type')).toBeTruthy();

    // The list bottom is in view: page 2 loads (after the 500 ms scroll debounce) and the grid holds all 25.
    await waitFor(() => expect(screen.getByTestId('browse-grid').getAttribute('data-count')).toBe('25'));
    expect(calls(sent, '/nft/info/collection/Item').map((b) => b.pageNo)).toEqual([1, 2]);

    // A status filter: a chip, and the grid starts again at page 1 with the filter.
    fireEvent.click(screen.getByTestId('filter-status-1'));
    await screen.findByTestId('chip-status-1');
    await waitFor(() =>
      expect(calls(sent, '/nft/info/collection/Item').at(-1)).toMatchObject({ filterStatus: [1], pageNo: 1 }),
    );
    // The search box (Enter) is a removable chip too.
    fireEvent.change(screen.getByTestId('browse-search'), { target: { value: ' 고래 ' } });
    fireEvent.submit(screen.getByTestId('browse-search').closest('form')!);
    await screen.findByTestId('chip-search');
    await waitFor(() =>
      expect(calls(sent, '/nft/info/collection/Item').at(-1)).toMatchObject({
        searchText: '고래',
        filterStatus: [1],
        pageNo: 1,
      }),
    );
    // An order change keeps the filters.
    fireEvent.change(order, { target: { value: '4' } });
    await waitFor(() =>
      expect(calls(sent, '/nft/info/collection/Item').at(-1)).toMatchObject({
        orderType: 4,
        searchText: '고래',
        pageNo: 1,
      }),
    );
    // Reset clears every filter and the search, keeps the order.
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(screen.queryByTestId('filter-chips')).toBeNull());
    await waitFor(() =>
      expect(calls(sent, '/nft/info/collection/Item').at(-1)).toEqual({
        collectionIdx: 4,
        orderType: 4,
        pageNo: 1,
        pageSize: 20,
      }),
    );
  });

  it('AllItem: once trait values are chosen, "이 특성에 제안하기" shows above the grid', async () => {
    stubApi({
      '/nft/collection/info': () => ({ returnCode: 0, data: collection() }),
      '/nft/info/collection/Item': pagedList(2),
      '/nft/info/collection/traits': () => ({
        returnCode: 0,
        list: [{ traitType: 'Color', values: [{ value: 'Red', count: 1 }] }],
        itemCount: 2,
      }),
    });
    renderAt('/Collection/AllItem/4');
    await screen.findByTestId('browse-grid');
    expect(screen.queryByTestId('trait-offer-open')).toBeNull();
    fireEvent.click(await screen.findByTestId('filter-trait-Color-Red'));
    expect((await screen.findByTestId('trait-offer-open')).textContent).toBe('이 특성에 제안하기');
  });

  it('AllItem: the empty state tells "no items yet" from "nothing matches"', async () => {
    stubApi({
      '/nft/collection/info': () => ({ returnCode: 0, data: collection() }),
      '/nft/info/collection/Item': pagedList(0),
    });
    renderAt('/Collection/AllItem/4');
    expect((await screen.findByTestId('browse-empty')).textContent).toBe('아직 등록된 아이템이 없습니다.');
    fireEvent.click(screen.getByTestId('filter-status-2'));
    await waitFor(() => expect(screen.getByTestId('browse-empty').textContent).toBe('조건에 맞는 아이템이 없습니다.'));
  });

  it('Hide tab: the owner gets the hidden-items call with the ticket and no coin filter', async () => {
    sessionStore.set({ ...emptySession, id: 'alice', ticket: 'tk' });
    const sent = stubApi({
      '/nft/collection/info': () => ({ returnCode: 0, data: collection() }),
      '/nft/info/collection/hideItem': pagedList(3),
      '/nft/info/collection/Item': () => ({ returnCode: 901 }),
    });
    renderAt('/Collection/Hide/4');
    await screen.findByTestId('browse-grid');
    expect(screen.getByTestId('collection-hidden-items')).toBeTruthy();
    expect(calls(sent, '/nft/info/collection/hideItem')[0]).toEqual({
      id: 'alice',
      ticketId: 'tk',
      collectionIdx: 4,
      orderType: 1,
      pageNo: 1,
      pageSize: 20,
    });
    expect(calls(sent, '/nft/info/collection/Item')).toEqual([]);
    expect(screen.queryByTestId('filter-coin-ATT')).toBeNull();
    expect(screen.getByTestId('filter-status-1')).toBeTruthy();
    expect(screen.getByTestId('collection-tab-hidden')).toBeTruthy();
  });

  it('Hide tab: a non-owner and a visitor go to the home tab, which shows the two sliders', async () => {
    sessionStore.set({ ...emptySession, id: 'bob', ticket: 'tk' });
    const sent = stubApi({
      '/nft/collection/info': () => ({ returnCode: 0, data: collection() }),
      '/nft/info/list': pagedList(2),
      '/nft/info/collection/Item': pagedList(1),
    });
    renderAt('/Collection/Hide/4');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/Collection/4'));
    await screen.findByTestId('collection-recent');
    await screen.findByTestId('collection-on-sale');
    expect(screen.queryByTestId('collection-tab-hidden')).toBeNull();
    expect(calls(sent, '/nft/info/collection/hideItem')).toEqual([]);
    // The on-sale slider asks the collection call for buy-now and auction items.
    expect(calls(sent, '/nft/info/collection/Item')[0]).toMatchObject({ collectionIdx: 4, filterStatus: [1, 2] });

    sessionStore.set(emptySession);
    renderAt('/Collection/Hide/4');
    await waitFor(() => expect(screen.getAllByTestId('where').at(-1)!.textContent).toBe('/Collection/4'));
  });
});

const E18 = 10n ** 18n;
/** What the server sends: `stats`, with the ATT-only fields copied from it (as `toCollection` does). */
function withStats(stats: Partial<CollectionStats>): CollectionData {
  const s: CollectionStats = {
    itemCount: 27,
    ownerCount: 3,
    floor: { ATT: null, KLAY: null, usd: null },
    volume: { ATT: '0', KLAY: '0', usd: '0' },
    ...stats,
  };
  return collection({
    itemCount: s.itemCount,
    ownerCount: s.ownerCount,
    floorPrice: s.floor.ATT,
    volumeTrade: s.volume.ATT,
    stats: s,
  });
}
/** A header figure: its first line and its second (the USD estimate or the per-coin amounts), or null. */
const figure = (key: string) => {
  const dd = screen.getByTestId(`collection-stat-${key}`);
  return [
    dd.firstChild?.nodeType === Node.TEXT_NODE ? dd.firstChild.textContent : null,
    dd.querySelector('.collection-stat-detail')?.textContent ?? null,
  ];
};
const label = (key: string) => screen.getByTestId(`collection-stat-${key}`).previousElementSibling?.textContent;

describe("collection header figures (the server's `stats`: per coin and in USD, as the ranking and the home show them)", () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    sessionStore.set(emptySession);
  });
  afterEach(() => vi.unstubAllGlobals());

  const listedAndTraded = withStats({
    itemCount: 27,
    ownerCount: 3,
    // 447.51239999 ATT and 12.25 KLAY: token amounts floored to 4 decimals, never through a float.
    floor: {
      ATT: ((44751239999n * E18) / 10n ** 8n).toString(),
      KLAY: ((1225n * E18) / 100n).toString(),
      usd: '1.8767',
    },
    volume: { ATT: ((12345678n * E18) / 10000n + 99n).toString(), KLAY: (3n * E18).toString(), usd: '15.6447' },
  });

  it('shows the floor in ATT and KLAY with its USD estimate, the volume in USD with the per-coin amounts, and the counts', async () => {
    stubApi({ '/nft/collection/info': () => ({ returnCode: 0, data: listedAndTraded }) });
    renderAt('/Collection/4');
    await screen.findByTestId('collection-stat-floor');
    expect(label('floor')).toBe('최저가');
    expect(figure('floor')).toEqual(['447.5123 ATT · 12.25 KLAY', '≈ $1.8767']);
    expect(label('volume')).toBe('거래량');
    expect(figure('volume')).toEqual(['$15.6447', '1,234.5678 ATT · 3 KLAY']);
    expect(figure('items')).toEqual(['27', null]);
    expect(figure('owners')).toEqual(['3', null]);
  });

  it('the same figures in English', async () => {
    await i18n.changeLanguage('en');
    stubApi({ '/nft/collection/info': () => ({ returnCode: 0, data: listedAndTraded }) });
    renderAt('/Collection/4');
    await screen.findByTestId('collection-stat-floor');
    expect([label('floor'), label('volume')]).toEqual(['Floor price', 'Volume']);
    expect(figure('floor')).toEqual(['447.5123 ATT · 12.25 KLAY', '≈ $1.8767']);
    expect(figure('volume')).toEqual(['$15.6447', '1,234.5678 ATT · 3 KLAY']);
  });

  it('a floor in KLAY only, and "-" with no live listing (no USD line)', async () => {
    stubApi({
      '/nft/collection/info': () => ({
        returnCode: 0,
        data: withStats({ floor: { ATT: null, KLAY: (E18 / 2n).toString(), usd: '0.0766' } }),
      }),
    });
    const first = renderAt('/Collection/4');
    await screen.findByTestId('collection-stat-floor');
    expect(figure('floor')).toEqual(['0.5 KLAY', '≈ $0.0766']);
    first.unmount();
    vi.unstubAllGlobals();

    stubApi({ '/nft/collection/info': () => ({ returnCode: 0, data: withStats({}) }) });
    renderAt('/Collection/4');
    await screen.findByTestId('collection-stat-floor');
    expect(figure('floor')).toEqual(['-', null]);
    expect(figure('volume')).toEqual(['$0', null]);
  });

  it('no figures while loading; a failed call shows the error with a retry, which loads them', async () => {
    let fail = true;
    stubApi({ '/nft/collection/info': () => (fail ? { returnCode: 101 } : { returnCode: 0, data: listedAndTraded }) });
    renderAt('/Collection/4');
    expect(screen.getByTestId('loading')).toBeTruthy();
    expect(screen.queryByTestId('collection-stat-floor')).toBeNull();
    const failed = await screen.findByTestId('load-failed');
    expect(failed.textContent).toContain('불러오지 못했습니다.');
    expect(screen.queryByTestId('collection-stat-floor')).toBeNull();
    fail = false;
    fireEvent.click(within(failed).getByRole('button', { name: '다시 시도' }));
    await screen.findByTestId('collection-stat-floor');
    expect(figure('floor')).toEqual(['447.5123 ATT · 12.25 KLAY', '≈ $1.8767']);
  });
});
