/**
 * The floating alert's data (not persisted), and the last correction heard: a reorg undid the chain event of an
 * alert already shown (AlertType.Correction), so the floating alert closes if it shows that alert, the alert list
 * is read again (the server leaves the retracted alert out) and the item's data too.
 */
import { AlertType, type AlertAboutData, type AlertFloorMove, type AlertTopBid } from '@att/shared';
import { useSyncExternalStore } from 'react';
import { createStore } from '../../lib/store';

export interface FloatingAlertData {
  type: number;
  productIdx?: number;
  /** The socket's id of the alert (a correction names it). */
  id?: string;
  /** The item's name, and an outbid alert's new top bid, when the socket told them. */
  itemName?: string;
  topBid?: AlertTopBid;
  /** A floor alert: the followed collection's move. */
  floorMove?: AlertFloorMove;
  visible: boolean;
}

/** A correction heard on the socket: the id of the alert it takes back, and its item. */
export interface AlertCorrection {
  retracts: string;
  productIdx?: number;
}

export const alertStore = createStore<FloatingAlertData | null>(null);
/** A new object for each correction, so two in a row are both seen. */
export const correctionStore = createStore<AlertCorrection | null>(null);

export function showAlert(
  type: number,
  productIdx?: number,
  id?: string,
  about: Pick<FloatingAlertData, 'itemName' | 'topBid' | 'floorMove'> = {},
) {
  alertStore.set({ type, productIdx, id, ...about, visible: true });
}

/** Takes back the alert a correction names: the floating alert closes if it shows it; readers of the store refetch. */
export function retractAlert(c: AlertCorrection) {
  const shown = alertStore.get();
  if (shown && shown.id !== undefined && shown.id === c.retracts) alertStore.set(null);
  correctionStore.set({ ...c });
}

/** What the alert socket hears: a correction takes an alert back, any other alert is shown. */
export function receiveAlert(a: { type: number; id?: string } & AlertAboutData) {
  if (a.type === AlertType.Correction) {
    if (a.retracts !== undefined) retractAlert({ retracts: a.retracts, productIdx: a.productIdx });
    return;
  }
  showAlert(a.type, a.productIdx, a.id, { itemName: a.itemName, topBid: a.topBid, floorMove: a.floorMove });
}

export function useFloatingAlert() {
  return useSyncExternalStore(alertStore.subscribe, alertStore.get, alertStore.get);
}

export function useAlertCorrection() {
  return useSyncExternalStore(correctionStore.subscribe, correctionStore.get, correctionStore.get);
}
