/**
 * The header's alert list: the unread count on the bell, the newest alerts with what the floating alert says and the
 * item's name, a click opens the item, "mark all read" sends the newest shown alert as `upTo` and clears the count,
 * an empty list says so, and an alert arriving on the socket reads the list again.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AlertFloorMove } from '@att/shared';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/api';
import { clearSession, updateSession } from '../../lib/session';
import { stubApi } from '../../test/trade-fixtures';
import AlertInbox from './AlertInbox';
import { alertStore, correctionStore, receiveAlert, showAlert } from './alert-store';

type Row = {
  alertIdx: string;
  type: number;
  productIdx: number | null;
  inquiryIdx: number | null;
  itemName: string | null;
  topBid?: { price: string; symbol: 'ATT' | 'KLAY' } | null;
  floorMove?: AlertFloorMove | null;
  read: 0 | 1;
  createDate: string;
};
let rows: Row[] = [];
let sent: { path: string; body: Record<string, unknown> }[] = [];

const renderInbox = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/']}>
        <AlertInbox />
        <Routes>
          <Route path="/" element={<p>home</p>} />
          <Route path="/NftInfo/:id" element={<p data-testid="item-page">item</p>} />
          <Route path="/Collection/:idx" element={<p data-testid="collection-page">collection</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  queryClient.clear();
  updateSession({ id: 'bob', ticket: 'tk' });
  rows = [
    {
      alertIdx: '12',
      type: 5,
      productIdx: 7,
      inquiryIdx: null,
      itemName: 'Neon Tiger #7',
      read: 0,
      createDate: '2026-11-28T10:00:00Z',
    },
    {
      alertIdx: '9',
      type: 1,
      productIdx: 3,
      inquiryIdx: null,
      itemName: 'Blue Hour',
      read: 0,
      createDate: '2026-11-27T09:00:00Z',
    },
    {
      alertIdx: '4',
      type: 7,
      productIdx: null,
      inquiryIdx: 2,
      itemName: null,
      read: 1,
      createDate: '2026-11-20T08:00:00Z',
    },
  ];
  sent = stubApi({
    '/alert/list': () => ({
      returnCode: 0,
      list: rows,
      page: { totalRecordSize: rows.length, pageNo: 1, pageCount: 1 },
      unreadCount: rows.filter((r) => !r.read).length,
    }),
    '/alert/read': (body) => {
      const marks = (idx: string) =>
        body.alertIdx ? idx === body.alertIdx : BigInt(idx) <= BigInt(body.upTo as string);
      rows = rows.map((r) => (marks(r.alertIdx) ? { ...r, read: 1 } : r));
      return { returnCode: 0, unreadCount: rows.filter((r) => !r.read).length };
    },
  });
});
afterEach(() => {
  clearSession();
  alertStore.set(null);
  correctionStore.set(null);
});

describe('AlertInbox', () => {
  it('shows the unread count and the newest alerts; a click opens the item', async () => {
    renderInbox();
    expect((await screen.findByTestId('alert-inbox-count')).textContent).toBe('2');
    expect(screen.getByRole('button', { name: '알림, 읽지 않은 알림 2개' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('alert-inbox'));
    const first = await screen.findByTestId('alert-inbox-item-12');
    expect(first.textContent).toContain('더 높은 제안이 들어와 이전 제안이 밀렸습니다.');
    expect(first.textContent).toContain('Neon Tiger #7');
    expect(first.className).toContain('is-unread');
    expect(screen.getByTestId('alert-inbox-item-4').className).not.toContain('is-unread');
    expect(sent.find((s) => s.path === '/alert/list')?.body).toMatchObject({
      id: 'bob',
      ticketId: 'tk',
      pageNo: 1,
      pageSize: 10,
    });
    fireEvent.click(first);
    await screen.findByTestId('item-page');
  });

  it("shows an outbid alert's item and new top bid, in Korean and English", async () => {
    rows = [
      {
        alertIdx: '31',
        type: 9,
        productIdx: 8,
        inquiryIdx: null,
        itemName: 'Auction piece',
        topBid: { price: '2500000000000000000', symbol: 'KLAY' },
        read: 0,
        createDate: '2026-11-28T11:00:00Z',
      },
    ];
    renderInbox();
    fireEvent.click(await screen.findByTestId('alert-inbox'));
    const row = await screen.findByTestId('alert-inbox-item-31');
    expect(row.textContent).toContain('더 높은 입찰이 들어와 회원님의 입찰이 최고 입찰이 아니게 되었습니다.');
    expect(row.textContent).toContain('Auction piece');
    expect(row.textContent).toContain('현재 최고 입찰가 2.5 KLAY');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('alert-inbox-item-31').textContent).toContain('Top bid now: 2.5 KLAY');
  });

  it("shows a floor alert's collection and move, in Korean and English, and opens the collection", async () => {
    const floorMove = {
      collectionIdx: 4,
      collectionName: 'Moon Cats',
      symbol: 'KLAY' as const,
      from: '2000000000000000000',
      to: '3000000000000000000',
      percent: 20,
    };
    rows = [
      {
        alertIdx: '40',
        type: 11,
        productIdx: null,
        inquiryIdx: null,
        itemName: null,
        floorMove,
        read: 0,
        createDate: '2026-11-28T12:00:00Z',
      },
    ];
    renderInbox();
    fireEvent.click(await screen.findByTestId('alert-inbox'));
    const row = await screen.findByTestId('alert-inbox-item-40');
    expect(row.textContent).toContain('관심 컬렉션의 바닥가가 설정하신 알림 기준 이상 움직였습니다.');
    expect(row.textContent).toContain('Moon Cats 바닥가 2 KLAY → 3 KLAY (+50.0%)');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('alert-inbox-floor-move').textContent).toBe('Moon Cats floor 2 KLAY → 3 KLAY (+50.0%)');
    fireEvent.click(screen.getByTestId('alert-inbox-item-40'));
    await screen.findByTestId('collection-page');
  });

  it('marks the alert it opens read, that one only', async () => {
    renderInbox();
    expect((await screen.findByTestId('alert-inbox-count')).textContent).toBe('2');
    fireEvent.click(screen.getByTestId('alert-inbox'));
    fireEvent.click(await screen.findByTestId('alert-inbox-item-9'));
    await screen.findByTestId('item-page');
    expect(sent.filter((s) => s.path === '/alert/read').map((s) => s.body)).toEqual([
      { id: 'bob', ticketId: 'tk', alertIdx: '9' },
    ]);
    await waitFor(() => expect(screen.getByTestId('alert-inbox-count').textContent).toBe('1'));
  });

  it('marks all read up to the newest shown, in English too', async () => {
    await i18n.changeLanguage('en');
    renderInbox();
    await screen.findByTestId('alert-inbox-count');
    fireEvent.click(screen.getByTestId('alert-inbox'));
    fireEvent.click(await screen.findByTestId('alert-inbox-read'));
    await waitFor(() => expect(screen.queryByTestId('alert-inbox-count')).toBeNull());
    expect(sent.filter((s) => s.path === '/alert/read').map((s) => s.body.upTo)).toEqual(['12']);
    expect(screen.getByRole('button', { name: 'Alerts' })).toBeTruthy();
  });

  it('says when there are none, and reads the list again when an alert arrives', async () => {
    rows = [];
    renderInbox();
    fireEvent.click(screen.getByTestId('alert-inbox'));
    await screen.findByTestId('alert-inbox-empty');
    expect(screen.getByTestId('alert-inbox-empty').textContent).toBe('아직 받은 알림이 없습니다.');
    rows = [
      {
        alertIdx: '20',
        type: 2,
        productIdx: 8,
        inquiryIdx: null,
        itemName: 'Auction piece',
        read: 0,
        createDate: '2026-11-28T11:00:00Z',
      },
    ];
    act(() => showAlert(2, 8));
    expect((await screen.findByTestId('alert-inbox-count')).textContent).toBe('1');
  });

  it('reads the list again when a correction takes an alert back (the server no longer lists it)', async () => {
    renderInbox();
    expect((await screen.findByTestId('alert-inbox-count')).textContent).toBe('2');
    rows = rows.filter((r) => r.alertIdx !== '9');
    act(() => receiveAlert({ type: 8, id: '30', productIdx: 3, retracts: '29' }));
    await waitFor(() => expect(screen.getByTestId('alert-inbox-count').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('alert-inbox'));
    await screen.findByTestId('alert-inbox-item-12');
    expect(screen.queryByTestId('alert-inbox-item-9')).toBeNull();
  });
});
