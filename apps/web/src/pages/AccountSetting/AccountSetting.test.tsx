import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a), uploadUserImage: vi.fn() }));

const { AccountSetting } = await import('./AccountSetting');
const { sessionStore, emptySession } = await import('../../lib/session');

const info = {
  id: 'alice_01',
  memberIdx: 1,
  aboutMe: 'hi',
  banner: null,
  profile: null,
  createDate: '2026-01-01',
  collectionCount: 0,
  email: 'alice@example.com',
  erc20Address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  flagItemSell: 1,
  flagBid: 0,
  flagAcceptOffer: 1,
  flagExpiredSell: 1,
  flagOverOffer: 1,
  flagMinOffer: 0,
  flagFloorMove: 1,
  flagEmail: 1,
  minOfferPriceKlay: '1500000000000000000',
  minOfferPriceAtt: '0',
};

function show() {
  return renderPage(
    { '/': <p data-testid="home">home</p>, '/AccountSetting': <AccountSetting /> },
    { path: '/AccountSetting', client: new QueryClient({ defaultOptions: { queries: { retryDelay: 1 } } }) },
  );
}

describe('AccountSetting', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    api.mockReset();
    api.mockImplementation(async (path: string) =>
      path === '/user/info' ? { returnCode: 0, data: info } : { returnCode: 0 },
    );
  });
  afterEach(() => sessionStore.set(emptySession));

  it('redirects to / without id and ticket', () => {
    sessionStore.set(emptySession);
    show();
    expect(screen.getByTestId('home')).toBeTruthy();
  });

  it('has a keyboard tablist with the wallet tab first', async () => {
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 't', address: info.erc20Address });
    show();
    const wallet = screen.getByTestId('account-tab-wallet');
    expect(wallet.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('account-wallet-address').textContent).toBe('0xf39f...2266');
    fireEvent.keyDown(wallet, { key: 'ArrowRight' });
    expect(screen.getByTestId('account-tab-general').getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect((screen.getByTestId('account-about') as HTMLTextAreaElement).value).toBe('hi'));
    expect((screen.getByTestId('account-email') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.keyDown(screen.getByTestId('account-tab-general'), { key: 'End' });
    expect(screen.getByTestId('account-tab-notifications').getAttribute('aria-selected')).toBe('true');
  });

  it('saves notification settings with thresholds in wei', async () => {
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 't', address: info.erc20Address });
    show();
    fireEvent.click(screen.getByTestId('account-tab-notifications'));
    await waitFor(() => expect((screen.getByTestId('alarm-min-klay') as HTMLInputElement).value).toBe('1.5'));
    expect((screen.getByTestId('alarm-flag-flagBid') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByTestId('alarm-flag-flagBid'));
    fireEvent.change(screen.getByTestId('alarm-min-att'), { target: { value: '0.25' } });
    fireEvent.click(screen.getByTestId('alarm-save'));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/user/alarm/update', {
        id: 'alice_01',
        ticketId: 't',
        flagItemSell: 1,
        flagBid: 1,
        flagAcceptOffer: 1,
        flagExpiredSell: 1,
        flagOverOffer: 1,
        flagMinOffer: 0,
        flagFloorMove: 1,
        flagEmail: 1,
        minOfferPriceKlay: '1500000000000000000',
        minOfferPriceAtt: '250000000000000000',
      }),
    );
  });

  it('has an e-mail switch that turns alert mails back on after an unsubscribe link turned them off', async () => {
    api.mockImplementation(async (path: string) =>
      path === '/user/info' ? { returnCode: 0, data: { ...info, flagEmail: 0 } } : { returnCode: 0 },
    );
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 't', address: info.erc20Address });
    show();
    fireEvent.click(screen.getByTestId('account-tab-notifications'));
    const email = (await screen.findByTestId('alarm-flag-flagEmail')) as HTMLInputElement;
    expect(email.checked).toBe(false);
    expect(screen.getByRole('switch', { name: /이메일 알림/ })).toBe(email);
    fireEvent.click(email);
    fireEvent.click(screen.getByTestId('alarm-save'));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/user/alarm/update', expect.objectContaining({ flagEmail: 1 })),
    );
  });

  it('refuses a malformed threshold and an over-long about-me', async () => {
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 't', address: info.erc20Address });
    show();
    fireEvent.click(screen.getByTestId('account-tab-notifications'));
    await waitFor(() => screen.getByTestId('alarm-min-klay'));
    fireEvent.change(screen.getByTestId('alarm-min-klay'), { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('alarm-save'));
    expect(screen.getByRole('alert').textContent).toContain('0 이상의 숫자를 입력해 주세요.');
    expect(api).not.toHaveBeenCalledWith('/user/alarm/update', expect.anything());
    fireEvent.click(screen.getByTestId('account-tab-general'));
    fireEvent.change(screen.getByTestId('account-about'), { target: { value: 'a'.repeat(141) } });
    expect(screen.getByText('자기소개는 140자까지 입력할 수 있습니다.')).toBeTruthy();
    expect((screen.getByTestId('account-save') as HTMLButtonElement).disabled).toBe(true);
  });
});
