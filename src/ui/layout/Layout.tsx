import { useEffect, useState } from 'react';
import { Link, Outlet, useMatches, useNavigate } from 'react-router-dom';
import logoUrl from '../../../themes/default/logo.svg';
import { appConfig } from '../../core/config.ts';
import { selectIsAuthenticated, useSession } from '../../core/session/session-store.ts';
import { fullName } from '../../core/session/user.ts';
import { Button } from '../Button.tsx';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import styles from './Layout.module.css';

function usePageTitle() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { title?: string } | undefined;
  useEffect(() => {
    document.title = handle?.title
      ? `${handle.title} · ${appConfig.productName}`
      : appConfig.productName;
  }, [handle?.title]);
}

export function Layout() {
  usePageTitle();
  const authenticated = useSession(selectIsAuthenticated);
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const [confirmingLogout, setConfirmingLogout] = useState(false);

  const confirmLogout = () => {
    setConfirmingLogout(false);
    // The next tick lets the dialog close before the protected page unmounts.
    setTimeout(() => {
      logout();
      void navigate('/', { replace: true });
    }, 0);
  };

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <Link to={authenticated ? '/dashboard' : '/login'} className={styles.logo}>
          <img src={logoUrl} alt={`${appConfig.productName} home`} />
        </Link>
        {authenticated && (
          <div className={styles.account}>
            <span>
              Logged in as <strong>{fullName(user)}</strong>
            </span>
            <Button variant="secondary" onClick={() => setConfirmingLogout(true)}>
              Logout
            </Button>
          </div>
        )}
      </header>
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>{appConfig.poweredBy}</footer>
      <ConfirmDialog
        open={confirmingLogout}
        title="Logout?"
        message="Are you sure you want to logout?"
        confirmLabel="Logout"
        onConfirm={confirmLogout}
        onCancel={() => setConfirmingLogout(false)}
      />
    </div>
  );
}
