import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { appPaths } from '../../core/config.ts';
import { selectIsAuthenticated, useSession } from '../../core/session/session-store.ts';
import { PageLoading } from '../../ui/PageLoading.tsx';

/**
 * /logout has its own guard: a signed-in visitor is logged out (and sent on by the logout itself);
 * anyone else goes straight where a logout leads (config/app.json paths.afterLogout).
 */
export default function LogoutScreen() {
  const authenticated = useSession(selectIsAuthenticated);
  const started = useRef(false);
  useEffect(() => {
    if (!authenticated || started.current) return;
    started.current = true;
    void useSession.getState().logout();
  }, [authenticated]);
  return authenticated ? <PageLoading /> : <Navigate to={appPaths.afterLogout} replace />;
}
