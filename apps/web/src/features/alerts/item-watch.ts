/**
 * The page's one alert socket, and items watched on it (issue #18 item 4): the member's alerts (member-session.ts
 * connects and closes it) and the public events of the items a page shows. `useWatchItem` watches an item while
 * the component is mounted and calls back on each of its events; two components watching one item are both told,
 * and it stays watched until the last one goes.
 */
import { useEffect } from 'react';
import { AlertSocket } from './alert-socket';
import { receiveAlert } from './alert-store';

const listeners = new Map<number, Set<(productIdx: number) => void>>();

export const alertSocket = new AlertSocket({
  onAlert: receiveAlert,
  onItemEvent: (productIdx) => {
    for (const l of listeners.get(productIdx) ?? []) l(productIdx);
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

/** Watches `productId`'s public events while mounted; `onEvent` (a stable function) is called with its id on each. */
export function useWatchItem(productId: number, onEvent: (productIdx: number) => void) {
  useEffect(() => {
    let held = listeners.get(productId);
    if (!held) listeners.set(productId, (held = new Set()));
    const mine = (p: number) => onEvent(p);
    held.add(mine);
    sync();
    return () => {
      held.delete(mine);
      if (held.size === 0) listeners.delete(productId);
      sync();
    };
  }, [productId, onEvent]);
}
