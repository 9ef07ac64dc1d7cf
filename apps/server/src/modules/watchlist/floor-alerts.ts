/**
 * The floor alert: a member who follows a collection with a threshold (alertPercent) is told when its floor in a coin
 * moved by at least that percent, up or down, from the baseline (the floor when the threshold was set, or at the
 * last alert); the baseline then moves to the new floor, so one move alerts once. A baseline that had no floor takes
 * the first floor seen, silently; a floor that went away alerts nothing. The alerts module writes the alert (under
 * the member's flagFloorMove), in the transaction that moves the baseline by compare-and-set, with a dedup key of the
 * follow and its alert count: two runs at once (two instances) alert once.
 */
import { AlertType, TOKEN_SYMBOLS, type TokenSymbol } from '@att/shared';
import type { Uses } from '../../platform/deps';
import { enqueueAlert } from '../alerts';
import { visibleCollections } from '../collections';
import { watchlistRepo, type AlertFollow, type Floors } from './watchlist-repository';

const COLUMN = { ATT: 'alert_base_att', KLAY: 'alert_base_klay' } as const;
const key = { ATT: 'att', KLAY: 'klay' } as const satisfies Record<TokenSymbol, keyof Floors>;

/** Whether `to` is at least `percent` percent away from `from` (a positive floor). */
export const movedPast = (from: bigint, to: bigint, percent: number) =>
  from > 0n && (to > from ? to - from : from - to) * 100n >= BigInt(percent) * from;

/** Checks every follow with a threshold of these collections against their floors now (read before, outside). */
export async function alertFloorMoves(deps: Uses<'db'>, floors: Map<number, Floors>): Promise<number> {
  const repo = watchlistRepo(deps.db);
  const follows = await repo.alertFollows([...floors.keys()]);
  const due: { f: AlertFollow; symbol: TokenSymbol; from: string | null; to: string }[] = [];
  for (const f of follows) {
    for (const symbol of TOKEN_SYMBOLS) {
      const from = f[key[symbol]];
      const to = floors.get(f.collectionIdx)?.[key[symbol]] ?? null;
      if (to === null || from === to) continue;
      if (from === null || movedPast(BigInt(from), BigInt(to), f.percent)) due.push({ f, symbol, from, to });
    }
  }
  if (due.length === 0) return 0;
  const names = await visibleCollections(deps.db, [...new Set(due.map((d) => d.f.collectionIdx))]);
  let alerted = 0;
  const lost = new Set<AlertFollow>();
  for (const { f, symbol, from, to } of due) {
    if (lost.has(f)) continue;
    const name = names.get(f.collectionIdx)?.name;
    await deps.db.transaction().execute(async (trx) => {
      const seq = await repo.moveBase(trx, f, COLUMN[symbol], to);
      // Another run moved this follow first: it checks the follow's coins itself.
      if (seq === null) return void lost.add(f);
      f.seq = seq;
      if (from === null || name === undefined) return;
      const wrote = await enqueueAlert(trx, {
        memberIdx: f.memberIdx,
        type: AlertType.FloorMove,
        dedupKey: `watch-floor:${f.memberIdx}:${f.collectionIdx}:${f.createdAt.getTime()}:${seq}`,
        floorMove: { collectionIdx: f.collectionIdx, collectionName: name, symbol, from, to, percent: f.percent },
      });
      if (wrote) alerted++;
    });
  }
  return alerted;
}
