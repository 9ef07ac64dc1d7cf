/**
 * The login state machine (spec 1, section 4) as a pure reducer. Effects (wallet calls, API calls,
 * navigation) are run by the auth controller when a state is entered; this module only decides.
 *
 *   loggedOut --CONNECT--> connecting --CONNECTED--> checkingUser   (wrong chain: loggedOut + network message only)
 *   checkingUser --USER_EXIST 42--> checkingTicket (stored ticket) | signingIn
 *               --USER_EXIST 41/85--> signUp --SIGNED_UP--> awaitingEmail
 *               --USER_EXIST 13--> awaitingEmail (--EMAIL_CHANGED--> awaitingEmail, the new address)
 *   checkingTicket --valid--> loggedIn | --invalid--> signingIn --SIGNED_IN--> loggedIn
 *   wallet events (account/network changed, locked) --> loggedOut with a message; LOGOUT --> loggedOut
 *   another tab of this browser (the shared stored session):
 *     SESSION_ENDED_ELSEWHERE: loggedIn | checkingTicket --> loggedOut (elsewhere: nothing to revoke, no message)
 *     SESSION_STARTED_ELSEWHERE: connected | signUp | awaitingEmail (same address) --> checkingUser, which finds
 *       the stored ticket and logs in without a signature (from loggedOut the controller reconnects: RESUMED)
 */
import { ReturnCode } from '@att/shared';
import type { WalletFailure, WalletKind, WalletMessage } from '../wallet';

export type LoginState =
  | {
      name: 'loggedOut';
      message?: WalletMessage;
      errorCode?: number;
      fromWalletEvent?: boolean;
      /** With message 'wrongNetwork': the chain the wallet must use. */
      requiredChainId?: number;
      /** Another tab logged out (or its ticket ended): the ticket is already revoked and the session cleared. */
      elsewhere?: boolean;
    }
  | { name: 'connecting'; wallet: WalletKind }
  | { name: 'checkingUser'; address: string }
  | { name: 'connected'; address: string }
  | { name: 'signUp'; address: string }
  | { name: 'awaitingEmail'; address: string; email: string; justSent: boolean }
  | { name: 'checkingTicket'; address: string }
  | { name: 'signingIn'; address: string }
  | { name: 'loggedIn'; address: string; id: string };

export type LoginStateName = LoginState['name'];

export type LoginEvent =
  | { type: 'CONNECT'; wallet: WalletKind }
  | { type: 'CONNECTED'; address: string; chainId: number; requiredChainId: number }
  | { type: 'CONNECT_FAILED'; reason: WalletFailure }
  | { type: 'RESUMED'; address: string; chainId: number; requiredChainId: number }
  | { type: 'USER_EXIST'; code: number; email?: string; hasStoredTicket: boolean }
  | { type: 'TICKET_CHECKED'; valid: true; id: string }
  | { type: 'TICKET_CHECKED'; valid: false }
  | { type: 'SIGNED_IN'; id: string }
  | { type: 'SIGN_IN_FAILED'; code?: number; reason?: WalletFailure }
  | { type: 'SIGNED_UP'; email: string }
  | { type: 'EMAIL_CHANGED'; email: string }
  | { type: 'DISMISS' }
  | { type: 'ACCOUNT_CHANGED'; address: string }
  | { type: 'NETWORK_CHANGED'; chainId: number; requiredChainId: number }
  | { type: 'WALLET_DISCONNECTED' }
  | { type: 'LOGOUT' }
  | { type: 'SESSION_ENDED_ELSEWHERE' }
  | { type: 'SESSION_STARTED_ELSEWHERE'; address: string };

export const initialLoginState: LoginState = { name: 'loggedOut' };

const failureMessage: Record<WalletFailure, WalletMessage> = {
  notInstalled: 'notInstalled',
  rejected: 'rejected',
  emptyAccount: 'emptyAccount',
  failed: 'connectFailed',
};

/** Wrong network at connect: a message only (no logout, no navigation); the user switches and connects again. */
function afterConnect(address: string, chainId: number, requiredChainId: number): LoginState {
  return chainId === requiredChainId
    ? { name: 'checkingUser', address }
    : { name: 'loggedOut', message: 'wrongNetwork', requiredChainId };
}

/** States in which a wallet is connected. */
export function hasWallet(s: LoginState): s is Extract<LoginState, { address: string }> {
  return 'address' in s;
}

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'CONNECT':
      if (state.name === 'loggedOut') return { name: 'connecting', wallet: event.wallet };
      // A connected but not signed-in wallet: check the account again (e.g. after verifying the e-mail).
      if (state.name === 'connected' || state.name === 'awaitingEmail')
        return { name: 'checkingUser', address: state.address };
      return state;

    case 'CONNECTED':
      if (state.name !== 'connecting') return state;
      return afterConnect(event.address, event.chainId, event.requiredChainId);

    case 'RESUMED':
      if (state.name !== 'loggedOut') return state;
      return afterConnect(event.address, event.chainId, event.requiredChainId);

    case 'CONNECT_FAILED':
      if (state.name !== 'connecting') return state;
      return { name: 'loggedOut', message: failureMessage[event.reason] };

    case 'USER_EXIST':
      if (state.name !== 'checkingUser') return state;
      switch (event.code) {
        case ReturnCode.AlreadyExists:
          return event.hasStoredTicket
            ? { name: 'checkingTicket', address: state.address }
            : { name: 'signingIn', address: state.address };
        case ReturnCode.AccountNotFound:
        case ReturnCode.TimeExpired:
          return { name: 'signUp', address: state.address };
        case ReturnCode.EarlierRequestExists:
          return { name: 'awaitingEmail', address: state.address, email: event.email ?? '', justSent: false };
        default:
          return { name: 'loggedOut', errorCode: event.code };
      }

    case 'TICKET_CHECKED':
      if (state.name !== 'checkingTicket') return state;
      return event.valid
        ? { name: 'loggedIn', address: state.address, id: event.id }
        : { name: 'signingIn', address: state.address };

    case 'SIGNED_IN':
      if (state.name !== 'signingIn') return state;
      return { name: 'loggedIn', address: state.address, id: event.id };

    case 'SIGN_IN_FAILED':
      if (state.name !== 'signingIn') return state;
      if (event.reason) return { name: 'loggedOut', message: failureMessage[event.reason] };
      return { name: 'loggedOut', errorCode: event.code ?? ReturnCode.Undefined };

    case 'SIGNED_UP':
      if (state.name !== 'signUp') return state;
      return { name: 'awaitingEmail', address: state.address, email: event.email, justSent: true };

    case 'EMAIL_CHANGED':
      if (state.name !== 'awaitingEmail') return state;
      return { ...state, email: event.email, justSent: true };

    case 'DISMISS':
      if (state.name === 'signUp' || state.name === 'awaitingEmail')
        return { name: 'connected', address: state.address };
      return state;

    case 'ACCOUNT_CHANGED':
      if (!hasWallet(state)) return state;
      if (event.address.toLowerCase() === state.address.toLowerCase()) return state;
      return { name: 'loggedOut', message: 'accountChanged', fromWalletEvent: true };

    case 'NETWORK_CHANGED':
      if (!hasWallet(state)) return state;
      return { name: 'loggedOut', message: 'networkChanged', fromWalletEvent: true };

    case 'WALLET_DISCONNECTED':
      if (!hasWallet(state)) return state;
      return { name: 'loggedOut', message: 'locked', fromWalletEvent: true };

    case 'LOGOUT':
      return { name: 'loggedOut' };

    case 'SESSION_ENDED_ELSEWHERE':
      if (state.name === 'loggedIn' || state.name === 'checkingTicket') return { name: 'loggedOut', elsewhere: true };
      return state;

    case 'SESSION_STARTED_ELSEWHERE':
      if (
        (state.name === 'connected' || state.name === 'signUp' || state.name === 'awaitingEmail') &&
        state.address.toLowerCase() === event.address.toLowerCase()
      )
        return { name: 'checkingUser', address: state.address };
      return state;
  }
}
