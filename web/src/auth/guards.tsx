import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../components/page-loader.tsx';
import { useAuth } from './auth-context.tsx';
import { useUserRecord } from './use-user-record.ts';

/** Where a guard sent the visitor from, so sign-in can return there. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * Signed-in users only; others go to /login, and the page they wanted is remembered. A user who
 * has just pressed Logout here goes Home, as Logout says.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status, loggedOut } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageLoader label="Checking your sign-in" page />;
  if (status === 'signed-out') {
    if (loggedOut) return <Navigate to="/" replace />;
    return <Navigate to="/login" replace state={{ from: location } satisfies FromState} />;
  }
  return children ?? <Outlet />;
}

/** Admins only; everyone else goes to / (history replaced, the origin remembered). */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  const record = useUserRecord();
  if (status === 'loading' || (status === 'signed-in' && record.isPending)) {
    return <PageLoader label="Checking your role" page />;
  }
  if (record.data?.type !== 'Admin') {
    return <Navigate to="/" replace state={{ from: location } satisfies FromState} />;
  }
  return children ?? <Outlet />;
}
