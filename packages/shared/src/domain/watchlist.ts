/**
 * The watchlist: what a member follows (a collection or an item), how many at most, and the floor alert's threshold
 * range. The server refuses a follow past WATCH_MAX with ReturnCode.ValidationFailed (5).
 */
export const WatchKind = { Collection: 1, Item: 2 } as const;
export type WatchKindValue = (typeof WatchKind)[keyof typeof WatchKind];
export const WATCH_KINDS = Object.values(WatchKind) as readonly WatchKindValue[];

/** The most follows (collections and items together) one member keeps. */
export const WATCH_MAX = 500;
/** The floor alert's threshold, whole percent: an alert when the floor moved by at least this much either way. */
export const WATCH_ALERT_PERCENT_MIN = 1;
export const WATCH_ALERT_PERCENT_MAX = 100;
/** The window of the floor's change shown in the watchlist. */
export const WATCH_CHANGE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The change from `before` to `now` (integer wei) in basis points, truncated toward zero; null when either is unknown
 * or `before` is 0.
 */
export function changeBps(before: bigint | null, now: bigint | null): number | null {
  if (before === null || now === null || before === 0n) return null;
  return Number(((now - before) * 10_000n) / before);
}
