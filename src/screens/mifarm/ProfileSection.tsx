import { useId, useState } from 'react';
import { SBI_HINT, SBI_PATTERN } from '../../../shared/mifarm/rules.ts';
import type { MiFarmProfile, MiFarmProfileUpdate } from '../../../shared/mifarm/types.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiPut } from '../../core/api/client.ts';
import { useApi } from '../../core/api/use-api.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import facts from '../../ui/facts/Facts.module.css';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import styles from './MiFarm.module.css';
import { refusalOf } from '../../core/api/refusal.ts';

/** The SBI, set or cleared by the farm: checked here as the server checks it (9 digits). */
function SbiForm({
  path,
  sbi,
  onSaved,
}: {
  path: string;
  sbi: string | null;
  onSaved: (p: MiFarmProfile) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(sbi ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const cleaned = value.replace(/\s+/g, '');
    if (cleaned !== '' && !SBI_PATTERN.test(cleaned)) {
      setProblem(`The SBI ${SBI_HINT}.`);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const body: MiFarmProfileUpdate = { sbi: cleaned === '' ? null : cleaned };
      const saved = await apiPut<MiFarmProfile>(path, body);
      useAlerts.getState().success(cleaned === '' ? 'The SBI was cleared.' : 'The SBI was saved.');
      onSaved(saved);
    } catch (e) {
      const refused = refusalOf(e);
      if (refused) setProblem(refused.message);
      else reportError(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={`${id}-sbi`}>Single Business Identifier (SBI)</label>
      <input
        id={`${id}-sbi`}
        className={styles.input}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setValue(e.target.value)}
      />
      <p
        id={`${id}-hint`}
        className={problem ? styles.error : styles.hint}
        role={problem ? 'alert' : undefined}
      >
        {problem ??
          'The 9-digit number the Rural Payments Agency gave your business. Leave it empty to clear it.'}
      </p>
      <Button type="submit" busy={saving} busyLabel="Saving…">
        Save SBI
      </Button>
    </form>
  );
}

/**
 * The farm's profile (GET /api/units/{unit}/mifarm/profile): the farm, its holding numbers and
 * enterprise, the plans the unit holds with their providers, herd and flock sizes from the latest
 * records, and the people on the farm account.
 */
export function ProfileSection({ unitId }: { unitId: number }) {
  const path = `/units/${String(unitId)}/mifarm/profile`;
  const read = useApi<MiFarmProfile>(path);
  const { data: profile } = read;
  return (
    <section className={styles.section} aria-labelledby="mifarm-profile">
      <h2 id="mifarm-profile">Farm profile</h2>
      {profile === undefined ? (
        read.error ? (
          <LoadFailed
            what="The farm profile"
            error={read.error}
            onRetry={() => void read.mutate()}
            retrying={read.isValidating}
          />
        ) : (
          <Skeleton shape="page" />
        )
      ) : (
        <>
          <dl className={facts.facts}>
            <dt>Farm</dt>
            <dd>{profile.farm.name}</dd>
            <dt>Address</dt>
            <dd>{profile.farm.address.join(', ')}</dd>
            <dt>Contact</dt>
            <dd>
              {profile.farm.contact.name}, {profile.farm.contact.email},{' '}
              {profile.farm.contact.phone}
            </dd>
            <dt>Unit</dt>
            <dd>
              {profile.unit.name} ({profile.unit.enterprise})
            </dd>
            <dt>CPH (County Parish Holding)</dt>
            <dd>{profile.unit.cph}</dd>
            <dt>SBI</dt>
            <dd>{profile.unit.sbi ?? 'Not given yet'}</dd>
            <dt>Plans</dt>
            <dd>
              {profile.plans.length === 0
                ? 'None'
                : profile.plans.map((p) => `${p.name} (${p.provider})`).join('; ')}
            </dd>
          </dl>
          <h3>Herds and flocks</h3>
          {profile.herd.length === 0 ? (
            <p>No animal or monthly records give a head count yet.</p>
          ) : (
            <ul>
              {profile.herd.map((count) => (
                <li key={`${count.label}-${count.source}`}>
                  {count.label}: {count.head} head{' '}
                  <span className={styles.hint}>({count.source})</span>
                </li>
              ))}
            </ul>
          )}
          <h3>People on the farm account</h3>
          <ul>
            {profile.people.map((person) => (
              <li key={person.email}>
                {person.name}, {person.email}
              </li>
            ))}
          </ul>
          <SbiForm
            key={profile.unit.sbi ?? ''}
            path={path}
            sbi={profile.unit.sbi}
            onSaved={(saved) => void read.mutate(saved, { revalidate: false })}
          />
        </>
      )}
    </section>
  );
}
