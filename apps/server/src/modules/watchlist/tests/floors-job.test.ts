/**
 * The floor-marking job: it marks a followed collection's floor when it moved (and hourly when not), the watchlist's
 * change over 24 hours is read from the mark at the window's start, and marks older than the window are dropped
 * except the one the window starts from.
 */
import { WatchKind, type WatchedCollection } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { loggedIn } from '../../../../test/helper';
import { apiCollection, apiItem } from '../../../../test/items';
import { markFloors } from '../jobs';
import { ETH, floorsApp } from './floors-fixture';

const HOUR = 60 * 60 * 1000;
const start = new Date('2026-11-01T00:00:00Z').getTime();
const f = floorsApp(start);
const floorOf = f.floorOf;
const marks = async (collectionIdx: number) =>
  (
    await f.t.db
      .selectFrom('watch_floor_marks')
      .select(['at', 'floor_att'])
      .where('collection_idx', '=', collectionIdx)
      .orderBy('at')
      .execute()
  ).map((m) => [(new Date(m.at).getTime() - start) / HOUR, m.floor_att]);

describe('watchlist.floors', () => {
  it('marks moves, reads the 24-hour change from the window start and prunes older marks', async () => {
    const member = await loggedIn(f.t);
    const col = await apiCollection(f.t, member.auth, `Floors ${process.pid}`);
    const item = await apiItem(f.t, member.auth, col, '바닥');
    await floorOf(item, 10n * ETH);
    await f.t.post('/watchlist/follow', { ...member.auth, kind: WatchKind.Collection, targetIdx: col });
    const at = async (hours: number) => markFloors(f.t.app, new Date((f.clock = start + hours * HOUR)));

    await at(0.5); // unchanged, under an hour: no mark
    await floorOf(item, 8n * ETH);
    await at(2);
    await at(2.5); // unchanged again
    await at(3.5); // an hour after the last mark: marked again
    expect(await marks(col)).toEqual([
      [0, (10n * ETH).toString()],
      [2, (8n * ETH).toString()],
      [3.5, (8n * ETH).toString()],
    ]);
    const change = async () =>
      ((await f.t.post('/watchlist/list', member.auth)).body.data as { collections: WatchedCollection[] })
        .collections[0]!.change.ATT;
    expect(await change()).toBe(-2000); // since the follow, 24 hours not yet past

    await floorOf(item, 6n * ETH);
    await at(27); // the window starts at hour 3: the mark of hour 2 (8) is its floor then
    expect(await change()).toBe(-2500);
    // Hour 0's mark is older than the window and not its start: dropped.
    expect((await marks(col)).map(([h]) => h)).toEqual([2, 3.5, 27]);
  });
});
