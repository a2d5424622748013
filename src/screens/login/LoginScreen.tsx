import { lazy, Suspense, useEffect, useId, useRef, type SyntheticEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { landingDestination } from '../../core/account/landing.ts';
import { trackEvent } from '../../core/analytics/analytics.ts';
import { useBrandingContent } from '../../core/branding/use-branding-content.ts';
import { appPaths } from '../../core/config.ts';
import { safeReturnUrl } from '../../core/navigation/return-url.ts';
import { selectIsAuthenticated, useSession } from '../../core/session/session-store.ts';
import { Button } from '../../ui/Button.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import styles from './LoginScreen.module.css';

// Development builds only: the branch is removed from production builds, panel and all.
const QuickLoginPanel = import.meta.env.DEV ? lazy(() => import('./QuickLoginPanel.tsx')) : null;

// Only a brand with a login message needs the HTML sanitiser (DOMPurify): it loads with the message.
const SafeHtml = lazy(() =>
  import('../../ui/content/SafeHtml.tsx').then((module) => ({ default: module.SafeHtml })),
);

export default function LoginScreen() {
  const authenticated = useSession(selectIsAuthenticated);
  const status = useSession((s) => s.loginStatus);
  const error = useSession((s) => s.loginError);
  const login = useSession((s) => s.login);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const wanted = safeReturnUrl(params.get('returnUrl')) ?? undefined;
  const errorId = useId();
  const { data: branding } = useBrandingContent();
  const landing = useRef(false);

  // A failure from a previous visit is not this visit's failure.
  useEffect(() => {
    if (useSession.getState().loginStatus === 'failure')
      useSession.setState({ loginStatus: 'idle', loginError: null });
  }, []);

  // An authenticated visitor goes straight to the landing destination.
  useEffect(() => {
    if (!authenticated || status === 'attempting' || landing.current) return;
    landing.current = true;
    void landingDestination(useSession.getState().user, wanted).then((destination) => {
      landing.current = false;
      // Without a farm (its error already shown) the dashboard still offers what it can.
      void navigate(destination ?? appPaths.home, { replace: true });
    });
  }, [authenticated, status, wanted, navigate]);

  const submit = async (username: string, password: string) => {
    await login(username, password);
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const field = (name: string) => {
      const input = form.elements.namedItem(name);
      return input instanceof HTMLInputElement ? input.value : '';
    };
    void submit(field('username'), field('password'));
  };

  if (authenticated && status !== 'attempting') return <PageLoading />;

  const attempting = status === 'attempting';
  const loginMessage = branding?.login_message ?? null;
  return (
    <div className={loginMessage ? styles.pageWithMessage : styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <h1 id="login-heading">Login</h1>
        {status === 'failure' && error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
        <form onSubmit={onSubmit} aria-describedby={status === 'failure' ? errorId : undefined}>
          <div className={styles.field}>
            <label htmlFor="login-username">Username</label>
            <input
              id="login-username"
              name="username"
              type="email"
              autoComplete="username"
              required
              autoFocus
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="login-password">Password</label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          </div>
          <Button
            type="submit"
            className={styles.submit}
            busy={attempting}
            busyLabel="Logging in…"
            onClick={() => trackEvent({ action: 'click', category: 'login', label: 'Login' })}
          >
            Login
          </Button>
        </form>
        {QuickLoginPanel && (
          <Suspense fallback={null}>
            <QuickLoginPanel onLogin={(username, password) => void submit(username, password)} />
          </Suspense>
        )}
      </section>
      {loginMessage && (
        <aside className={styles.message} aria-label="Message from your provider">
          <Suspense fallback={null}>
            <SafeHtml html={loginMessage} />
          </Suspense>
        </aside>
      )}
    </div>
  );
}
