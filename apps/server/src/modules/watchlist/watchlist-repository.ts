/**
 * The watchlist's SQL (its one writer): follows and the followed collections' floor marks. A follow is decided under
 * the member's transaction-scoped advisory lock, so parallel follows of one member never pass WATCH_MAX together, and
 * an insert that meets an existing follow changes nothing (follow and unfollow are idempotent).
 */
import { WATCH_MAX, WatchKind, type WatchKindValue } from '@att/shared';
import { sql } from 'kysely';
import { repositoryOf } from '../../platform/db/repository';
import type { Db, DbOrTrx } from '../schema';

/** The advisory lock space of a member's follows (the second key is the member's id). */
const FOLLOW_LOCK = 0x77617463;

export interface Floors {
  att: string | null;
  klay: string | null;
}
export interface FollowTarget {
  memberIdx: number;
  kind: WatchKindValue;
  targetIdx: number;
}
/** A follow with a threshold, as the floor alert reads it (`att`, `klay`: the baseline per coin). */
export interface AlertFollow extends Floors {
  memberIdx: number;
  collectionIdx: number;
  percent: number;
  seq: number;
  createdAt: Date;
}
export interface FollowState {
  following: 0 | 1;
  alertPercent: number | null;
  count: number;
}

async function stateOf(db: DbOrTrx, t: FollowTarget): Promise<FollowState> {
  const row = await db
    .selectFrom('watch_follows')
    .select([sql<number>`count(*) OVER ()`.as('count'), 'kind', 'target_idx', 'alert_percent'])
    .where('member_idx', '=', t.memberIdx)
    .execute();
  const mine = row.find((r) => r.kind === t.kind && r.target_idx === t.targetIdx);
  return { following: mine ? 1 : 0, alertPercent: mine?.alert_percent ?? null, count: Number(row[0]?.count ?? 0) };
}

/** Inserts a floor mark of a collection (at most one per instant). */
async function mark(db: DbOrTrx, collectionIdx: number, floors: Floors, at: Date) {
  await db
    .insertInto('watch_floor_marks')
    .values({ collection_idx: collectionIdx, at, floor_att: floors.att, floor_klay: floors.klay })
    .onConflict((oc) => oc.columns(['collection_idx', 'at']).doNothing())
    .execute();
}

export function createWatchlistRepository(db: Db) {
  return {
    state: (t: FollowTarget) => stateOf(db, t),

    /**
     * Follows `t` ('full' when the member follows WATCH_MAX others already). `alertPercent` (collections): given, it
     * is set (null clears it) and the alert is measured from `floors`; absent, a follow keeps its threshold. A new
     * follow of a collection marks its floor now, so its change is known from the follow on.
     */
    async follow(
      t: FollowTarget,
      opts: { alertPercent?: number | null; floors: Floors; now: Date },
    ): Promise<FollowState | 'full'> {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${FOLLOW_LOCK}, ${t.memberIdx})`.execute(trx);
        const before = await stateOf(trx, t);
        if (!before.following && before.count >= WATCH_MAX) return 'full';
        const alert =
          opts.alertPercent === undefined
            ? {}
            : {
                alert_percent: opts.alertPercent,
                alert_base_att: opts.floors.att,
                alert_base_klay: opts.floors.klay,
              };
        await trx
          .insertInto('watch_follows')
          .values({ member_idx: t.memberIdx, kind: t.kind, target_idx: t.targetIdx, created_at: opts.now, ...alert })
          .onConflict((oc) =>
            Object.keys(alert).length
              ? oc
                  .columns(['member_idx', 'kind', 'target_idx'])
                  .doUpdateSet({ ...alert, alert_seq: sql`watch_follows.alert_seq + 1` })
              : oc.columns(['member_idx', 'kind', 'target_idx']).doNothing(),
          )
          .execute();
        if (!before.following && t.kind === WatchKind.Collection) await mark(trx, t.targetIdx, opts.floors, opts.now);
        return stateOf(trx, t);
      });
    },

    async unfollow(t: FollowTarget): Promise<FollowState> {
      await db
        .deleteFrom('watch_follows')
        .where('member_idx', '=', t.memberIdx)
        .where('kind', '=', t.kind)
        .where('target_idx', '=', t.targetIdx)
        .execute();
      return stateOf(db, t);
    },

    /** The member's follows, newest first. */
    async list(memberIdx: number) {
      return db
        .selectFrom('watch_follows')
        .select(['kind', 'target_idx as targetIdx', 'alert_percent as alertPercent', 'created_at as createdAt'])
        .where('member_idx', '=', memberIdx)
        .orderBy('created_at', 'desc')
        .orderBy('target_idx', 'desc')
        .execute();
    },

    /**
     * The floor each collection had `since` ago: its latest mark at or before `since`, else (followed later) its
     * earliest mark after it.
     */
    async floorsSince(collectionIdxs: readonly number[], since: Date): Promise<Map<number, Floors>> {
      if (collectionIdxs.length === 0) return new Map();
      const rows = await sql<{ id: number; att: string | null; klay: string | null }>`
        SELECT DISTINCT ON (collection_idx) collection_idx AS id, floor_att::text AS att, floor_klay::text AS klay
        FROM watch_floor_marks WHERE collection_idx = ANY (${[...new Set(collectionIdxs)]}::int[])
        ORDER BY collection_idx, (at <= ${since}) DESC, CASE WHEN at <= ${since} THEN at END DESC, at`.execute(db);
      return new Map(rows.rows.map((r) => [r.id, { att: r.att, klay: r.klay }]));
    },

    /** Every collection someone follows. */
    async followedCollections(): Promise<number[]> {
      const rows = await db
        .selectFrom('watch_follows')
        .select('target_idx')
        .distinct()
        .where('kind', '=', WatchKind.Collection)
        .execute();
      return rows.map((r) => r.target_idx);
    },

    /** The latest mark of each collection. */
    async lastMarks(collectionIdxs: readonly number[]): Promise<Map<number, Floors & { at: Date }>> {
      if (collectionIdxs.length === 0) return new Map();
      const rows = await sql<{ id: number; att: string | null; klay: string | null; at: Date }>`
        SELECT DISTINCT ON (collection_idx) collection_idx AS id, floor_att::text AS att, floor_klay::text AS klay, at
        FROM watch_floor_marks WHERE collection_idx = ANY (${[...collectionIdxs]}::int[])
        ORDER BY collection_idx, at DESC`.execute(db);
      return new Map(rows.rows.map((r) => [r.id, { att: r.att, klay: r.klay, at: new Date(r.at) }]));
    },

    mark: (collectionIdx: number, floors: Floors, at: Date) => mark(db, collectionIdx, floors, at),

    /** The follows of these collections with a threshold: each with its baseline per coin and its alert count. */
    async alertFollows(collectionIdxs: readonly number[]): Promise<AlertFollow[]> {
      if (collectionIdxs.length === 0) return [];
      const rows = await db
        .selectFrom('watch_follows')
        .select([
          'member_idx as memberIdx',
          'target_idx as collectionIdx',
          'alert_percent as percent',
          sql<string | null>`alert_base_att::text`.as('att'),
          sql<string | null>`alert_base_klay::text`.as('klay'),
          'alert_seq as seq',
          'created_at as createdAt',
        ])
        .where('kind', '=', WatchKind.Collection)
        .where('target_idx', 'in', [...collectionIdxs])
        .where('alert_percent', 'is not', null)
        .orderBy('target_idx')
        .orderBy('member_idx')
        .execute();
      return rows.map((r) => ({ ...r, percent: r.percent!, createdAt: new Date(r.createdAt) }));
    },

    /**
     * Moves a follow's baseline in one coin to `to` if its count of moves is still `f.seq` (a compare-and-set: of two
     * runs that saw the same follow only one moves it), counting one more. Returns the new count, or null when
     * another run moved it first. In the caller's transaction, with the alert it writes.
     */
    async moveBase(trx: DbOrTrx, f: AlertFollow, column: 'alert_base_att' | 'alert_base_klay', to: string) {
      const r = await trx
        .updateTable('watch_follows')
        .set({ [column]: to, alert_seq: sql`alert_seq + 1` })
        .where('member_idx', '=', f.memberIdx)
        .where('kind', '=', WatchKind.Collection)
        .where('target_idx', '=', f.collectionIdx)
        .where('alert_seq', '=', f.seq)
        .returning('alert_seq')
        .executeTakeFirst();
      return r ? r.alert_seq : null;
    },

    /** Drops marks older than `before` except each collection's latest one at or before it. */
    async pruneMarks(before: Date) {
      await sql`DELETE FROM watch_floor_marks m WHERE m.at < ${before} AND EXISTS (
        SELECT 1 FROM watch_floor_marks n WHERE n.collection_idx = m.collection_idx AND n.at > m.at AND n.at <= ${before})`.execute(
        db,
      );
    },
  };
}

export const watchlistRepo = repositoryOf(createWatchlistRepository);
