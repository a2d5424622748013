import { Link } from 'react-router-dom';
import { appPaths } from '../../core/config.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './LoginScreen.module.css';

/** The demo accounts' shared preset password (server/seed/dataset.ts). */
const PRESET_PASSWORD = 'Harvest-Demo-2026';

const ACCOUNTS = [
  { username: 'farmer@example.com', label: 'Farm: one unit' },
  { username: 'multi@example.com', label: 'Farm: three units, two plans' },
  { username: 'buyer@example.com', label: 'Retailer: Acme Foods' },
  { username: 'processor@example.com', label: 'Processor: Fenland Fresh' },
  { username: 'adviser@example.com', label: 'Adviser: Fenland Fresh' },
  { username: 'dairy@example.com', label: 'Processor: Moorland Vale' },
] as const;

/** Development builds only: one click per demo account, a failing login, and the branding page. */
export default function QuickLoginPanel({
  onLogin,
}: {
  onLogin: (username: string, password: string) => void;
}) {
  return (
    <section className={styles.quickLogin} aria-labelledby="quick-login-heading">
      <h2 id="quick-login-heading">Quick login (development only)</h2>
      <ul>
        {ACCOUNTS.map((account) => (
          <li key={account.username}>
            <Button variant="secondary" onClick={() => onLogin(account.username, PRESET_PASSWORD)}>
              {account.label}
            </Button>
          </li>
        ))}
        <li>
          <Button variant="danger" onClick={() => onLogin('farmer@example.com', 'wrong-password')}>
            Fail Login
          </Button>
        </li>
      </ul>
      <Link to={appPaths.branding}>Branding</Link>
    </section>
  );
}
