import { useEffect, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { trackPageView } from '../../core/analytics/analytics.ts';
import { useBranding } from '../../core/branding/branding-store.ts';
import { appConfig, appPaths } from '../../core/config.ts';
import { selectIsAuthenticated, useSession } from '../../core/session/session-store.ts';
import { fullName } from '../../core/session/user.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { useDialogs } from '../../core/dialogs/dialog-store.ts';
import { ConnectivityBanner } from '../connectivity/ConnectivityBanner.tsx';
import { deferred } from '../deferred.tsx';
import styles from './Layout.module.css';

// Not needed for the first paint: each loads when it has something to show, or once idle.
const AlertsArea = deferred(() => import('../alerts/AlertsArea.tsx').then((m) => m.AlertsArea));
const DialogHost = deferred(() => import('../dialogs/DialogHost.tsx').then((m) => m.DialogHost));
const PrintHeader = deferred(() => import('../print/PrintHeader.tsx').then((m) => m.PrintHeader));

function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${appConfig.productName}` : appConfig.productName;
  }, [title]);
}

function usePageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);
}

export interface LayoutProps {
  /** The current route's title (config/routes.json), before the product's name in the tab. */
  title?: string;
  /** The navigation bar, built by the app from config/menus.json. */
  nav?: ReactNode;
  /** A signed-in user's current account: the header's banner (the app's AccountBanner). */
  account?: ReactNode;
  /** The same on printed pages (PrintHeader's `account`). */
  printedAccount?: ReactNode;
  /** Following the logo home, signed in (company users leave the unit they were on). */
  onHome?: () => void;
  /** Said in the connectivity banner's live region, online or not: the outbox's pending writes. */
  syncStatus?: ReactNode;
  /** Said above the page, signed in: that its data was shown from this device (DeviceCopyNote). */
  pageNote?: ReactNode;
}

/** The page frame; the app gives it the parts that depend on who is signed in. */
export function Layout({
  title,
  nav,
  account,
  printedAccount,
  onHome,
  syncStatus,
  pageNote,
}: LayoutProps) {
  usePageTitle(title);
  usePageViews();
  const authenticated = useSession(selectIsAuthenticated);
  const user = useSession((s) => s.user);
  const theme = useBranding((s) => s.theme);
  const alerting = useAlerts((s) => s.alerts.length > 0);
  const dialogOpen = useDialogs((s) => s.dialogs.length > 0 || s.progress !== null);

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <PrintHeader account={printedAccount} />
      <header className={styles.header}>
        <Link
          to={authenticated ? appPaths.home : appPaths.login}
          className={styles.logo}
          onClick={authenticated ? onHome : undefined}
        >
          {theme ? (
            <img src={theme.logo} alt={`${theme.logoAlt} home`} />
          ) : (
            <span className={styles.logoText}>{appConfig.productName}</span>
          )}
        </Link>
        {authenticated && account}
        {authenticated && (
          <div className={styles.account}>
            <span className={styles.loggedInAs} title={`Logged in as ${fullName(user)}`}>
              Logged in as <strong>{fullName(user)}</strong>
            </span>
          </div>
        )}
      </header>
      {nav}
      <ConnectivityBanner>{syncStatus}</ConnectivityBanner>
      <AlertsArea toasts needed={alerting} />
      <main id="main" className={styles.main}>
        {pageNote}
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <Link to={appPaths.privacyPolicy}>Privacy Policy</Link>
        <span>{appConfig.poweredBy}</span>
      </footer>
      <DialogHost needed={dialogOpen} />
    </div>
  );
}
