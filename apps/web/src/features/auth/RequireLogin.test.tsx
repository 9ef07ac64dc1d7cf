import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, updateSession } from '../../lib/session';
import { loginStore } from './login-store';
import { initialLoginState } from './login-machine';
import { RequireLogin } from './RequireLogin';

function renderAt() {
  render(
    <MemoryRouter initialEntries={['/AccountSetting']}>
      <Routes>
        <Route path="/" element={<p>home</p>} />
        <Route path="/AccountSetting" element={<RequireLogin>{(auth) => <p>settings of {auth.id}</p>}</RequireLogin>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RequireLogin', () => {
  afterEach(() => {
    clearSession();
    loginStore.set(initialLoginState);
  });

  it('a member with a ticket sees the page', () => {
    updateSession({ id: 'alice_01', ticket: 'T1' });
    renderAt();
    expect(screen.getByText('settings of alice_01')).toBeTruthy();
  });

  it('a visitor without a ticket goes home', () => {
    renderAt();
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('waits on the page while a refused ticket is replaced by a new signature, then shows it', () => {
    loginStore.set({ name: 'signingIn', address: '0xabc' });
    renderAt();
    expect(screen.getByTestId('sign-in-pending')).toBeTruthy();
    act(() => updateSession({ id: 'alice_01', ticket: 'T2' }));
    expect(screen.getByText('settings of alice_01')).toBeTruthy();
  });

  it('goes home when that sign-in ends without a ticket', () => {
    loginStore.set({ name: 'checkingTicket', address: '0xabc' });
    renderAt();
    expect(screen.getByTestId('sign-in-pending')).toBeTruthy();
    act(() => loginStore.set({ name: 'loggedOut' }));
    expect(screen.getByText('home')).toBeTruthy();
  });
});
