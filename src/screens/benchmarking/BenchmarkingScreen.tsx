import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { FarmBenchmark } from '../../../shared/benchmarking/api.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { useApi } from '../../core/api/use-api.ts';
import { appPaths } from '../../core/config.ts';
import { useScreenHandle } from '../../engine/use-screen-handle.ts';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { DelayedProgress } from '../../ui/progress/ProgressBar.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import { BenchmarkActions } from './BenchmarkActions.tsx';
import { BenchmarkHeader } from './BenchmarkHeader.tsx';
import { ConfidentialityNote } from '../../ui/benchmarking/ConfidentialityNote.tsx';
import { KpiSection } from './KpiSection.tsx';

/**
 * A provider's Benchmarking report for the unit (/<provider>-insights, built from
 * config/benchmarking/insights.json; the route's options name the provider): the unit's KPIs
 * against its fixed peer groups, as the server released them (GET
 * /api/units/{unit}/benchmarks/{provider}). Every group figure passed the confidentiality rules
 * on the server; a suppressed one arrives with only its reason, and the page says it.
 */
export default function BenchmarkingScreen() {
  const handle = useScreenHandle();
  const provider = handle?.options.provider;
  const unit = useAccount((s) => s.unit);
  const [period, setPeriod] = useState<string | null>(null);
  const path =
    unit && typeof provider === 'string'
      ? `/units/${String(unit.id)}/benchmarks/${encodeURIComponent(provider)}`
      : null;
  // The server checks the report's rule on the unit itself: no plan is sent.
  const { data, error, mutate, isValidating } = useApi<FarmBenchmark>(
    path,
    period === null ? {} : { period },
    { keepPreviousData: true },
  );
  const title = data?.title ?? handle?.title ?? 'Benchmarking';

  let body;
  if (!unit) {
    body = (
      <p>
        Choose a unit first. <Link to={appPaths.home}>Go to the dashboard</Link>
      </p>
    );
  } else if (error && !data) {
    body = (
      <LoadFailed
        what="The benchmark"
        error={error}
        onRetry={() => void mutate()}
        retrying={isValidating}
      />
    );
  } else if (!data) {
    body = (
      <>
        <DelayedProgress active label="Comparing your farm…" />
        <Skeleton shape="report" />
      </>
    );
  } else if (data.periods.length === 0) {
    body = <NoBenchmarkYet data={data} />;
  } else {
    body = (
      <>
        <BenchmarkActions data={data} title={title} />
        <BenchmarkHeader data={data} onPeriod={setPeriod} />
        {data.kpis.map((kpi) => (
          <KpiSection key={kpi.id} data={data} kpi={kpi} />
        ))}
        <ConfidentialityNote rules={data.confidentiality} />
      </>
    );
  }
  return (
    <>
      <h1>{title}</h1>
      {body}
    </>
  );
}

/** No complete period yet: what the farm is compared on, and what makes a period count. */
function NoBenchmarkYet({ data }: { data: FarmBenchmark }) {
  const period = data.periodTitle.toLowerCase();
  return (
    <>
      <p>
        No benchmark yet for {data.unit.name}: your farm is compared with other{' '}
        {data.enterprise.title.toLowerCase()} farms once it has a complete {period} of records (
        {data.complete}).
      </p>
      <p>Record these figures and your farm will be compared as soon as a {period} is complete:</p>
      <ul>
        {data.kpis.map((kpi) => (
          <li key={kpi.id}>
            <strong>{kpi.title}</strong>
            {kpi.description === undefined ? '' : `: ${kpi.description}`}
          </li>
        ))}
      </ul>
      <p>
        <Link to={appPaths.home}>Back to the dashboard</Link>
      </p>
    </>
  );
}
