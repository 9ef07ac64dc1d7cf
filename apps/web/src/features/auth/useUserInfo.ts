import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { authQueries } from './auth-queries';
import { useLoginState } from './login-store';

/** The signed-in member's info (not persisted), loaded after login. */
export function useUserInfo() {
  const { id, ticket } = useSession();
  const login = useLoginState();
  const options = authQueries.userInfo(id, ticket);
  return useQuery({ ...options, enabled: options.enabled === true && login.name === 'loggedIn' });
}
