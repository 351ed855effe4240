import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { paths } from '../lib/routes';

/**
 * Spec §2's two modes, plus suppliers-only for the supplier's own lots (issue 16). A visitor is sent to
 * sign in with the page asked for kept in the navigation state, so the deep link survives sign-in.
 */
export function RouteGuard({ mode }: { mode: 'authenticated' | 'admin' | 'supplier' }) {
  const { isAuthenticated, isAdmin, user, unavailable } = useSession();
  const location = useLocation();
  // The service is away and this tab knows no session: wait for it (the layout says so), rather than
  // send a trader who may well be signed in to the sign-in form (decision 784).
  if (!isAuthenticated && unavailable) return null;
  if (!isAuthenticated) {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  }
  if (mode === 'admin' && !isAdmin) return <Navigate to={paths.unauthorized} replace />;
  if (mode === 'supplier' && user?.category !== 'supplier') return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}
