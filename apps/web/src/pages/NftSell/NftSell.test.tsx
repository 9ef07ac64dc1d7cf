import type { ItemDetail } from '@att/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';
import { itemDetail } from '../../test/trade-fixtures';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));

const SELLER = '0x1111111111111111111111111111111111111111';
const chain = {
  chainId: 31337,
  market: '0x5555555555555555555555555555555555555555',
  items: '0x3333333333333333333333333333333333333333',
};
/** The wallet side, faked (its real counterpart runs in the E2E against anvil); failures go through the real translator. */
const wallet = {
  readSellState: vi.fn(),
  readCounter: vi.fn(),
  approveMarket: vi.fn(),
  signListing: vi.fn(),
  sendCancelListing: vi.fn(),
};
vi.mock('../../features/trade/core/trade-kit', async () => {
  const errors = await import('../../features/trade/core/trade-errors');
  // The Listing is built for real (a pure function of the wallet side); the chain reads and the signature are faked.
  const { listingFor } = await import('../../features/trade/chain/sell-chain');
  return {
    loadTradeKit: async () => ({
      ...errors,
      listingFor,
      requireAccount: (a: string) => a,
      readSellState: (...a: unknown[]) => wallet.readSellState(...a),
      readCounter: (...a: unknown[]) => wallet.readCounter(...a),
      approveMarket: (...a: unknown[]) => wallet.approveMarket(...a),
      signListing: (...a: unknown[]) => wallet.signListing(...a),
      sendCancelListing: (...a: unknown[]) => wallet.sendCancelListing(...a),
      waitForTx: async () => ({ blockNumber: 1n }),
    }),
  };
});

const { NftSell } = await import('./NftSell');
const { popups } = await import('../../features/popups');
const { sessionStore, emptySession } = await import('../../lib/session');
// The app's client: a trade refreshes it (`refreshAfterTrade`).
const { queryClient } = await import('../../lib/api');
const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });

const item: ItemDetail = itemDetail({
  productId: 7,
  tokenId: '12345',
  collectionIdx: 2,
  collectionName: '컬렉션',
  name: '작품',
  fileName: 'a.png',
  flagMint: 0,
  creatorId: 'artist',
  createDate: '2026-11-21T00:00:00Z',
  itemCountMine: 10,
  itemCountOnSaleMine: 3,
  itemCountReservedMine: 2,
  collectionLogo: 'logo.png',
  creatorAddress: SELLER,
  onSaleCount: 3,
  reservedCount: 2,
  contractAddress: chain.items,
});

const front = {
  cdnUrl: '/cdn',
  klayScanUrl: '',
  dateServer: '2026-11-22T00:00:00Z',
  platformFee: '2.5',
  contract1155: chain.items,
  contractJoin: chain.market,
  contractAtt: '0x4444444444444444444444444444444444444444',
  chainId: 31337,
  devWallet: true,
  inactiveMembers: true,
};

const listing = {
  seller: SELLER,
  collection: chain.items,
  itemId: '12345',
  token: front.contractAtt,
  pricePerOne: '2000000000000000000',
  amount: '3',
  editionSize: '10',
  royaltyBps: '500',
  feeBps: '250',
  expiry: '1900000000',
  salt: '1',
  counter: '0',
};

function answer(detail: ItemDetail | null, extra: Record<string, unknown> = {}) {
  api.mockImplementation(async (path: string) => {
    const given = typeof extra[path] === 'function' ? (extra[path] as () => unknown)() : extra[path];
    if (given !== undefined) return given;
    switch (path) {
      case '/config/front':
        return { returnCode: 0, data: front };
      case '/config/network':
        return {
          returnCode: 0,
          list: [
            {
              name: 'local',
              displayName: 'Local',
              network: 'local',
              chainInt: 31337,
              data: JSON.stringify({ rpcUrl: 'http://127.0.0.1:1' }),
            },
          ],
        };
      case '/config/token/info':
        return {
          returnCode: 0,
          list: [
            { symbol: 'ATT', address: front.contractAtt, price: '0.123456' },
            { symbol: 'KLAY', address: '0x0', price: '0.2' },
          ],
        };
      case '/nft/detail':
        return detail ? { returnCode: 0, data: detail } : { returnCode: 258 };
      case '/nft/instance/list/item':
        return {
          returnCode: 0,
          list: [
            {
              instanceId: 41,
              saleType: 1,
              sellerAddress: SELLER,
              sellerName: 'artist',
              remainCount: 3,
              availableCount: 3,
              priceAmount: listing.pricePerOne,
              priceSymbol: 'ATT',
              expireDate: '2027-01-01T00:00:00Z',
              currencyPrice: '0.2469',
            },
            {
              instanceId: 42,
              saleType: 1,
              sellerAddress: '0x9999999999999999999999999999999999999999',
              sellerName: 'other',
              remainCount: 1,
              availableCount: 1,
              priceAmount: listing.pricePerOne,
              priceSymbol: 'ATT',
              expireDate: '2027-01-01T00:00:00Z',
              currencyPrice: '',
            },
          ],
        };
      default:
        return { returnCode: 901 };
    }
  });
}

function show(path = '/NftSell/7') {
  return renderPage(
    {
      '/': <p data-testid="home">home</p>,
      '/NftInfo/:productId': <p data-testid="item-page">item</p>,
      '/NftSell/:productId': <NftSell />,
    },
    { path, client: queryClient, popups: true },
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function choosePeriod(pick = 'day3') {
  fireEvent.click(screen.getByTestId('sell-period'));
  fireEvent.click(await screen.findByTestId(`sell-quick-${pick}`));
  fireEvent.click(screen.getByTestId('sell-period-apply'));
  await waitFor(() => expect(screen.queryByTestId('sell-period-popup')).toBeNull());
}

describe('NftSell', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    api.mockReset();
    Object.values(wallet).forEach((f) => f.mockReset());
    wallet.readSellState.mockResolvedValue({ approved: false, feeBps: 250, minted: 0 });
    wallet.readCounter.mockResolvedValue(4n);
    wallet.approveMarket.mockResolvedValue('0xabc');
    wallet.signListing.mockResolvedValue('0x' + '11'.repeat(65));
    popups.clear();
    queryClient.clear();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    sessionStore.set({ ...emptySession, id: 'artist', ticket: 'tkt', address: SELLER });
  });

  it('needs a session', () => {
    sessionStore.set(emptySession);
    answer(item);
    show();
    expect(screen.getByTestId('home')).toBeTruthy();
  });

  it('sends a non-numeric product id home', () => {
    answer(item);
    show('/NftSell/abc');
    expect(screen.getByTestId('home')).toBeTruthy();
  });

  it('shows the free count, the fee from the chain and the royalty, and the member’s own listings only', async () => {
    answer(item);
    show();
    expect((await screen.findByTestId('sell-free')).textContent).toBe('5개');
    await waitFor(() => expect(screen.getByTestId('sell-fee').textContent).toBe('2.5%'));
    expect(screen.getByTestId('sell-royalty').textContent).toBe('5%');
    const rows = await screen.findAllByTestId('sell-listing-row');
    expect(rows.map((r) => r.getAttribute('data-instance-id'))).toEqual(['41']);
    expect(screen.queryByTestId('sell-tab-auction')).toBeNull();
  });

  it('shows every validation message and sends nothing', async () => {
    answer(item);
    show();
    await screen.findByTestId('sell-form');
    type('sell-quantity', '0');
    fireEvent.click(screen.getByTestId('sell-submit'));
    expect(screen.getByTestId('sell-quantity-error').textContent).toBe('판매 수량을 입력해 주세요.');
    expect(screen.getByTestId('sell-price-error').textContent).toBe('판매 가격을 입력해 주세요.');
    expect(screen.getByTestId('sell-period-error').textContent).toBe('판매 기간을 입력해 주세요.');
    type('sell-quantity', '6');
    type('sell-price', '0.5');
    expect(screen.getByTestId('sell-quantity-error').textContent).toBe('판매 가능한 수량은 최대 5개입니다.');
    expect(screen.getByTestId('sell-price-error').textContent).toBe('고정가 판매 가격은 1 ATT 이상이어야 합니다.');
    expect(api.mock.calls.some(([p]) => p === '/nft/all/sale')).toBe(false);
  });

  it('keeps digits in the quantity and shows the USD estimate floored to 4 decimals', async () => {
    answer(item);
    show();
    await screen.findByTestId('sell-form');
    type('sell-quantity', '2a');
    expect((screen.getByTestId('sell-quantity') as HTMLInputElement).value).toBe('2');
    type('sell-price', '3');
    await waitFor(() => expect(screen.getByTestId('sell-usd').textContent).toBe('≈ $0.3703'));
  });

  it('approves, signs the listing and registers it, then goes to the item page', async () => {
    answer(item, {
      '/nft/all/sale': {
        returnCode: 0,
        data: { instanceId: 50, listingHash: '0x', expireDate: '2027-01-01T00:00:00Z' },
      },
    });
    show();
    await screen.findByTestId('sell-form');
    type('sell-quantity', '3');
    type('sell-price', '2');
    await choosePeriod('day3');
    await waitFor(() => expect(wallet.readSellState).toHaveBeenCalled());
    fireEvent.click(screen.getByTestId('sell-submit'));
    expect(await screen.findByTestId('item-page')).toBeTruthy();
    expect(wallet.approveMarket).toHaveBeenCalledWith(
      expect.objectContaining({ market: chain.market, items: chain.items }),
      SELLER,
      expect.any(Function),
    );
    const signed = wallet.signListing.mock.calls[0]![2] as Record<string, bigint | string>;
    expect(signed).toMatchObject({
      seller: SELLER,
      collection: chain.items,
      itemId: 12345n,
      token: front.contractAtt,
      pricePerOne: 2n * 10n ** 18n,
      amount: 3n,
      editionSize: 10n,
      royaltyBps: 500n,
      feeBps: 250n,
      counter: 4n,
    });
    const call = api.mock.calls.find(([p]) => p === '/nft/all/sale')![1] as Record<string, unknown>;
    expect(call).toMatchObject({
      id: 'artist',
      ticketId: 'tkt',
      productId: 7,
      saleQuantity: 3,
      saleType: 1,
      saleSymbol: 'ATT',
      salePrice: '2000000000000000000',
    });
    expect(call.expireMinute).toBeGreaterThanOrEqual(3 * 24 * 60 - 1);
    expect(call.listing).toMatchObject({
      feeBps: 250,
      editionSize: 10,
      royaltyBps: 500,
      counter: '4',
      expiry: (signed.expiry as bigint).toString(),
    });
    expect((await screen.findByTestId('ok-popup')).textContent).toContain('판매 등록이 완료되었습니다.');
  });

  it('skips the approval when granted and shows a wallet rejection on its step', async () => {
    wallet.readSellState.mockResolvedValue({ approved: true, feeBps: 250, minted: 0 });
    wallet.signListing.mockRejectedValue(rejected());
    answer(item);
    show();
    await screen.findByTestId('sell-form');
    type('sell-price', '1');
    await choosePeriod('month6');
    await waitFor(() => expect(wallet.readSellState).toHaveBeenCalled());
    fireEvent.click(screen.getByTestId('sell-submit'));
    const progress = await screen.findByTestId('sell-progress');
    await waitFor(() =>
      expect(within(progress).getByTestId('sell-step-sign').getAttribute('data-state')).toBe('failed'),
    );
    expect(within(progress).queryByTestId('sell-step-approve')).toBeNull();
    expect(within(progress).getByTestId('sell-progress-error').textContent).toBe('지갑에서 요청이 거절되었습니다.');
    expect(wallet.approveMarket).not.toHaveBeenCalled();
    fireEvent.click(within(progress).getByTestId('sell-progress-close'));
    expect(screen.queryByTestId('sell-progress')).toBeNull();
  });

  it('shows the server’s code in the error popup', async () => {
    wallet.readSellState.mockResolvedValue({ approved: true, feeBps: 250, minted: 0 });
    answer(item, { '/nft/all/sale': { returnCode: 274 } });
    show();
    await screen.findByTestId('sell-form');
    type('sell-price', '1');
    await choosePeriod('day1');
    fireEvent.click(screen.getByTestId('sell-submit'));
    expect((await screen.findByTestId('error-popup-message')).textContent).toContain('상품 소유자가 아닙니다.');
  });

  it('tells someone without pieces and goes to the item page', async () => {
    answer({ ...item, itemCountMine: 0, itemCountOnSaleMine: 0, itemCountReservedMine: 0 });
    show();
    expect((await screen.findByTestId('ok-popup')).textContent).toContain('판매할 수 있는 아이템이 없습니다.');
    fireEvent.click(screen.getByTestId('ok-popup-confirm'));
    expect(await screen.findByTestId('item-page')).toBeTruthy();
  });

  it('shows both tabs for a single item, in English, and sells its one piece at a fixed price', async () => {
    await i18n.changeLanguage('en');
    answer({
      ...item,
      itemType: 2,
      totalItemCount: 1,
      itemCountMine: 1,
      itemCountOnSaleMine: 0,
      itemCountReservedMine: 0,
    });
    show();
    const tab = await screen.findByTestId('sell-tab-auction');
    expect(tab.textContent).toBe('Auction');
    expect(tab.getAttribute('aria-selected')).toBe('false');
    expect(screen.getByTestId('sell-tab-fixed').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('sell-quantity')).toBeNull();
    fireEvent.click(tab);
    expect(await screen.findByTestId('auction-form')).toBeTruthy();
  });

  it('cancels a listing, then offers the on-chain cancel of the signed listing', async () => {
    wallet.sendCancelListing.mockResolvedValue('0x' + 'ab'.repeat(32));
    let cancelled = false;
    answer(item, {
      '/nft/cancel/sale': () => {
        cancelled = true;
        return { returnCode: 0, data: { listing, signature: '0x11', market: chain.market } };
      },
      // Once withdrawn, the listing leaves the list: the on-chain offer must stay open all the same.
      '/nft/instance/list/item': () => (cancelled ? { returnCode: 0, list: [] } : undefined),
    });
    show();
    fireEvent.click(await screen.findByTestId('sell-cancel'));
    fireEvent.click(await screen.findByTestId('confirm-popup-confirm'));
    const dialog = await screen.findByTestId('chain-cancel-popup');
    expect(api).toHaveBeenCalledWith('/nft/cancel/sale', { id: 'artist', ticketId: 'tkt', instanceId: 41 });
    expect(await screen.findByTestId('sell-listings-empty')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('chain-cancel-submit'));
    await waitFor(() =>
      expect(dialog.querySelector('[data-trade-state]')?.getAttribute('data-trade-state')).toBe('indexed'),
    );
    expect(wallet.sendCancelListing.mock.calls[0]!.slice(2)).toEqual([chain.market, listing]);
  });
});
