import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { landingDestination } from '../../core/account/landing.ts';
import { appPaths } from '../../core/config.ts';
import { logger } from '../../core/logging/logger.ts';
import { useSession } from '../../core/session/session-store.ts';
import { PageLoading } from '../../ui/PageLoading.tsx';

/**
 * Single sign-on: /auth?token=… logs in with the token and goes to the landing page. No token, a
 * failed login or any error goes to the login page with no message.
 */
export default function AuthScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    const toLogin = () => {
      useSession.setState({ loginStatus: 'idle', loginError: null });
      void navigate(appPaths.login, { replace: true });
    };
    if (!token) {
      toLogin();
      return;
    }
    void (async () => {
      try {
        if (!(await useSession.getState().loginWithSsoToken(token))) {
          toLogin();
          return;
        }
        const destination = await landingDestination(useSession.getState().user);
        void navigate(destination ?? appPaths.home, { replace: true });
      } catch (error) {
        logger.warn('Single sign-on failed', error);
        toLogin();
      }
    })();
  }, [params, navigate]);

  return <PageLoading />;
}
