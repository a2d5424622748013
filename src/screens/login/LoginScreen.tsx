import { useEffect, useId, type SyntheticEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { safeReturnUrl } from '../../core/navigation/return-url.ts';
import { selectIsAuthenticated, useSession } from '../../core/session/session-store.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './LoginScreen.module.css';

const LANDING = '/dashboard';

export default function LoginScreen() {
  const authenticated = useSession(selectIsAuthenticated);
  const status = useSession((s) => s.loginStatus);
  const error = useSession((s) => s.loginError);
  const login = useSession((s) => s.login);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const destination = safeReturnUrl(params.get('returnUrl')) ?? LANDING;
  const errorId = useId();

  // A failure from a previous visit is not this visit's failure.
  useEffect(() => {
    if (useSession.getState().loginStatus === 'failure')
      useSession.setState({ loginStatus: 'idle', loginError: null });
  }, []);

  if (authenticated && status !== 'attempting') return <Navigate to={destination} replace />;

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = (name: string) => {
      const input = event.currentTarget.elements.namedItem(name);
      return input instanceof HTMLInputElement ? input.value : '';
    };
    const ok = await login(field('username'), field('password'));
    if (ok) void navigate(destination, { replace: true });
  };

  const attempting = status === 'attempting';
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <h1 id="login-heading">Login</h1>
        {status === 'failure' && error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
        <form
          onSubmit={(e) => void onSubmit(e)}
          aria-describedby={status === 'failure' ? errorId : undefined}
        >
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
            disabled={attempting}
            aria-busy={attempting}
          >
            {attempting ? 'Logging in…' : 'Login'}
          </Button>
        </form>
      </section>
    </div>
  );
}
