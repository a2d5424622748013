import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsAuthenticated, useSession } from '../core/session/session-store.ts';

/**
 * Protected routes: a visitor who is not logged in goes to /login and comes back afterwards;
 * one who has just logged out goes to the site root.
 */
export function RequireAuth() {
  const authenticated = useSession(selectIsAuthenticated);
  const loggedOut = useSession((s) => s.loggedOut);
  const location = useLocation();
  if (!authenticated) {
    if (loggedOut) return <Navigate to="/" replace />;
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?returnUrl=${encodeURIComponent(wanted)}`} replace />;
  }
  return <Outlet />;
}
