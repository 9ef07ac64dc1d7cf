/** The alert socket and the floating alert: what other features may use. */
export { AlertSocket, alertSocketUrl } from './alert-socket';
export { showAlert } from './alert-store';
export { FloatingAlert } from './FloatingAlert';
