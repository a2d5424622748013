import type { ComponentType } from 'react';
import { useScreenHandle } from '../../engine/use-screen-handle.ts';
import { AnnualReport } from './AnnualReport.tsx';
import { CropReport } from './CropReport.tsx';
import { MonthlyReport } from './MonthlyReport.tsx';
import type { ReportName } from './report-reads.ts';

/**
 * The reports this screen knows, by the route's options.kind (config/routes.json): one for each
 * report whose reads report-reads.ts declares.
 */
const REPORTS: Record<ReportName, ComponentType> = {
  monthly: MonthlyReport,
  annual: AnnualReport,
  crop: CropReport,
};

/** Monthly, Annual or Crop Reports: figures worked out from the unit's own records. */
export default function ReportsScreen() {
  const handle = useScreenHandle();
  const kind = handle?.options.kind ?? '';
  const Report = Object.hasOwn(REPORTS, kind) ? REPORTS[kind as ReportName] : undefined;
  return (
    <>
      <h1>{handle?.title ?? 'Reports'}</h1>
      {Report ? (
        <Report />
      ) : (
        <p>This page names no known report; check its route in config/routes.json.</p>
      )}
    </>
  );
}
