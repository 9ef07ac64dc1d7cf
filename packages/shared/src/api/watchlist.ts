/**
 * The watchlist (ours, beside the spec): a signed-in member follows collections and items and reads them back with
 * their floor, its change over 24 hours and the best live offer. Follow and unfollow are idempotent: asking for the
 * state a target is already in answers 0 with that state, so a double click or two tabs never fail.
 * Amounts are integer wei as decimal strings, one per coin.
 */
import { z } from 'zod';

import { WATCH_ALERT_PERCENT_MAX, WATCH_ALERT_PERCENT_MIN } from '../domain/watchlist';
import { idxSchema } from './collection';
import { authFields, dataReply, flagSchema } from './common';

const kindSchema = z.union([z.literal(1), z.literal(2)]);
const target = { ...authFields, kind: kindSchema, targetIdx: idxSchema };

/**
 * POST /watchlist/follow (logged in): kind 1 a collection, 2 an item; `alertPercent` (collections only, 1-100, null
 * to clear) asks for an alert when the floor moves by at least that percent. Codes: 0 (also when already followed:
 * the threshold is updated when given); 254 no such collection; 258 no such item; 5 the member already follows
 * WATCH_MAX targets (or a threshold on an item).
 */
export const watchFollowRequest = z.object({
  ...target,
  alertPercent: z.number().int().min(WATCH_ALERT_PERCENT_MIN).max(WATCH_ALERT_PERCENT_MAX).nullable().optional(),
});
export const watchStateSchema = z.object({
  following: flagSchema,
  /** The floor alert's threshold in whole percent, null without one. */
  alertPercent: z.number().int().nullable(),
  /** How many targets the member follows now. */
  count: z.number().int(),
});
export type WatchState = z.infer<typeof watchStateSchema>;
export const watchStateReply = dataReply(watchStateSchema);
/** POST /watchlist/unfollow and /watchlist/state (logged in). Codes: 0 (unfollowing what is not followed too). */
export const watchTargetRequest = z.object(target);

const perCoin = z.object({ ATT: z.string().nullable(), KLAY: z.string().nullable() });
export type WatchPerCoin = z.infer<typeof perCoin>;

export const watchedCollectionSchema = z.object({
  collectionIdx: z.number().int(),
  name: z.string(),
  /** Under `{cdnUrl}/collection/logo/`. */
  logoFileName: z.string().nullable(),
  /** The lowest live listing price per coin, wei (null: nothing listed in that coin). */
  floor: perCoin,
  /** The floor's change per coin over the last 24 hours (since the follow when newer), basis points. */
  change: z.object({ ATT: z.number().int().nullable(), KLAY: z.number().int().nullable() }),
  /** The highest live offer on any item of the collection, per coin, wei. */
  bestOffer: perCoin,
  alertPercent: z.number().int().nullable(),
  followDate: z.string(),
});
export type WatchedCollection = z.infer<typeof watchedCollectionSchema>;

export const watchedItemSchema = z.object({
  productIdx: z.number().int(),
  name: z.string(),
  collectionIdx: z.number().int(),
  /** The item's thumbnail (`UPLOAD_KINDS.thumbnail`), null without one. */
  fileName: z.string().nullable(),
  /** The cheapest live listing per coin, wei. */
  price: perCoin,
  /** The highest live offer on the item (its own or a collection offer), per coin, wei. */
  bestOffer: perCoin,
  followDate: z.string(),
});
export type WatchedItem = z.infer<typeof watchedItemSchema>;

/** POST /watchlist/list (logged in): everything the member follows, newest follow first. Codes: 0. */
export const watchListRequest = z.object(authFields);
export const watchListReply = dataReply(
  z.object({ collections: z.array(watchedCollectionSchema), items: z.array(watchedItemSchema) }),
);

export const watchlistRoutes = {
  '/watchlist/follow': { request: watchFollowRequest, reply: watchStateReply, auth: 'member' },
  '/watchlist/unfollow': { request: watchTargetRequest, reply: watchStateReply, auth: 'member' },
  '/watchlist/state': { request: watchTargetRequest, reply: watchStateReply, auth: 'member' },
  '/watchlist/list': { request: watchListRequest, reply: watchListReply, auth: 'member' },
} as const;
