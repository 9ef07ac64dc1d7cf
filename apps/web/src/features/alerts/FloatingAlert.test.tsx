import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/api';
import { itemKeys } from '../items';
import { refreshAfterAlert, tradeKeys } from '../trade';
import { alertStore, correctionStore, receiveAlert, showAlert } from './alert-store';
import { FloatingAlert } from './FloatingAlert';

function renderAt() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<FloatingAlert />} />
        <Route path="/NftInfo/:id" element={<p data-testid="item-page">item</p>} />
        <Route path="/Collection/:idx" element={<p data-testid="collection-page">collection</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('FloatingAlert', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    alertStore.set(null);
    correctionStore.set(null);
  });

  it('shows the text of the alert type', () => {
    renderAt();
    expect(screen.queryByTestId('floating-alert')).toBeNull();
    act(() => showAlert(2, 7));
    expect(screen.getByTestId('floating-alert').className).toContain('is-visible');
    expect(screen.getByTestId('floating-alert').textContent).toContain('아이템에 새로운 입찰이 있습니다.');
  });

  it('tells an outbid bidder the item and the new top bid (from integer wei) and offers to bid again, ko and en', async () => {
    renderAt();
    // 1,234.56789 ATT and 123 wei: formatted from the integer (4 decimals shown), never through a float.
    const topBid = { price: '1234567890000000000123', symbol: 'ATT' as const };
    act(() => receiveAlert({ type: 9, id: '3', productIdx: 7, itemName: 'Neon Tiger #7', topBid }));
    const ko = screen.getByTestId('floating-alert').textContent;
    expect(ko).toContain('더 높은 입찰이 들어와 회원님의 입찰이 최고 입찰이 아니게 되었습니다.');
    expect(ko).toContain('Neon Tiger #7');
    expect(screen.getByTestId('floating-alert-top-bid').textContent).toBe('현재 최고 입찰가 1,234.5678 ATT');
    expect(ko).toContain('다시 입찰하기');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('floating-alert-top-bid').textContent).toBe('Top bid now: 1,234.5678 ATT');
    expect(screen.getByTestId('floating-alert').textContent).toContain('Bid again');
  });

  it("tells a followed collection's floor move and opens the collection, ko and en", async () => {
    renderAt();
    const floorMove = {
      collectionIdx: 4,
      collectionName: 'Moon Cats',
      symbol: 'ATT' as const,
      from: '10000000000000000000',
      to: '8000000000000000000',
      percent: 10,
    };
    act(() => receiveAlert({ type: 11, id: '5', floorMove }));
    expect(screen.getByTestId('floating-alert').textContent).toContain('관심 컬렉션의 바닥가가');
    expect(screen.getByTestId('floating-alert-floor-move').textContent).toBe(
      'Moon Cats 바닥가 10 ATT → 8 ATT (-20.0%)',
    );
    expect(screen.getByTestId('floating-alert').textContent).toContain('컬렉션 보기');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('floating-alert-floor-move').textContent).toBe('Moon Cats floor 10 ATT → 8 ATT (-20.0%)');
    fireEvent.click(screen.getByText('View collection'));
    expect(screen.getByTestId('collection-page')).toBeTruthy();
  });

  it('close hides it at once and clears it after 1 second', () => {
    renderAt();
    act(() => showAlert(1, 3));
    fireEvent.click(screen.getByRole('button', { name: '알림 닫기' }));
    expect(screen.getByTestId('floating-alert').className).not.toContain('is-visible');
    act(() => vi.advanceTimersByTime(999));
    expect(alertStore.get()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(alertStore.get()).toBeNull();
    expect(screen.queryByTestId('floating-alert')).toBeNull();
  });

  it('stays outside the page a modal makes inert, so it can be read and clicked over the wallet drawer', () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.appendChild(root);
    try {
      render(
        <MemoryRouter>
          <FloatingAlert />
        </MemoryRouter>,
        { container: root },
      );
      root.setAttribute('inert', '');
      act(() => showAlert(2, 7));
      expect(screen.getByTestId('floating-alert').closest('[inert]')).toBeNull();
    } finally {
      root.remove();
    }
  });

  it('a click opens /NftInfo/{productIdx} and resets it', () => {
    renderAt();
    act(() => showAlert(3, 42));
    fireEvent.click(screen.getByText('제안이 수락되었습니다.'));
    expect(screen.getByTestId('item-page')).toBeTruthy();
    expect(alertStore.get()).toBeNull();
  });
});

describe('FloatingAlert for an answered inquiry', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
  });
  afterEach(() => alertStore.set(null));

  it('says the inquiry was answered and opens /Inquiry', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<FloatingAlert />} />
          <Route path="/Inquiry" element={<p data-testid="inquiry-page">inquiries</p>} />
        </Routes>
      </MemoryRouter>,
    );
    act(() => showAlert(7));
    expect(screen.getByTestId('floating-alert').textContent).toContain('1:1 문의에 답변이 등록되었습니다.');
    fireEvent.click(screen.getByText('답변 보기'));
    expect(screen.getByTestId('inquiry-page')).toBeTruthy();
  });

  it('an item alert reads that item’s listings, bids, offers and owners again (an open item page shows a rival’s bid and the moved end, or the new owner); closing reads nothing', () => {
    queryClient.clear();
    const keys = {
      detail: itemKeys.detail(7),
      listings: tradeKeys.listings(7),
      bids: tradeKeys.bids(31),
      offers: tradeKeys.productOffers(7),
      owners: itemKeys.owners(7),
      otherOwners: itemKeys.owners(8),
      otherListings: tradeKeys.listings(8),
      otherDetail: itemKeys.detail(8),
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, 1);
    const stale = () =>
      Object.entries(keys)
        .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
        .map(([name]) => name)
        .sort();
    render(
      <MemoryRouter>
        <FloatingAlert onItemAlert={(id) => void refreshAfterAlert(id)} />
      </MemoryRouter>,
    );
    act(() => showAlert(2, 7));
    expect(stale()).toEqual(['bids', 'detail', 'listings', 'offers', 'owners']);
    for (const key of Object.values(keys)) queryClient.setQueryData(key, 1);
    fireEvent.click(screen.getByRole('button', { name: '알림 닫기' }));
    expect(stale()).toEqual([]);
    queryClient.clear();
  });

  it('a correction closes the alert it takes back and reads its item again; one of another alert leaves the shown one', () => {
    const read: number[] = [];
    render(
      <MemoryRouter>
        <FloatingAlert onItemAlert={(id) => read.push(id)} />
      </MemoryRouter>,
    );
    act(() => receiveAlert({ type: 1, id: '41', productIdx: 7 }));
    expect(screen.getByTestId('floating-alert').textContent).toContain('등록하신 아이템이 판매되었습니다.');
    expect(read).toEqual([7]);
    // The correction of an earlier alert (of item 3): the shown one stays, item 3 is read again.
    act(() => receiveAlert({ type: 8, id: '42', productIdx: 3, retracts: '40' }));
    expect(screen.getByTestId('floating-alert').className).toContain('is-visible');
    expect(read).toEqual([7, 3]);
    // The correction of the shown sale: it closes at once (never shown as an alert of its own), item 7 is read again.
    act(() => receiveAlert({ type: 8, id: '43', productIdx: 7, retracts: '41' }));
    expect(screen.queryByTestId('floating-alert')).toBeNull();
    expect(alertStore.get()).toBeNull();
    expect(read).toEqual([7, 3, 7]);
  });
});
