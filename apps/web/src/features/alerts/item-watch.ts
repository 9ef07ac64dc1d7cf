/**
 * The page's one alert socket, and items watched on it: the member's alerts (member-session.ts connects and closes
 * it) and the public events of the items a page shows or a trade waits on. `useWatchItem` watches an item while
 * the component is mounted, `watchItem` until told to stop (a trade flow), each calling back on every event of the
 * item; two watchers of one item are both told, and it stays watched until the last one goes.
 */
import { useEffect } from 'react';
import { AlertSocket } from './alert-socket';
import { receiveAlert } from './alert-store';

const listeners = new Map<number, Set<(productIdx: number) => void>>();
const reconnected = new Set<() => void>();

export const alertSocket = new AlertSocket({
  onAlert: receiveAlert,
  onItemEvent: (productIdx) => {
    for (const l of listeners.get(productIdx) ?? []) l(productIdx);
  },
  onReconnect: () => {
    for (const l of reconnected) l();
  },
});

/**
 * The watched set goes to the socket once per tick: going from one item page to the next (the old page's cleanup,
 * then the new page's effect) sends the new item alone, and a visitor's socket is not closed and opened between.
 */
let syncing = false;
function sync() {
  if (syncing) return;
  syncing = true;
  queueMicrotask(() => {
    syncing = false;
    alertSocket.watch([...listeners.keys()]);
  });
}

/**
 * Watches `productId`'s public events until the returned function is called: `onEvent` is called with its id on
 * each, and `onReconnect` (if given) when the socket opens again after a drop (events in between were missed).
 */
export function watchItem(
  productId: number,
  onEvent: (productIdx: number) => void,
  onReconnect?: () => void,
): () => void {
  let held = listeners.get(productId);
  if (!held) listeners.set(productId, (held = new Set()));
  const mine = (p: number) => onEvent(p);
  held.add(mine);
  if (onReconnect) reconnected.add(onReconnect);
  sync();
  return () => {
    held.delete(mine);
    if (held.size === 0 && listeners.get(productId) === held) listeners.delete(productId);
    if (onReconnect) reconnected.delete(onReconnect);
    sync();
  };
}

/** Watches `productId`'s public events while mounted; `onEvent` (a stable function) is called with its id on each. */
export function useWatchItem(productId: number, onEvent: (productIdx: number) => void) {
  useEffect(() => watchItem(productId, onEvent), [productId, onEvent]);
}
