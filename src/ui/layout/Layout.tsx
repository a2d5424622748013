import { useEffect, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useMatches } from 'react-router-dom';
import { useAccount } from '../../core/account/account-store.ts';
import { trackPageView } from '../../core/analytics/analytics.ts';
import { useBranding } from '../../core/branding/branding-store.ts';
import { appConfig, appPaths } from '../../core/config.ts';
import { selectIsAuthenticated, useSession } from '../../core/session/session-store.ts';
import { fullName, worksForACompany } from '../../core/session/user.ts';
import { AlertsArea } from '../alerts/AlertsArea.tsx';
import { DialogHost } from '../dialogs/DialogHost.tsx';
import { PrintHeader } from '../print/PrintHeader.tsx';
import { AccountBanner } from './AccountBanner.tsx';
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

function usePageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);
}

/** The page frame; `nav` is the navigation bar, built by the app from config/menus.json. */
export function Layout({ nav }: { nav?: ReactNode }) {
  usePageTitle();
  usePageViews();
  const authenticated = useSession(selectIsAuthenticated);
  const user = useSession((s) => s.user);
  const theme = useBranding((s) => s.theme);

  const goHome = () => {
    // Home is the company user's own dashboard, not a unit's.
    if (worksForACompany(user)) useAccount.getState().clearUnit();
  };

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <PrintHeader />
      <header className={styles.header}>
        <Link
          to={authenticated ? appPaths.home : appPaths.login}
          className={styles.logo}
          onClick={authenticated ? goHome : undefined}
        >
          {theme ? (
            <img src={theme.logo} alt={`${theme.logoAlt} home`} />
          ) : (
            <span className={styles.logoText}>{appConfig.productName}</span>
          )}
        </Link>
        {authenticated && <AccountBanner />}
        {authenticated && (
          <div className={styles.account}>
            <span className={styles.loggedInAs} title={`Logged in as ${fullName(user)}`}>
              Logged in as <strong>{fullName(user)}</strong>
            </span>
          </div>
        )}
      </header>
      {nav}
      <AlertsArea toasts />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <Link to={appPaths.privacyPolicy}>Privacy Policy</Link>
        <span>{appConfig.poweredBy}</span>
      </footer>
      <DialogHost />
    </div>
  );
}
