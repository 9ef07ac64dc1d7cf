/** The alert socket and the floating alert: what other features may use. */
import { lazy } from 'react';
export { AlertSocket, alertSocketUrl } from './alert-socket';
export { receiveAlert, showAlert } from './alert-store';
export { FloatingAlert } from './FloatingAlert';
export { alertSocket, useWatchItem, watchItem } from './item-watch';
/** The header's alert list: its own chunk, loaded only when rendered (for a signed-in member). */
export const AlertInbox = lazy(() => import('./AlertInbox'));
