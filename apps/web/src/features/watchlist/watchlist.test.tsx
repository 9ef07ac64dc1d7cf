/** The follow star (optimistic, rolled back on a failure, "full" said in words) and the Watchlist tab's states. */
import { WatchKind, type WatchedCollection } from '@att/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));

const { FollowButton } = await import('./FollowButton');
const { WatchlistTab, changeText } = await import('./WatchlistTab');
const { sessionStore, emptySession } = await import('../../lib/session');
const { popups } = await import('../popups');

const A = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const state = (following: 0 | 1) => ({ returnCode: 0, data: { following, alertPercent: null, count: following } });

/** Answers /watchlist/state with `initial` and every other call with `reply` (a promise the test settles). */
function serve(initial: 0 | 1, reply: () => Promise<unknown>) {
  api.mockImplementation((path: string) => (path === '/watchlist/state' ? Promise.resolve(state(initial)) : reply()));
}

describe('FollowButton', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    api.mockReset();
    popups.clear();
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 'T1', address: A, walletEnabled: true });
  });
  afterEach(() => {
    sessionStore.set(emptySession);
    popups.clear();
  });

  it('stars at once, keeps the star when the server agrees, and is a keyboard-usable toggle button', async () => {
    let settle!: (v: unknown) => void;
    serve(0, () => new Promise((r) => (settle = r)));
    renderPage(<FollowButton kind={WatchKind.Collection} targetIdx={7} />);
    const star = await screen.findByRole('button', { name: 'Add to watchlist' });
    await waitFor(() => expect(api).toHaveBeenCalledWith('/watchlist/state', expect.anything()));
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(api).toHaveBeenLastCalledWith('/watchlist/follow', {
      id: 'alice_01',
      ticketId: 'T1',
      kind: 1,
      targetIdx: 7,
    });
    settle(state(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove from watchlist' }).getAttribute('aria-pressed')).toBe('true'),
    );
  });

  it('rolls back when the server refuses, and says the watchlist is full on 5', async () => {
    serve(0, () => Promise.resolve({ returnCode: 5 }));
    renderPage(<FollowButton kind={WatchKind.Item} targetIdx={3} />, { popups: true });
    const star = await screen.findByRole('button', { name: 'Add to watchlist' });
    fireEvent.click(star);
    expect(await screen.findByText('A watchlist holds at most 500 collections and items.')).toBeTruthy();
    expect(star.getAttribute('aria-pressed')).toBe('false');
  });

  it("offers a followed collection's floor alert threshold beside the star, and sets it", async () => {
    serve(1, () => Promise.resolve({ returnCode: 0, data: { following: 1, alertPercent: 20, count: 1 } }));
    renderPage(<FollowButton kind={WatchKind.Collection} targetIdx={7} />);
    const select = (await screen.findByRole('combobox', { name: 'Floor alert threshold' })) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect([...select.options].map((o) => o.text)).toEqual([
      'Alert off',
      '±5% alert',
      '±10% alert',
      '±20% alert',
      '±50% alert',
    ]);
    fireEvent.change(select, { target: { value: '20' } });
    await waitFor(() =>
      expect(api).toHaveBeenLastCalledWith('/watchlist/follow', {
        id: 'alice_01',
        ticketId: 'T1',
        kind: 1,
        targetIdx: 7,
        alertPercent: 20,
      }),
    );
    await waitFor(() => expect(select.value).toBe('20'));
  });

  it('offers no threshold on an item, nor on a collection not followed', async () => {
    serve(0, () => Promise.resolve({ returnCode: 0 }));
    renderPage(<FollowButton kind={WatchKind.Collection} targetIdx={7} />);
    await screen.findByRole('button', { name: 'Add to watchlist' });
    await waitFor(() => expect(api).toHaveBeenCalledWith('/watchlist/state', expect.anything()));
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('rolls back an unfollow that fails', async () => {
    serve(1, () => Promise.resolve({ returnCode: 28 }));
    renderPage(<FollowButton kind={WatchKind.Item} targetIdx={3} />, { popups: true });
    const star = await screen.findByRole('button', { name: 'Remove from watchlist' });
    fireEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
    expect(api).toHaveBeenCalledWith('/watchlist/unfollow', expect.objectContaining({ kind: 2, targetIdx: 3 }));
  });
});

const collection: WatchedCollection = {
  collectionIdx: 4,
  name: 'Moon Cats',
  logoFileName: null,
  floor: { ATT: '9000000000000000000', KLAY: null },
  change: { ATT: -1000, KLAY: null },
  bestOffer: { ATT: null, KLAY: '1500000000000000000' },
  alertPercent: null,
  followDate: '2026-11-29T00:00:00.000Z',
};

describe('WatchlistTab', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    api.mockReset();
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 'T1', address: A, walletEnabled: true });
  });
  afterEach(() => sessionStore.set(emptySession));

  it('tells a change in basis points as a signed percent', () => {
    expect(changeText(-1000)).toBe('-10%');
    expect(changeText(1234)).toBe('+12.34%');
    expect(changeText(5)).toBe('+0.05%');
    expect(changeText(0)).toBe('0%');
    expect(changeText(null)).toBe('');
  });

  it('shows each followed collection with floor, change and best offer', async () => {
    api.mockResolvedValue({ returnCode: 0, data: { collections: [collection], items: [] } });
    renderPage(<WatchlistTab />);
    const row = await screen.findByTestId('watch-collection');
    expect(row.textContent).toContain('Moon Cats');
    expect(screen.getByTestId('watch-floor').textContent).toContain('9 ATT');
    expect(screen.getByTestId('watch-change').textContent).toContain('-10% ATT');
    expect(screen.getByTestId('watch-best-offer').textContent).toContain('1.5 KLAY');
  });

  it('shows and changes the floor alert threshold of a followed collection (off clears it), in Korean too', async () => {
    api.mockImplementation(async (path: string) =>
      path === '/watchlist/list'
        ? { returnCode: 0, data: { collections: [{ ...collection, alertPercent: 15 }], items: [] } }
        : { returnCode: 0, data: { following: 1, alertPercent: null, count: 1 } },
    );
    renderPage(<WatchlistTab />);
    const select = (await screen.findByTestId('watch-alert')) as HTMLSelectElement;
    expect(select.value).toBe('15'); // a threshold set elsewhere is kept as an option
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        '/watchlist/follow',
        expect.objectContaining({ targetIdx: 4, alertPercent: null }),
      ),
    );
    await act(() => i18n.changeLanguage('ko'));
    expect(screen.getByText('바닥가 알림')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '바닥가 알림 기준' })).toBeTruthy();
  });

  it('has an empty state and a failed state with a retry', async () => {
    api.mockResolvedValueOnce({ returnCode: 0, data: { collections: [], items: [] } });
    const { unmount } = renderPage(<WatchlistTab />);
    expect((await screen.findByTestId('watch-empty')).textContent).toContain('Your watchlist is empty');
    unmount();
    api.mockResolvedValueOnce({ returnCode: 999 });
    renderPage(<WatchlistTab />);
    expect(await screen.findByText('The watchlist could not be loaded.')).toBeTruthy();
    api.mockResolvedValueOnce({ returnCode: 0, data: { collections: [collection], items: [] } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('watch-collection')).toBeTruthy();
  });
});
