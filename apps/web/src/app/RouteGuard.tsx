import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/**
 * Spec §2's two modes, plus suppliers-only for the supplier's own lots (issue 16). A visitor is sent to
 * sign in with the page asked for kept in the navigation state, so the deep link survives sign-in.
 */
export function RouteGuard({ mode }: { mode: 'authenticated' | 'admin' | 'supplier' }) {
  const { isAuthenticated, isAdmin, user } = useSession();
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to="/user/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  }
  if (mode === 'admin' && !isAdmin) return <Navigate to="/unauthorized" replace />;
  if (mode === 'supplier' && user?.category !== 'supplier') return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}
