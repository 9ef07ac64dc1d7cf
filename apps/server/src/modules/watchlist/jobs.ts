/**
 * The watchlist's job, run by the leader every WATCH_MARK_EVERY_MS: `watchlist.floors` marks the floor per coin of
 * every followed collection when it moved since the last mark (or that mark is an hour old), and drops marks no
 * 24-hour change can need any more. The floors are read from the items the order book keeps (no chain call); the
 * marks are what the watchlist's change over 24 hours is read from. Then the floor alerts of follows with a
 * threshold (floor-alerts.ts).
 */
import { WATCH_CHANGE_WINDOW_MS } from '@att/shared';
import type { Uses } from '../../platform/deps';
import type { JobDefinition } from '../../platform/jobs/job';
import { alertFloorMoves } from './floor-alerts';
import { collectionFloors } from './follow';
import { watchlistRepo } from './watchlist-repository';

export const FLOORS_JOB = 'watchlist.floors';
export const WATCH_MARK_EVERY_MS = 60 * 1000;
/** A floor that did not move is marked again after this long, so the change window always finds a mark. */
const REMARK_MS = 60 * 60 * 1000;

/** One run of the job at `now`. */
export async function markFloors(deps: Uses<'db'>, now: Date): Promise<void> {
  const repo = watchlistRepo(deps.db);
  const ids = await repo.followedCollections();
  const [floors, last] = await Promise.all([collectionFloors(deps, ids), repo.lastMarks(ids)]);
  for (const id of ids) {
    const f = floors.get(id)!;
    const l = last.get(id);
    const moved = !l || l.att !== f.att || l.klay !== f.klay;
    if (moved || now.getTime() - l.at.getTime() >= REMARK_MS) await repo.mark(id, f, now);
  }
  await repo.pruneMarks(new Date(now.getTime() - WATCH_CHANGE_WINDOW_MS));
  await alertFloorMoves(deps, floors);
}

export function watchlistJobs(deps: Uses<'db'>): JobDefinition[] {
  return [{ name: FLOORS_JOB, everyMs: WATCH_MARK_EVERY_MS, run: ({ now }) => markFloors(deps, now) }];
}
