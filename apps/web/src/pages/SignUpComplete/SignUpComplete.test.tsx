import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';
import { connectDialogStore, loginStore } from '../../features/auth/login-store';
import { initialLoginState } from '../../features/auth/login-machine';
import { SignUpComplete } from './SignUpComplete';

const ADDRESS = '0x14dc79964da2c08b23698b3d3cc7ca32193d9955';

function show() {
  return renderPage(
    {
      '/': <p data-testid="home">home</p>,
      '/SignUpComplete': <SignUpComplete />,
      '/CollectionRegist': <p data-testid="collection-regist">regist</p>,
    },
    { path: '/SignUpComplete' },
  );
}

describe('SignUpComplete', () => {
  beforeEach(() => {
    loginStore.set(initialLoginState);
    connectDialogStore.set(false);
  });

  it.each([
    ['ko', '컬렉션을 만들려면 지갑을 연결하고 로그인해 주세요.'],
    ['en', 'To create a collection, connect your wallet and sign in.'],
  ])(
    '"create a collection" while signed out asks to connect and sign in, then continues to /CollectionRegist (%s)',
    async (lang, text) => {
      await i18n.changeLanguage(lang);
      show();
      fireEvent.click(screen.getByTestId('signup-complete-collection'));
      // Not sent to / (the collection page's guard would do that): the member stays, is asked, and the dialog opens.
      expect(screen.queryByTestId('home')).toBeNull();
      expect(screen.queryByTestId('collection-regist')).toBeNull();
      expect(screen.getByTestId('signup-complete-sign-in').textContent).toContain(text);
      expect(connectDialogStore.get()).toBe(true);

      act(() => loginStore.set({ name: 'checkingTicket', address: ADDRESS }));
      expect(screen.queryByTestId('collection-regist')).toBeNull();
      act(() => loginStore.set({ name: 'loggedIn', address: ADDRESS, id: 'demo_artist' }));
      expect(await screen.findByTestId('collection-regist')).toBeTruthy();
    },
  );

  it('a signed-in member goes straight to /CollectionRegist', async () => {
    loginStore.set({ name: 'loggedIn', address: ADDRESS, id: 'demo_artist' });
    show();
    fireEvent.click(screen.getByTestId('signup-complete-collection'));
    expect(await screen.findByTestId('collection-regist')).toBeTruthy();
    expect(connectDialogStore.get()).toBe(false);
  });
});
