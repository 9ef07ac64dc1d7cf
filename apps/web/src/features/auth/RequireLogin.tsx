import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../lib/session';

/** Pages for members only (spec 2, section 6): without id and ticket the visitor goes to /. */
export function RequireLogin({ children }: { children: (auth: { id: string; ticket: string }) => ReactNode }) {
  const { id, ticket } = useSession();
  if (!id || !ticket) return <Navigate to="/" replace />;
  return <>{children({ id, ticket })}</>;
}
