import { useSession } from '../../core/session/session-store.ts';
import { accessibleFeatures, fullName, worksForACompany } from '../../core/session/user.ts';
import styles from './DashboardScreen.module.css';

const USER_TYPE_LABELS = {
  farm_employee: 'Farm user',
  company_employee: 'Company user',
  none: '',
} as const;

export default function DashboardScreen() {
  const user = useSession((s) => s.user);
  const features = accessibleFeatures(user);
  return (
    <>
      <h1>My Dashboard</h1>
      <p>Welcome, {user.first_name}.</p>
      <dl className={styles.facts} aria-label="Your account">
        <dt>Name</dt>
        <dd>{fullName(user)}</dd>
        <dt>Username</dt>
        <dd>{user.username}</dd>
        <dt>Account type</dt>
        <dd>{USER_TYPE_LABELS[user.type]}</dd>
        <dt>Business</dt>
        <dd>{user.business.name}</dd>
        {worksForACompany(user) && (
          <>
            <dt>Provider</dt>
            <dd>{user.provider?.reference ?? 'None'}</dd>
            <dt>Permitted features</dt>
            <dd>{features.length > 0 ? features.join(', ') : 'None'}</dd>
          </>
        )}
      </dl>
    </>
  );
}
