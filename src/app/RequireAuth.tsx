import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { appPaths } from '../core/config.ts';
import { selectIsAuthenticated, useSession } from '../core/session/session-store.ts';

/**
 * Protected routes: a visitor who is not logged in goes to the login page and comes back
 * afterwards; one who has just logged out goes where a logout leads (config/app.json paths).
 */
export function RequireAuth() {
  const authenticated = useSession(selectIsAuthenticated);
  const loggedOut = useSession((s) => s.loggedOut);
  const location = useLocation();
  if (!authenticated) {
    if (loggedOut) return <Navigate to={appPaths.afterLogout} replace />;
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${appPaths.login}?returnUrl=${encodeURIComponent(wanted)}`} replace />;
  }
  return <Outlet />;
}
