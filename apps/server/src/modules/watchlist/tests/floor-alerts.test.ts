/**
 * The floor alert: a follow with a threshold is alerted once when the collection's floor moves past it (up or down,
 * from the baseline), not below it; the baseline then moves; the member's flagFloorMove off means no alert; two runs
 * at once alert once; the alert reaches the member's socket and alert list with its move.
 */
import { AlertType, WatchKind, type AlertListItem } from '@att/shared';
import { describe, expect, it, vi } from 'vitest';
import { loggedIn } from '../../../../test/helper';
import { apiCollection, apiItem } from '../../../../test/items';
import type { AlertMessage } from '../../alerts';
import { movedPast } from '../floor-alerts';
import { markFloors } from '../jobs';
import { ETH, floorsApp } from './floors-fixture';

const f0 = floorsApp(new Date('2026-11-01T00:00:00Z').getTime());
const floorOf = f0.floorOf;
const run = () => markFloors(f0.t.app, new Date((f0.clock += 60_000)));

/** A member following a new collection (floor 10 ATT) with `alertPercent`, and the collection's item. */
async function following(alertPercent: number, flagFloorMove: 0 | 1 = 1) {
  const m = await loggedIn(f0.t);
  const flags = { flagItemSell: 1, flagBid: 1, flagAcceptOffer: 1, flagExpiredSell: 1, flagOverOffer: 1 };
  const settings = { ...flags, flagMinOffer: 1, flagFloorMove, minOfferPriceKlay: '0', minOfferPriceAtt: '0' };
  expect((await f0.t.post('/user/alarm/update', { ...m.auth, ...settings })).returnCode).toBe(0);
  const col = await apiCollection(f0.t, m.auth, `Floor alert ${process.pid} ${f0.clock}`);
  const item = await apiItem(f0.t, m.auth, col, '바닥 알림');
  await floorOf(item, 10n * ETH);
  const r = await f0.t.post('/watchlist/follow', {
    ...m.auth,
    kind: WatchKind.Collection,
    targetIdx: col,
    alertPercent,
  });
  expect(r.returnCode).toBe(0);
  const alerts = async () =>
    (
      await f0.t.db
        .selectFrom('alerts')
        .select(['type', 'floor_move'])
        .where('address', '=', m.wallet.address.toLowerCase())
        .orderBy('alert_id')
        .execute()
    ).map((a) => ({ type: a.type, ...(a.floor_move as object) }));
  const base = async () =>
    (
      await f0.t.db
        .selectFrom('watch_follows')
        .select('alert_base_att')
        .where('target_idx', '=', col)
        .executeTakeFirstOrThrow()
    ).alert_base_att;
  return { m, col, item, alerts, base };
}

describe('movedPast', () => {
  it('is true from the threshold on, either way, and never from no floor', () => {
    expect(movedPast(100n, 110n, 10)).toBe(true);
    expect(movedPast(100n, 90n, 10)).toBe(true);
    expect(movedPast(100n, 109n, 10)).toBe(false);
    expect(movedPast(100n, 91n, 10)).toBe(false);
    expect(movedPast(0n, 5n, 10)).toBe(false);
  });
});

describe('watchlist floor alerts', () => {
  it('alerts once past the threshold, not below it, and moves the baseline', async () => {
    const f = await following(10);
    await floorOf(f.item, 9_100_000_000_000_000_000n); // -9 %: below the threshold
    await run();
    expect(await f.alerts()).toEqual([]);
    expect(await f.base()).toBe((10n * ETH).toString());

    const heard: AlertMessage[] = [];
    const address = f.m.wallet.address.toLowerCase();
    const stop = f0.t.app.alerts.subscribe(address, { send: (_s, msg) => heard.push(msg), close: () => {} }, 'tk');
    await floorOf(f.item, 8n * ETH); // -20 %
    await run();
    await run(); // the same floor again: nothing more
    const move = { collectionIdx: f.col, symbol: 'ATT', from: (10n * ETH).toString(), to: (8n * ETH).toString() };
    expect(await f.alerts()).toEqual([expect.objectContaining({ type: AlertType.FloorMove, percent: 10, ...move })]);
    expect(await f.base()).toBe((8n * ETH).toString());
    await f0.t.app.jobs.runNow('alerts.dispatch');
    await vi.waitUntil(() => heard.length > 0);
    stop();
    expect(heard[0]).toMatchObject({ type: AlertType.FloorMove, data: { floorMove: { ...move, percent: 10 } } });

    await floorOf(f.item, 8_700_000_000_000_000_000n); // +8.75 % from the new baseline: below
    await run();
    expect(await f.alerts()).toHaveLength(1);
    await floorOf(f.item, 10n * ETH); // +25 %, and back to the first floor: a new move, alerted
    await run();
    expect((await f.alerts()).map((a) => ('to' in a ? a.to : null))).toEqual([
      (8n * ETH).toString(),
      (10n * ETH).toString(),
    ]);

    const list = await f0.t.post('/alert/list', { ...f.m.auth, pageNo: 1 });
    const items = list.body.list as AlertListItem[];
    expect(items[0]).toMatchObject({ type: AlertType.FloorMove, floorMove: { collectionIdx: f.col, percent: 10 } });
  });

  it('sends nothing to a member whose flagFloorMove is off, and still moves the baseline', async () => {
    const f = await following(5, 0);
    await floorOf(f.item, 5n * ETH);
    await run();
    expect(await f.alerts()).toEqual([]);
    expect(await f.base()).toBe((5n * ETH).toString());
  });

  it('alerts once when two runs go at once', async () => {
    const f = await following(20);
    await floorOf(f.item, 15n * ETH);
    const now = new Date((f0.clock += 60_000));
    await Promise.all([markFloors(f0.t.app, now), markFloors(f0.t.app, now)]);
    expect(await f.alerts()).toHaveLength(1);
    expect(await f.base()).toBe((15n * ETH).toString());
  });

  it('alerts nothing without a threshold', async () => {
    const f = await following(10);
    expect(
      (
        await f0.t.post('/watchlist/follow', {
          ...f.m.auth,
          kind: WatchKind.Collection,
          targetIdx: f.col,
          alertPercent: null,
        })
      ).returnCode,
    ).toBe(0);
    await floorOf(f.item, 2n * ETH);
    await run();
    expect(await f.alerts()).toEqual([]);
  });
});
