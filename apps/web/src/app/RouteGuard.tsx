import { Navigate, Outlet } from 'react-router';
import { useSession } from '../lib/session';

/** Two modes (spec §2): any signed-in user, or admins only. */
export function RouteGuard({ mode }: { mode: 'authenticated' | 'admin' }) {
  const { isAuthenticated, isAdmin } = useSession();
  if (!isAuthenticated) return <Navigate to="/user/login" replace />;
  if (mode === 'admin' && !isAdmin) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}
