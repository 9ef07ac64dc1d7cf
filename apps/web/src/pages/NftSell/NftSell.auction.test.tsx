import type { ItemDetail } from '@att/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';
import { itemDetail } from '../../test/trade-fixtures';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));

const SELLER = '0x1111111111111111111111111111111111111111';
const MARKET = '0x5555555555555555555555555555555555555555';
const ITEMS = '0x3333333333333333333333333333333333333333';
const ATT = '0x4444444444444444444444444444444444444444';
const HASH = `0x${'ab'.repeat(32)}`;
/** The wallet side, faked (its real counterpart runs in the E2E against anvil); failures go through the real translator. */
const wallet = {
  readSellState: vi.fn(),
  approveMarket: vi.fn(),
  sendRegisterAuction: vi.fn(),
  sendCancelAuction: vi.fn(),
};
vi.mock('../../features/trade/core/trade-kit', async () => {
  const errors = await import('../../features/trade/core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      readSellState: (...a: unknown[]) => wallet.readSellState(...a),
      approveMarket: (...a: unknown[]) => wallet.approveMarket(...a),
      sendRegisterAuction: (...a: unknown[]) => wallet.sendRegisterAuction(...a),
      sendCancelAuction: (...a: unknown[]) => wallet.sendCancelAuction(...a),
      waitForTx: async () => ({ blockNumber: 1n }),
    }),
  };
});

const { NftSell } = await import('./NftSell');
const { popups } = await import('../../features/popups');
const { sessionStore, emptySession } = await import('../../lib/session');
const { queryClient } = await import('../../lib/api');

const single: ItemDetail = itemDetail({
  productId: 7,
  tokenId: '12345',
  itemType: 2,
  totalItemCount: 1,
  itemCountMine: 1,
  name: '작품',
  creatorAddress: SELLER,
  contractAddress: ITEMS,
  royalty: 7,
});
const front = {
  cdnUrl: '/cdn',
  klayScanUrl: '',
  dateServer: '',
  platformFee: '2.5',
  contract1155: ITEMS,
  contractJoin: MARKET,
  contractAtt: ATT,
  chainId: 31337,
  devWallet: true,
  inactiveMembers: true,
};
const auc = (isMinting: boolean) => ({
  id: '31',
  collection: ITEMS,
  itemId: '12345',
  seller: SELLER,
  token: ATT,
  startPrice: '500000000000000000',
  endTime: '1900000000',
  isMinting,
  editionSize: isMinting ? '1' : '0',
  royaltyBps: isMinting ? '700' : '0',
  expiry: '1800000000',
});
const auctionRow = {
  instanceId: 31,
  saleType: 2,
  sellerAddress: SELLER,
  sellerName: 'artist',
  remainCount: 1,
  availableCount: 0,
  priceAmount: '500000000000000000',
  priceSymbol: 'ATT',
  expireDate: '2030-01-01T00:00:00Z',
  currencyPrice: '',
  auctionId: '31',
  bidMaxPrice: null,
  bidCount: 0,
};

/** The server: `sale` answers /nft/all/sale; the auction shows in the item's sales list once registered on chain. */
function answer(detail: ItemDetail, sale: unknown, live = false) {
  let registered = live;
  wallet.sendRegisterAuction.mockImplementation(async () => {
    registered = true;
    return HASH;
  });
  wallet.sendCancelAuction.mockImplementation(async () => {
    registered = false;
    return HASH;
  });
  api.mockImplementation(async (path: string) => {
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
            { symbol: 'ATT', address: ATT, price: '0.123456' },
            { symbol: 'KLAY', address: '0x0', price: '0.2' },
          ],
        };
      case '/nft/detail':
        return { returnCode: 0, data: detail };
      case '/nft/instance/list/item':
        return { returnCode: 0, list: registered ? [auctionRow] : [] };
      case '/nft/all/sale':
        return sale;
      default:
        return { returnCode: 901 };
    }
  });
}

const show = () =>
  renderPage(
    { '/NftInfo/:productId': <p data-testid="item-page">item</p>, '/NftSell/:productId': <NftSell /> },
    { path: '/NftSell/7', client: queryClient, popups: true },
  );
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
async function openAuctionTab() {
  const tab = await screen.findByTestId('sell-tab-auction');
  fireEvent.keyDown(screen.getByTestId('sell-tab-fixed'), { key: 'ArrowRight' });
  expect(tab.getAttribute('aria-selected')).toBe('true');
  expect(document.activeElement).toBe(tab);
  return screen.findByTestId('auction-form');
}
async function choosePeriod(pick: string) {
  fireEvent.click(screen.getByTestId('auction-period'));
  fireEvent.click(await screen.findByTestId(`sell-quick-${pick}`));
  fireEvent.click(screen.getByTestId('sell-period-apply'));
  await waitFor(() => expect(screen.queryByTestId('sell-period-popup')).toBeNull());
}

describe('NftSell, the auction tab', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    api.mockReset();
    Object.values(wallet).forEach((f) => f.mockReset());
    wallet.readSellState.mockResolvedValue({ approved: false, feeBps: 250, minted: 0 });
    wallet.approveMarket.mockResolvedValue(true);
    popups.clear();
    queryClient.clear();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    sessionStore.set({ ...emptySession, id: 'artist', ticket: 'tkt', address: SELLER });
  });

  it('is there for single items only; the fixed-price tab stays the only one of a multi-edition item', async () => {
    answer({ ...single, itemType: 1, totalItemCount: 10, itemCountMine: 10 }, undefined);
    show();
    await screen.findByTestId('sell-form');
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('data-testid'))).toEqual(['sell-tab-fixed']);
  });

  it('shows the fee from the chain, the royalty, the USD estimate and every validation message in Korean', async () => {
    answer(single, undefined);
    show();
    await openAuctionTab();
    await waitFor(() => expect(screen.getByTestId('auction-fee').textContent).toBe('2.5%'));
    expect(screen.getByTestId('auction-royalty').textContent).toBe('7%');
    fireEvent.click(screen.getByTestId('auction-submit'));
    expect(screen.getByTestId('auction-price-error').textContent).toBe('판매 가격을 입력해 주세요.');
    expect(screen.getByTestId('auction-period-error').textContent).toBe('판매 기간을 입력해 주세요.');
    expect(document.activeElement).toBe(screen.getByTestId('auction-price'));
    type('auction-price', '0.09');
    expect(screen.getByTestId('auction-price-error').textContent).toBe('경매 시작 가격은 0.1 ATT 이상이어야 합니다.');
    type('auction-price', '3');
    await waitFor(() => expect(screen.getByTestId('auction-usd').textContent).toBe('≈ $0.3703'));
    expect(screen.queryByTestId('auction-price-error')).toBeNull();
    expect(api.mock.calls.some(([p]) => p === '/nft/all/sale')).toBe(false);
  });

  it('says the same in English', async () => {
    await i18n.changeLanguage('en');
    answer(single, undefined);
    show();
    await openAuctionTab();
    type('auction-price', '0.05');
    fireEvent.change(screen.getByTestId('auction-symbol'), { target: { value: 'KLAY' } });
    fireEvent.click(screen.getByTestId('auction-submit'));
    expect(screen.getByTestId('auction-price-error').textContent).toBe('The start price must be at least 0.1 KLAY.');
    expect(screen.getByTestId('auction-period-error').textContent).toBe('Enter the sale period.');
    expect(screen.getByTestId('auction-rules').textContent).toContain('extends the auction by 10 minutes');
  });

  it('asks the server, approves the item contract, registers the terms on chain and goes to the item page once listed', async () => {
    const sale = {
      returnCode: 0,
      data: { bsdId: 31, bsdExpired: '2030-01-01T00:00:00Z', market: MARKET, auc: auc(false), signResult: '0x12' },
    };
    answer(single, sale);
    show();
    await openAuctionTab();
    type('auction-price', '0.5');
    await choosePeriod('month6');
    await waitFor(() => expect(wallet.readSellState).toHaveBeenCalled());
    fireEvent.click(screen.getByTestId('auction-submit'));
    expect(await screen.findByTestId('item-page')).toBeTruthy();
    const body = api.mock.calls.find(([p]) => p === '/nft/all/sale')![1] as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 'artist',
      ticketId: 'tkt',
      productId: 7,
      saleQuantity: 1,
      saleType: 2,
      saleSymbol: 'ATT',
      salePrice: '500000000000000000',
    });
    expect(body.expireMinute).toBeGreaterThan(180 * 24 * 60 - 2);
    expect(body.expireMinute).toBeLessThanOrEqual(180 * 24 * 60);
    expect(wallet.approveMarket).toHaveBeenCalledWith(
      expect.objectContaining({ market: MARKET, items: ITEMS }),
      SELLER,
      expect.any(Function),
    );
    expect(wallet.sendRegisterAuction).toHaveBeenCalledWith(
      expect.objectContaining({ chainId: 31337 }),
      SELLER,
      sale.data,
    );
    expect((await screen.findByTestId('ok-popup')).textContent).toContain('경매 등록이 완료되었습니다.');
  });

  it('sends no approval for a creator’s unminted piece (the Market mints it into escrow)', async () => {
    answer(single, {
      returnCode: 0,
      data: { bsdId: 31, bsdExpired: '2030-01-01T00:00:00Z', market: MARKET, auc: auc(true), signResult: '0x12' },
    });
    show();
    await openAuctionTab();
    type('auction-price', '1');
    await choosePeriod('day1');
    fireEvent.click(screen.getByTestId('auction-submit'));
    expect(await screen.findByTestId('item-page')).toBeTruthy();
    expect(wallet.approveMarket).not.toHaveBeenCalled();
    expect(wallet.sendRegisterAuction).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s 275 in the error popup and sends nothing to the wallet', async () => {
    answer(single, { returnCode: 275 });
    show();
    await openAuctionTab();
    type('auction-price', '1');
    await choosePeriod('day3');
    fireEvent.click(screen.getByTestId('auction-submit'));
    expect((await screen.findByTestId('error-popup-message')).textContent).toContain(
      '경매는 수량이 1개인 아이템만 가능합니다.',
    );
    expect(screen.queryByTestId('auction-progress')).toBeNull();
    expect(wallet.sendRegisterAuction).not.toHaveBeenCalled();
  });

  it('keeps a wallet refusal in the steps until closed', async () => {
    wallet.readSellState.mockResolvedValue({ approved: true, feeBps: 250, minted: 0 });
    answer(single, {
      returnCode: 0,
      data: { bsdId: 31, bsdExpired: '2030-01-01T00:00:00Z', market: MARKET, auc: auc(false), signResult: '0x12' },
    });
    wallet.sendRegisterAuction.mockRejectedValue(
      Object.assign(new Error('User rejected the request.'), { code: 4001 }),
    );
    show();
    await openAuctionTab();
    type('auction-price', '1');
    await choosePeriod('day1');
    await waitFor(() => expect(wallet.readSellState).toHaveBeenCalled());
    fireEvent.click(screen.getByTestId('auction-submit'));
    const progress = await screen.findByTestId('auction-progress');
    await waitFor(() =>
      expect(within(progress).getByTestId('trade-steps').getAttribute('data-trade-state')).toBe('cancelled'),
    );
    expect(within(progress).queryByText('아이템 전송 승인')).toBeNull();
    fireEvent.click(within(progress).getByTestId('auction-progress-close'));
    expect(screen.queryByTestId('auction-progress')).toBeNull();
  });

  it('lists the member’s live auction with its cancel on chain (not the fixed-price withdrawal)', async () => {
    answer(single, undefined, true);
    show();
    const row = (await screen.findAllByTestId('sell-listing-row'))[0]!;
    expect(row.getAttribute('data-instance-id')).toBe('31');
    expect(within(row).queryByTestId('sell-cancel')).toBeNull();
    fireEvent.click(within(row).getByTestId('sell-cancel-auction'));
    const popup = await screen.findByTestId('cancel-auction-popup');
    await waitFor(() =>
      expect((within(popup).getByTestId('cancel-auction-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(popup).getByTestId('cancel-auction-submit'));
    await within(popup).findByTestId('cancel-auction-done');
    expect(wallet.sendCancelAuction.mock.calls[0]!.slice(1)).toEqual([SELLER, MARKET, 31n]);
    expect(api.mock.calls.some(([p]) => p === '/nft/cancel/sale')).toBe(false);
  });
});
