import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { selectIsAuthenticated, useSession } from '../../core/session/session-store.ts';
import { PageLoading } from '../../ui/PageLoading.tsx';

/**
 * /logout has its own guard: a signed-in visitor is logged out (and sent to the site root by the
 * logout itself); anyone else goes straight to the root.
 */
export default function LogoutScreen() {
  const authenticated = useSession(selectIsAuthenticated);
  const started = useRef(false);
  useEffect(() => {
    if (!authenticated || started.current) return;
    started.current = true;
    void useSession.getState().logout();
  }, [authenticated]);
  return authenticated ? <PageLoading /> : <Navigate to="/" replace />;
}
