/** The login: what other features may use. */
export { auth, setNavigator } from './auth-controller';
export { authKeys, authQueries, fetchUserInfo, reloadUserInfo } from './auth-queries';
export { AuthPopups } from './AuthPopups';
export { hasWallet, type LoginState } from './login-machine';
export { loginStore, useConnectDialog, useLoginState } from './login-store';
export { RequireLogin } from './RequireLogin';
export { useUserInfo } from './useUserInfo';
/** A fresh wallet signature over a server nonce, as the login asks (loaded on demand, like the login's). */
export const signFresh = async (address: string) => (await import('./siwe')).signIn(address);
