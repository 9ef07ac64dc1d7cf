import { ReturnCode } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { initialLoginState, type LoginEvent, loginReducer, type LoginState } from './login-machine';

const A = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const B = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const CHAIN = 31337;

function run(events: LoginEvent[], from: LoginState = initialLoginState): LoginState {
  return events.reduce(loginReducer, from);
}

const connected: LoginEvent[] = [
  { type: 'CONNECT', wallet: 'dev' },
  { type: 'CONNECTED', address: A, chainId: CHAIN, requiredChainId: CHAIN },
];

describe('login machine', () => {
  it('starts logged out and connects', () => {
    expect(initialLoginState).toEqual({ name: 'loggedOut' });
    expect(loginReducer(initialLoginState, { type: 'CONNECT', wallet: 'injected' })).toEqual({
      name: 'connecting',
      wallet: 'injected',
    });
  });

  it('checks the user after connecting on the required chain', () => {
    expect(run(connected)).toEqual({ name: 'checkingUser', address: A });
  });

  it('a wallet on the wrong network shows the network message only and stays logged out', () => {
    const s = run([
      { type: 'CONNECT', wallet: 'injected' },
      { type: 'CONNECTED', address: A, chainId: 1, requiredChainId: CHAIN },
    ]);
    expect(s).toEqual({ name: 'loggedOut', message: 'wrongNetwork', requiredChainId: CHAIN });
    expect(
      loginReducer(initialLoginState, { type: 'RESUMED', address: A, chainId: 1, requiredChainId: CHAIN }),
    ).toEqual(s);
  });

  it.each([
    ['notInstalled', 'notInstalled'],
    ['rejected', 'rejected'],
    ['emptyAccount', 'emptyAccount'],
    ['failed', 'connectFailed'],
  ] as const)('a failed connect (%s) shows its message', (reason, message) => {
    expect(
      run([
        { type: 'CONNECT', wallet: 'kaikas' },
        { type: 'CONNECT_FAILED', reason },
      ]),
    ).toEqual({
      name: 'loggedOut',
      message,
    });
  });

  it('42 with a stored ticket checks the ticket; a valid ticket logs in without signing', () => {
    const s = run([...connected, { type: 'USER_EXIST', code: ReturnCode.AlreadyExists, hasStoredTicket: true }]);
    expect(s).toEqual({ name: 'checkingTicket', address: A });
    expect(loginReducer(s, { type: 'TICKET_CHECKED', valid: true, id: 'alice' })).toEqual({
      name: 'loggedIn',
      address: A,
      id: 'alice',
    });
    expect(loginReducer(s, { type: 'TICKET_CHECKED', valid: false })).toEqual({ name: 'signingIn', address: A });
  });

  it('42 without a stored ticket signs in', () => {
    const s = run([...connected, { type: 'USER_EXIST', code: 42, hasStoredTicket: false }]);
    expect(s).toEqual({ name: 'signingIn', address: A });
    expect(loginReducer(s, { type: 'SIGNED_IN', id: 'alice' })).toEqual({ name: 'loggedIn', address: A, id: 'alice' });
  });

  it('a failed sign-in logs out with the code or the wallet message', () => {
    const s = run([...connected, { type: 'USER_EXIST', code: 42, hasStoredTicket: false }]);
    expect(loginReducer(s, { type: 'SIGN_IN_FAILED', code: 43 })).toEqual({ name: 'loggedOut', errorCode: 43 });
    expect(loginReducer(s, { type: 'SIGN_IN_FAILED', reason: 'rejected' })).toEqual({
      name: 'loggedOut',
      message: 'rejected',
    });
    expect(loginReducer(s, { type: 'SIGN_IN_FAILED' })).toEqual({ name: 'loggedOut', errorCode: 999 });
  });

  it.each([41, 85])('%i opens the sign-up popup; signing up shows the mail-sent popup', (code) => {
    const s = run([...connected, { type: 'USER_EXIST', code, hasStoredTicket: false }]);
    expect(s).toEqual({ name: 'signUp', address: A });
    expect(loginReducer(s, { type: 'SIGNED_UP', email: 'a@b.co' })).toEqual({
      name: 'awaitingEmail',
      address: A,
      email: 'a@b.co',
      justSent: true,
    });
    expect(loginReducer(s, { type: 'DISMISS' })).toEqual({ name: 'connected', address: A });
  });

  it('13 shows the mail-sent popup with the e-mail', () => {
    const s = run([...connected, { type: 'USER_EXIST', code: 13, email: 'x@y.kr', hasStoredTicket: false }]);
    expect(s).toEqual({ name: 'awaitingEmail', address: A, email: 'x@y.kr', justSent: false });
    const dismissed = loginReducer(s, { type: 'DISMISS' });
    expect(dismissed).toEqual({ name: 'connected', address: A });
    expect(loginReducer(dismissed, { type: 'CONNECT', wallet: 'dev' })).toEqual({ name: 'checkingUser', address: A });
  });

  it('any other /user/exist code logs out with that error', () => {
    expect(run([...connected, { type: 'USER_EXIST', code: 901, hasStoredTicket: false }])).toEqual({
      name: 'loggedOut',
      errorCode: 901,
    });
  });

  it('resumes a remembered connection on page load', () => {
    expect(
      loginReducer(initialLoginState, { type: 'RESUMED', address: A, chainId: CHAIN, requiredChainId: CHAIN }),
    ).toEqual({ name: 'checkingUser', address: A });
    const loggedIn: LoginState = { name: 'loggedIn', address: A, id: 'alice' };
    expect(loginReducer(loggedIn, { type: 'RESUMED', address: A, chainId: CHAIN, requiredChainId: CHAIN })).toBe(
      loggedIn,
    );
  });

  describe('wallet events log out with their own message', () => {
    const loggedIn: LoginState = { name: 'loggedIn', address: A, id: 'alice' };
    it('account changed', () => {
      expect(loginReducer(loggedIn, { type: 'ACCOUNT_CHANGED', address: B })).toEqual({
        name: 'loggedOut',
        message: 'accountChanged',
        fromWalletEvent: true,
      });
      // the same address (different case) is not a change
      expect(loginReducer(loggedIn, { type: 'ACCOUNT_CHANGED', address: A.toUpperCase() })).toBe(loggedIn);
    });
    it('network changed', () => {
      expect(loginReducer(loggedIn, { type: 'NETWORK_CHANGED', chainId: 1, requiredChainId: CHAIN })).toEqual({
        name: 'loggedOut',
        message: 'networkChanged',
        fromWalletEvent: true,
      });
    });
    it('locked or emptied wallet', () => {
      expect(loginReducer(loggedIn, { type: 'WALLET_DISCONNECTED' })).toEqual({
        name: 'loggedOut',
        message: 'locked',
        fromWalletEvent: true,
      });
    });
    it('are ignored when no wallet is connected', () => {
      const out: LoginState = { name: 'loggedOut' };
      expect(loginReducer(out, { type: 'WALLET_DISCONNECTED' })).toBe(out);
      expect(loginReducer(out, { type: 'ACCOUNT_CHANGED', address: B })).toBe(out);
      expect(loginReducer(out, { type: 'NETWORK_CHANGED', chainId: 1, requiredChainId: CHAIN })).toBe(out);
    });
  });

  it('logout from any state', () => {
    for (const s of [
      { name: 'loggedIn', address: A, id: 'a' },
      { name: 'signingIn', address: A },
      { name: 'signUp', address: A },
    ] as LoginState[]) {
      expect(loginReducer(s, { type: 'LOGOUT' })).toEqual({ name: 'loggedOut' });
    }
  });

  it('ignores events that do not belong to the current state', () => {
    const out: LoginState = { name: 'loggedOut' };
    expect(loginReducer(out, { type: 'SIGNED_IN', id: 'x' })).toBe(out);
    expect(loginReducer(out, { type: 'USER_EXIST', code: 42, hasStoredTicket: false })).toBe(out);
    expect(loginReducer(out, { type: 'CONNECTED', address: A, chainId: CHAIN, requiredChainId: CHAIN })).toBe(out);
    const connecting = run([{ type: 'CONNECT', wallet: 'dev' }]);
    expect(loginReducer(connecting, { type: 'CONNECT', wallet: 'kaikas' })).toBe(connecting);
  });

  describe('another tab (the shared stored session)', () => {
    const loggedIn: LoginState = { name: 'loggedIn', address: A, id: 'alice' };
    it('its logout ends a signed-in or ticket-checking session here, marked elsewhere', () => {
      expect(loginReducer(loggedIn, { type: 'SESSION_ENDED_ELSEWHERE' })).toEqual({
        name: 'loggedOut',
        elsewhere: true,
      });
      expect(loginReducer({ name: 'checkingTicket', address: A }, { type: 'SESSION_ENDED_ELSEWHERE' })).toEqual({
        name: 'loggedOut',
        elsewhere: true,
      });
      const out: LoginState = { name: 'loggedOut' };
      expect(loginReducer(out, { type: 'SESSION_ENDED_ELSEWHERE' })).toBe(out);
      const signUp: LoginState = { name: 'signUp', address: A };
      expect(loginReducer(signUp, { type: 'SESSION_ENDED_ELSEWHERE' })).toBe(signUp);
    });
    it.each(['connected', 'signUp'] as const)('its login re-checks a %s wallet of the same address', (name) => {
      const s: LoginState = { name, address: A };
      expect(loginReducer(s, { type: 'SESSION_STARTED_ELSEWHERE', address: A.toUpperCase() })).toEqual({
        name: 'checkingUser',
        address: A,
      });
      expect(loginReducer(s, { type: 'SESSION_STARTED_ELSEWHERE', address: B })).toBe(s);
    });
    it('its login re-checks a wallet awaiting the e-mail; a signed-in tab ignores it', () => {
      const s: LoginState = { name: 'awaitingEmail', address: A, email: 'a@b.co', justSent: false };
      expect(loginReducer(s, { type: 'SESSION_STARTED_ELSEWHERE', address: A })).toEqual({
        name: 'checkingUser',
        address: A,
      });
      expect(loginReducer(loggedIn, { type: 'SESSION_STARTED_ELSEWHERE', address: A })).toBe(loggedIn);
    });
  });

  it('a changed e-mail of the pending sign-up replaces the address shown; elsewhere it is ignored', () => {
    const s: LoginState = { name: 'awaitingEmail', address: A, email: 'a***@b.co', justSent: false };
    expect(loginReducer(s, { type: 'EMAIL_CHANGED', email: 'new@b.co' })).toEqual({
      name: 'awaitingEmail',
      address: A,
      email: 'new@b.co',
      justSent: true,
    });
    const signUp: LoginState = { name: 'signUp', address: A };
    expect(loginReducer(signUp, { type: 'EMAIL_CHANGED', email: 'new@b.co' })).toBe(signUp);
  });
});
