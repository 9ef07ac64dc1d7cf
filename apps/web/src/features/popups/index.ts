/** The global popups: what other features may use. */
export { errorKey, errorText } from './error-text';
export { ErrorPopup } from './ErrorPopup';
export { closePopup, type Popup, type PopupLink, popups, usePopups } from './popup-store';
export { PopupHost } from './PopupHost';
