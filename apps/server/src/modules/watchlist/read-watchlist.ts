/**
 * The member's watchlist as the profile's tab shows it: each followed collection with its floor per coin, the floor's
 * change over 24 hours (from the watchlist's floor marks; since the follow when newer) and the best offer on any of
 * its items; each followed item with its cheapest price and best offer. Targets deleted or hidden since are left out.
 */
import { changeBps, WATCH_CHANGE_WINDOW_MS, WatchKind, type WatchedCollection, type WatchedItem } from '@att/shared';
import type { Uses } from '../../platform/deps';
import { visibleCollections } from '../collections';
import { watchedItems } from '../items';
import { bestCollectionOffers, bestItemOffers } from '../trading';
import { collectionFloors } from './follow';
import { watchlistRepo } from './watchlist-repository';

const big = (v: string | null | undefined) => (v === null || v === undefined ? null : BigInt(v));

export async function readWatchlist(
  deps: Uses<'db' | 'now'>,
  memberIdx: number,
): Promise<{ collections: WatchedCollection[]; items: WatchedItem[] }> {
  const repo = watchlistRepo(deps.db);
  const now = deps.now();
  const follows = await repo.list(memberIdx);
  const colIds = follows.filter((f) => f.kind === WatchKind.Collection).map((f) => f.targetIdx);
  const itemIds = follows.filter((f) => f.kind === WatchKind.Item).map((f) => f.targetIdx);
  const [cols, floors, before, colOffers, items] = await Promise.all([
    visibleCollections(deps.db, colIds),
    collectionFloors(deps, colIds),
    repo.floorsSince(colIds, new Date(now.getTime() - WATCH_CHANGE_WINDOW_MS)),
    bestCollectionOffers(deps.db, colIds, now),
    watchedItems(deps.db, itemIds),
  ]);
  const itemOffers = await bestItemOffers(deps.db, [...items.values()], now);
  const collections: WatchedCollection[] = [];
  const watched: WatchedItem[] = [];
  for (const f of follows) {
    const followDate = new Date(f.createdAt).toISOString();
    if (f.kind === WatchKind.Collection) {
      const c = cols.get(f.targetIdx);
      if (!c) continue;
      const floor = floors.get(f.targetIdx) ?? { att: null, klay: null };
      const then = before.get(f.targetIdx);
      collections.push({
        collectionIdx: c.collectionIdx,
        name: c.name,
        logoFileName: c.logoFile,
        floor: { ATT: floor.att, KLAY: floor.klay },
        change: { ATT: changeBps(big(then?.att), big(floor.att)), KLAY: changeBps(big(then?.klay), big(floor.klay)) },
        bestOffer: colOffers.get(f.targetIdx)!,
        alertPercent: f.alertPercent,
        followDate,
      });
    } else {
      const i = items.get(f.targetIdx);
      if (!i) continue;
      watched.push({
        productIdx: i.itemIdx,
        name: i.name,
        collectionIdx: i.collectionIdx,
        fileName: i.fileName,
        price: { ATT: i.floorAtt, KLAY: i.floorKlay },
        bestOffer: itemOffers.get(i.itemIdx)!,
        followDate,
      });
    }
  }
  return { collections, items: watched };
}
