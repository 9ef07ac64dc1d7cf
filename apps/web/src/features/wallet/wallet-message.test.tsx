import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { WALLET_INSTALL_URL } from '../../lib/links';
import { PopupHost } from '../popups/PopupHost';
import { popups } from '../popups/popup-store';
import { showWalletMessage } from './wallet-message';

describe('wallet messages (issue #7, item 16)', () => {
  beforeEach(() => i18n.changeLanguage('ko'));
  afterEach(() => popups.clear());

  it('the missing-wallet message carries an install link that opens in a new tab', async () => {
    render(<PopupHost />);
    act(() => void showWalletMessage('notInstalled'));
    expect(screen.getByTestId('ok-popup').textContent).toContain('지갑이 설치되어 있지 않거나 잠겨 있습니다.');
    const link = screen.getByTestId('wallet-install-link');
    expect(link.getAttribute('href')).toBe(WALLET_INSTALL_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toBe('Kaia Wallet 설치하기');
  });

  it('other wallet messages have no link; a failed connect says so', async () => {
    await i18n.changeLanguage('en');
    render(<PopupHost />);
    act(() => void showWalletMessage('failed'));
    expect(screen.getByTestId('ok-popup').textContent).toContain('Could not connect the wallet.');
    expect(screen.queryByTestId('wallet-install-link')).toBeNull();
  });
});
