import type { HistoryRow } from '@att/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { api } from '../../lib/api';
import { clearSession, updateSession } from '../../lib/session';
import { ProfileHistoryTab, ProfileLoyaltyTab } from './ProfileHistoryTab';

// The server is not under test here: the tab's calls and their paging are (the server tests cover the endpoints).
vi.mock('../../lib/api/client', () => ({ api: vi.fn() }));
const mockedApi = vi.mocked(api);

const row = (i: number): HistoryRow => ({
  historyIdx: String(100 - i),
  type: 2,
  itemIdx: i,
  itemName: `item ${i}`,
  collectionIdx: 1,
  collectionName: 'c',
  price: '1000000000000000000',
  symbol: 'ATT',
  usdValue: '0.0123',
  from: null,
  fromId: null,
  fromFileName: null,
  to: null,
  toId: null,
  toFileName: null,
  date: '2026-11-20T10:00:00.000Z',
  amount: 1,
  txConfirm: null,
  itemResourceType: 1,
  itemFileFormat: 'png',
  itemFileName: 'abcdefgh.png',
  itemThumbnailFileName: null,
});

function reply(path: string, body: Record<string, unknown>) {
  if (path === '/config/front' || path === '/nft/collection/marketplace/list') return { returnCode: 0, list: [] };
  if (path === '/nft/info/user/royalty')
    return {
      returnCode: 0,
      list: [],
      page: { totalRecordSize: 0, pageNo: 1, pageCount: 1, pageSize: 20, listCount: 0, nextCursor: null },
    };
  const second = body.cursor === '81';
  const list = second ? [row(20), row(21)] : Array.from({ length: 20 }, (_, i) => row(i));
  return {
    returnCode: 0,
    list,
    page: {
      totalRecordSize: 22,
      pageNo: 1,
      pageCount: 2,
      pageSize: 20,
      listCount: list.length,
      nextCursor: second ? null : '81',
    },
  };
}

function show(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  mockedApi.mockReset();
  mockedApi.mockImplementation((async (path: string, body: Record<string, unknown>) => reply(path, body)) as never);
});
afterEach(() => clearSession());

const calls = (path: string) =>
  mockedApi.mock.calls.filter((c) => c[0] === path).map((c) => c[1] as Record<string, unknown>);

describe('ProfileHistoryTab', () => {
  it("another member's history by memberIdx, the route's collection preselected; 'more' appends the next page", async () => {
    show(
      <ProfileHistoryTab
        member={{ memberIdx: 5, userName: 'bob', address: '0x' + '1'.repeat(40) }}
        mine={false}
        collectionIdx={3}
      />,
    );
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(20));
    expect(calls('/nft/info/transaction/other')[0]).toMatchObject({
      memberIdx: 5,
      pageSize: 20,
      filterCollection: [3],
    });
    fireEvent.click(screen.getByTestId('history-more'));
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(22));
    expect(calls('/nft/info/transaction/other')[1]).toMatchObject({ cursor: '81' });
    expect(screen.queryByTestId('history-more')).toBeNull();
    // No member id: the wallet fallback; no address at all: a dash.
    expect(screen.queryAllByTestId('party-wallet')).toHaveLength(0);
  });

  it('own history with the session ticket', async () => {
    updateSession({ id: 'alice', ticket: 'tk' });
    show(<ProfileHistoryTab member={{ memberIdx: 1, userName: 'alice', address: '0x' + '2'.repeat(40) }} mine />);
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(20));
    expect(calls('/nft/info/transaction/mine')[0]).toMatchObject({ id: 'alice', ticketId: 'tk' });
  });
});

describe('ProfileLoyaltyTab', () => {
  it('shows its empty state', async () => {
    updateSession({ id: 'alice', ticket: 'tk' });
    show(<ProfileLoyaltyTab collectionIdx={2} />);
    await screen.findByTestId('loyalty-empty');
    expect(calls('/nft/info/user/royalty')[0]).toMatchObject({ filterCollection: [2], pageSize: 20 });
  });
});
