import { Link } from 'react-router-dom';
import { appPaths } from '../../core/config.ts';
import { DelayedProgress } from '../../ui/progress/ProgressBar.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import type { ReportRecords } from './use-report-records.ts';

/** What a report shows until its records are there, or when they cannot be. */
export function ReportStatus({ records, what }: { records: ReportRecords; what: string }) {
  switch (records.state) {
    case 'no-unit':
      return (
        <p>
          Choose a unit first. <Link to={appPaths.home}>Go to the dashboard</Link>
        </p>
      );
    case 'no-records-feature':
      return (
        <p>
          This report is worked out from {records.recordsTitle}, which are not part of the plan on
          this unit.
        </p>
      );
    case 'loading':
      // The skeleton at once; past a second, a bar says the report is still being built.
      return (
        <>
          <DelayedProgress active label="Building the report…" />
          <Skeleton shape="report" />
        </>
      );
    case 'failed':
      return <p role="alert">The records for this report could not be loaded.</p>;
    case 'ready':
      return records.records.length === 0 ? (
        <p>There are no {what} yet, so there is nothing to report. Add some under Data Entry.</p>
      ) : null;
  }
}
