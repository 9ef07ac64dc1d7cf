import { type CollectionOfferRow, OfferState } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/api';
import { clearSession, updateSession } from '../../lib/session';
import { BOB, collectionOfferRow, stubApi } from '../../test/trade-fixtures';
import { OffersTab } from './OffersTab';

vi.mock('../../features/trade/core/trade-kit', async () => {
  const errors = await import('../../features/trade/core/trade-errors');
  return { loadTradeKit: async () => ({ ...errors, requireAccount: (a: string) => a }) };
});

const row = (patch: Partial<CollectionOfferRow> = {}) =>
  collectionOfferRow({ ...{ amount: 2, remainAmount: 1, availableAmount: 1, buyerAddress: BOB }, ...patch });

let reply: unknown = {};
let sent: ReturnType<typeof stubApi> = [];
beforeEach(async () => {
  await i18n.changeLanguage('ko');
  queryClient.clear();
  reply = {
    returnCode: 0,
    list: [
      row({}),
      row({
        offerIdx: '8',
        state: OfferState.Acquired,
        remainAmount: 0,
        collectionName: 'Cats',
        traits: [{ traitType: 'Eyes', values: ['Laser'] }],
      }),
    ],
    page: { totalRecordSize: 2, pageNo: 1, pageCount: 1 },
  };
  const empty = () => ({ returnCode: 0, list: [], page: { totalRecordSize: 0, pageNo: 1, pageCount: 1 } });
  sent = stubApi({
    '/nft/offer/member/participation/list': empty,
    '/nft/offer/member/list': empty,
    '/nft/offer/member/participation/list/other': empty,
    '/nft/collection/offer/member/participation/list': () => reply,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

describe('the Offers tab: collection offers made', () => {
  it('lists the member’s collection offers with state, pieces left, expiry, and cancel for a live one', async () => {
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    render(<OffersTab member={{ memberIdx: 1 }} mine />, { wrapper });
    const live = await screen.findByTestId('collection-offers-row-7');
    expect(within(live).getByTestId('collection-offers-state').textContent).toBe('유효');
    expect(within(live).getByTestId('collection-offers-remain').textContent).toBe('1');
    expect(within(live).getByText('2 ATT')).toBeTruthy();
    expect(live.querySelector('time')!.dateTime).toBe('2026-12-06T04:00:00.000Z');
    const done = screen.getByTestId('collection-offers-row-8');
    expect(within(done).queryByRole('button')).toBeNull();
    expect(within(done).getByTestId('offer-traits').textContent).toBe('특성: Eyes: Laser');
    expect(within(live).queryByTestId('offer-traits')).toBeNull();
    expect(sent.find((s) => s.path === '/nft/collection/offer/member/participation/list')!.body).toMatchObject({
      id: 'bob',
      ticketId: 'tk',
      pageNo: 1,
    });
    fireEvent.click(within(live).getByTestId('collection-offers-cancel-7'));
    expect(await screen.findByText('컬렉션 제안 취소')).toBeTruthy();
  });

  it('the empty and failed states; not on the received sub-tab nor on another member’s profile', async () => {
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    reply = { returnCode: 0, list: [], page: { totalRecordSize: 0, pageNo: 1, pageCount: 1 } };
    const { unmount } = render(<OffersTab member={{ memberIdx: 1 }} mine />, { wrapper });
    expect((await screen.findByTestId('collection-offers-empty')).textContent).toBe('컬렉션 제안 내역이 없습니다.');
    fireEvent.click(screen.getByTestId('offers-sub-2'));
    expect(screen.queryByTestId('collection-offers-made')).toBeNull();
    unmount();
    queryClient.clear();
    reply = { returnCode: 999 };
    render(<OffersTab member={{ memberIdx: 1 }} mine />, { wrapper });
    expect(await screen.findByText('컬렉션 제안을 불러오지 못했습니다.')).toBeTruthy();
  });

  it('another member’s profile shows no collection offers', async () => {
    render(<OffersTab member={{ memberIdx: 2 }} mine={false} />, { wrapper });
    await screen.findByTestId('offers-table');
    expect(screen.queryByTestId('collection-offers-made')).toBeNull();
  });
});
