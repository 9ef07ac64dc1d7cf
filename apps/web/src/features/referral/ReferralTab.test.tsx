/**
 * The own profile's referral tab: the share link with the member's code, the referred count, per coin what was
 * earned, paid, is on its way and is owed, the terms (from the platform fee, never the seller's or creator's share)
 * in Korean and English, the ledger with each payout's transaction link, the empty state, and a failed read with
 * a retry.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/api';
import { clearSession, updateSession } from '../../lib/session';
import { stubApi } from '../../test/trade-fixtures';
import { ReferralTab } from './ReferralTab';

const TX = `0x${'ab'.repeat(32)}`;
const summary = {
  code: 'alice',
  referredCount: 2,
  payoutMin: '5000000000000000',
  coins: [
    {
      symbol: 'ATT',
      accrued: '30000000000000000',
      paid: '20000000000000000',
      pending: '0',
      forfeited: '0',
      balance: '10000000000000000',
    },
    // Forfeited when the member withdrew (at or below the payout minimum); they signed up again since.
    {
      symbol: 'KLAY',
      accrued: '1000000000000000',
      paid: '0',
      pending: '0',
      forfeited: '1000000000000000',
      balance: '0',
    },
  ],
};
const ledger = [
  {
    kind: 2,
    symbol: 'ATT',
    amount: '20000000000000000',
    salePrice: null,
    productIdx: null,
    itemName: null,
    state: 2,
    txHash: TX,
    createDate: '2026-11-28T10:00:00Z',
  },
  {
    kind: 1,
    symbol: 'ATT',
    amount: '20000000000000000',
    salePrice: '2000000000000000000',
    productIdx: 7,
    itemName: 'Neon Tiger',
    state: null,
    txHash: `0x${'cd'.repeat(32)}`,
    createDate: '2026-11-27T10:00:00Z',
  },
];
let fail = false;
let rows = ledger;

const renderTab = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ReferralTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  queryClient.clear();
  updateSession({ id: 'alice', ticket: 'tk' });
  fail = false;
  rows = ledger;
  stubApi({
    '/referral/summary': () => (fail ? { returnCode: 101 } : { returnCode: 0, data: summary }),
    '/referral/list': () => ({
      returnCode: 0,
      list: rows,
      page: { totalRecordSize: rows.length, pageNo: 1, pageCount: rows.length ? 1 : 0 },
    }),
  });
});
afterEach(() => clearSession());

describe('ReferralTab', () => {
  it("shows the share link, the earnings per coin, the terms and the ledger with the payout's transaction", async () => {
    renderTab();
    expect((await screen.findByTestId('referral-link')).textContent).toBe(
      `${window.location.origin}/Profile/alice?ref=alice`,
    );
    expect(screen.getByTestId('referral-count').textContent).toContain('2명');
    expect(screen.getByTestId('referral-ATT-accrued').textContent).toBe('0.03 ATT');
    expect(screen.getByTestId('referral-ATT-paid').textContent).toBe('0.02 ATT');
    expect(screen.getByTestId('referral-ATT-balance').textContent).toBe('0.01 ATT');
    // A coin with something forfeited shows it and says why; one without shows no such line.
    expect(screen.queryByTestId('referral-ATT-forfeited')).toBeNull();
    expect(screen.getByTestId('referral-KLAY-forfeited').textContent).toBe('0.001 KLAY');
    expect(within(screen.getByTestId('referral-coin-KLAY')).getByText('탈퇴로 소멸')).toBeTruthy();
    expect(screen.getByTestId('referral-forfeited-note').textContent).toBe(
      '탈퇴할 때 지급 기준 금액 이하로 남아 있던 보상은 소멸되어 지급되지 않습니다.',
    );
    expect(screen.getByTestId('referral-terms').textContent).toContain(
      '플랫폼 수수료에서 지급되며, 판매자나 창작자의 몫에서는 절대 차감되지 않습니다',
    );
    expect(screen.getByTestId('referral-terms').textContent).toContain('0.005');
    const payout = await screen.findByTestId('referral-payout');
    expect(payout.dataset.state).toBe('paid');
    expect(within(payout).getByRole('link').getAttribute('href')).toBe(`https://scan.example/tx/${TX}`);
    const accrual = screen.getByTestId('referral-accrual');
    expect(within(accrual).getByRole('link', { name: 'Neon Tiger' }).getAttribute('href')).toBe('/NftInfo/7');
  });

  it('says the terms in English', async () => {
    await i18n.changeLanguage('en');
    renderTab();
    expect((await screen.findByTestId('referral-terms')).textContent).toContain(
      "paid from the platform fee, never from the seller's or creator's share",
    );
    expect(screen.getByTestId('referral-count').textContent).toBe('Members who signed up through your link: 2');
    expect(within(screen.getByTestId('referral-coin-KLAY')).getByText('Forfeited')).toBeTruthy();
    expect(screen.getByTestId('referral-forfeited-note').textContent).toBe(
      'Rewards at or below the payout minimum when you withdrew were forfeited and are not paid.',
    );
  });

  it('says when there is nothing yet, and offers a retry when the read failed', async () => {
    rows = [];
    renderTab();
    expect((await screen.findByTestId('referral-empty')).textContent).toBe('아직 추천 보상 내역이 없습니다.');
    queryClient.clear();
    fail = true;
    renderTab();
    expect(await screen.findAllByTestId('load-failed')).not.toHaveLength(0);
    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: '다시 시도' })[0]!);
    expect(await screen.findAllByTestId('referral-link')).not.toHaveLength(0);
  });
});
