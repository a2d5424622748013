import type { ConsentProvider, UnitConsent } from '../../../shared/consent/types.ts';
import { useApi } from '../../core/api/use-api.ts';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import { AccessLog } from './AccessLog.tsx';
import styles from './Consent.module.css';
import type { HeadingLevel } from './Heading.tsx';
import { ProviderConsent } from './ProviderConsent.tsx';

interface WhoSeesMyDataProps {
  unitId: number;
  unitName: string;
  /** The level of each provider's and the access log's heading. */
  level: HeadingLevel;
}

/**
 * Who sees the unit's data (GET /api/units/{unit}/consent) and the farm's choices about it: each
 * provider whose plan the unit holds with the categories its plans cover, then the access log.
 * The screen of its own and MiFarm's section are both this.
 */
export function WhoSeesMyData({ unitId, unitName, level }: WhoSeesMyDataProps) {
  const read = useApi<UnitConsent>(`/units/${String(unitId)}/consent`);
  const consent = read.data;
  if (consent === undefined) {
    return read.error ? (
      <LoadFailed
        what={`Who sees ${unitName}'s data`}
        error={read.error}
        onRetry={() => void read.mutate()}
        retrying={read.isValidating}
      />
    ) : (
      <Skeleton shape="page" />
    );
  }
  // The server answers a choice with the provider as it now stands: it replaces the old one.
  const saved = (provider: ConsentProvider) =>
    void read.mutate(
      (current) =>
        current && {
          ...current,
          providers: current.providers.map((p) =>
            p.provider.id === provider.provider.id ? provider : p,
          ),
        },
      { revalidate: false },
    );
  return (
    <>
      <p className={styles.lead}>
        Each organisation whose plan {unitName} holds sees the data its plans cover. You can stop
        sharing any of it with one organisation, share it again, or share it until a day, after
        which it stops by itself. Their staff are refused what you do not share.
      </p>
      {consent.providers.length === 0 ? (
        <p>{unitName} holds no organisation&apos;s plan, so no company staff see its data.</p>
      ) : (
        consent.providers.map((p) => (
          <ProviderConsent
            key={p.provider.id}
            unitId={unitId}
            consent={p}
            level={level}
            onSaved={saved}
          />
        ))
      )}
      <AccessLog
        unitId={unitId}
        providers={consent.providers.map((p) => p.provider)}
        retentionDays={consent.accessLogRetentionDays}
        level={level}
      />
    </>
  );
}
