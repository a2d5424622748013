import { Link } from 'react-router-dom';
import type { ApiUnitSummary } from '../../../shared/api.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { useApi } from '../../core/api/use-api.ts';
import { appPaths } from '../../core/config.ts';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import styles from './FarmContactScreen.module.css';
import facts from '../../ui/facts/Facts.module.css';

/** The chosen unit's farm: who to call, where it is, and its holding (company staff, viewFarmDetails). */
export default function FarmContactScreen() {
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  const { data, error, isLoading, mutate } = useApi<ApiUnitSummary>(
    unit && plan ? `/accounts/units/${String(unit.id)}/summary/${String(plan.id)}` : null,
  );
  if (!unit || !plan) {
    return (
      <>
        <h1>Farm Contact</h1>
        <p>
          Choose a farm first. <Link to={appPaths.selectUnit}>Select Farm</Link>
        </p>
      </>
    );
  }
  if (isLoading) return <PageLoading />;
  if (error || !data) {
    return (
      <>
        <h1>Farm Contact</h1>
        <LoadFailed what="The farm’s details" error={error} onRetry={() => void mutate()} />
      </>
    );
  }
  const { farm } = data;
  const contact = farm.main_contact;
  const address = [
    farm.address.line1,
    farm.address.line2,
    farm.address.town,
    farm.address.county,
    farm.address.postcode,
  ].filter(Boolean);
  return (
    <>
      <h1>Farm Contact</h1>
      <div className={styles.cards}>
        <section className={styles.card} aria-labelledby="contact-heading">
          <h2 id="contact-heading">
            {contact.first_name} {contact.last_name}
          </h2>
          <p className={styles.role}>Main contact, {farm.name}</p>
          <dl className={facts.facts}>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${contact.phone.replaceAll(' ', '')}`}>{contact.phone}</a>
            </dd>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </dl>
        </section>
        <section className={styles.card} aria-labelledby="address-heading">
          <h2 id="address-heading">Address</h2>
          <address className={styles.address}>
            {address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <dl className={facts.facts}>
            <dt>Unit</dt>
            <dd>
              {data.unit.name} ({data.unit.unit_type_name})
            </dd>
            <dt>Holding number (CPH)</dt>
            <dd>{data.unit.holding_number}</dd>
          </dl>
        </section>
      </div>
    </>
  );
}
