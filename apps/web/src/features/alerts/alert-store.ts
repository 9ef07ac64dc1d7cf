/** The floating alert's data (not persisted). */
import { useSyncExternalStore } from 'react';
import { createStore } from '../../lib/store';

export interface FloatingAlertData {
  type: number;
  productIdx?: number;
  visible: boolean;
}

export const alertStore = createStore<FloatingAlertData | null>(null);

export function showAlert(type: number, productIdx?: number) {
  alertStore.set({ type, productIdx, visible: true });
}

export function useFloatingAlert() {
  return useSyncExternalStore(alertStore.subscribe, alertStore.get, alertStore.get);
}
