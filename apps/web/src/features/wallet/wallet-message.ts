/** The wallet messages of spec 1 (section 8) as OK popups; the not-installed one carries the install link. */
import { i18n } from '../../i18n';
import { WALLET_INSTALL_URL } from '../../lib/links';
import { popups } from '../popups';
import type { WalletFailure } from './wallet';

/** Why a login ended or never began, as the member is told (spec 1, section 8). */
export type WalletMessage =
  | 'notInstalled'
  | 'locked'
  | 'emptyAccount'
  | 'accountChanged'
  | 'networkChanged'
  | 'rejected'
  | 'connectFailed'
  | 'wrongNetwork';

export function showWalletMessage(message: WalletMessage | WalletFailure): number {
  const key: WalletMessage = message === 'failed' ? 'connectFailed' : message;
  const link =
    key === 'notInstalled'
      ? { href: WALLET_INSTALL_URL, label: i18n.t('wallet:messages.installLink'), testId: 'wallet-install-link' }
      : undefined;
  return popups.ok(i18n.t(`wallet:messages.${key}`), { link });
}
