import { useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ReportResult } from '../../../shared/reports/result.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { appPaths } from '../../core/config.ts';
import { useApi } from '../../core/api/use-api.ts';
import { reports } from '../../engine/reports.ts';
import { useScreenHandle } from '../../engine/use-screen-handle.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { ExportActions } from '../../ui/export/ExportActions.tsx';
import { DelayedProgress } from '../../ui/progress/ProgressBar.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import { ReportView } from './ReportView.tsx';
import styles from './Reports.module.css';

/**
 * Any report of config/reports/, named by the route's options.kind: the server works it out
 * (GET /api/units/{unit}/reports/{id}, shared/reports) and this screen lays out its result.
 */
export default function ReportsScreen() {
  const handle = useScreenHandle();
  const id = handle?.options.kind ?? '';
  const report = reports.get(id);
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const path = report && unit ? `/units/${String(unit.id)}/reports/${report.id}` : null;
  const { data, error, mutate, isValidating } = useApi<ReportResult>(
    path,
    {
      ...(plan ? { plan: String(plan.id) } : {}),
      ...(range.from ? { from: range.from } : {}),
      ...(range.to ? { to: range.to } : {}),
    },
    { keepPreviousData: true },
  );
  const title = handle?.title ?? report?.title ?? 'Reports';
  if (!report) {
    return (
      <>
        <h1>{title}</h1>
        <p>This page names no known report; check its route in config/routes.json.</p>
      </>
    );
  }
  return (
    <>
      <h1>{title}</h1>
      {data && <p>{data.description}</p>}
      {!unit ? (
        <p>
          Choose a unit first. <Link to={appPaths.home}>Go to the dashboard</Link>
        </p>
      ) : error && !data ? (
        <LoadFailed
          what="The report"
          error={error}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
      ) : !data ? (
        <>
          <DelayedProgress active label="Building the report…" />
          <Skeleton shape="report" />
        </>
      ) : (
        <>
          {/* The file holds the periods on screen; the server works it out again. */}
          <ExportActions
            what={title}
            print
            csv={{
              path: `${path ?? ''}.csv`,
              params: {
                ...(plan ? { plan: String(plan.id) } : {}),
                from: data.range.from,
                to: data.range.to,
              },
            }}
          />
          <PeriodPicker
            key={`${data.range.from}-${data.range.to}`}
            result={data}
            onPick={setRange}
          />
          <ReportView result={data} />
        </>
      )}
    </>
  );
}

/** The periods shown, from and to: months for a monthly report, years otherwise. */
function PeriodPicker({
  result,
  onPick,
}: {
  result: ReportResult;
  onPick: (range: { from: string; to: string }) => void;
}) {
  const [from, setFrom] = useState(result.range.from);
  const [to, setTo] = useState(result.range.to);
  const monthly = result.grain === 'month';
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onPick({ from, to });
  };
  const input = monthly
    ? { type: 'month' }
    : { type: 'number', min: 1900, max: 2200, step: 1, inputMode: 'numeric' as const };
  return (
    <form className={styles.picker} onSubmit={submit} aria-label="Periods shown">
      <label>
        From
        <input {...input} value={from} required onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label>
        To
        <input {...input} value={to} required onChange={(e) => setTo(e.target.value)} />
      </label>
      <Button type="submit">Show</Button>
    </form>
  );
}
