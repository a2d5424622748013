import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useBranding } from '../../core/branding/branding-store.ts';
import { appConfig } from '../../core/config.ts';
import { formatDate } from '../../core/format/dates.ts';
import { selectIsAuthenticated, useSession } from '../../core/session/session-store.ts';
import { fullName } from '../../core/session/user.ts';
import styles from './PrintHeader.module.css';

/** "24 Nov 2026 14:05 UTC": the day as the portal writes days, the time in UTC to match it. */
const printedAt = (at: Date) =>
  `${formatDate(at.toISOString(), 'medium')} ${at.toISOString().slice(11, 16)} UTC`;

/**
 * What heads every printed page of the portal, and shows only on paper: the brand's logo, the
 * unit and plan printed (`account`, the signed-in shell's PrintedAccount), and the spec's
 * printed-from line, "Printed from <portal> <address> by <user> on <date time>". The time is taken
 * again as the browser starts to print.
 */
export function PrintHeader({ account }: { account?: ReactNode }) {
  const theme = useBranding((s) => s.theme);
  const authenticated = useSession(selectIsAuthenticated);
  const user = useSession((s) => s.user);
  const { pathname, search } = useLocation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const update = () => setNow(new Date());
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);

  return (
    <div className={styles.printHeader} data-testid="print-header">
      {theme ? (
        <img className={styles.logo} src={theme.logo} alt={theme.logoAlt} />
      ) : (
        <span className={styles.logoText}>{appConfig.productName}</span>
      )}
      <div className={styles.text}>
        {authenticated && account}
        <p className={styles.printedFrom}>
          Printed from {appConfig.productName} {window.location.origin}
          {pathname}
          {search}
          {authenticated ? ` by ${fullName(user)}` : ''} on {printedAt(now)}
        </p>
      </div>
    </div>
  );
}
