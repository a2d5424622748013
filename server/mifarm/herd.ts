import type { ApiUser } from '../../shared/api.ts';
import type { MiFarmHerdCount } from '../../shared/mifarm/types.ts';
import { computeReport, newestPeriodOf } from '../../shared/reports/compute.ts';
import type { ReportDeclaration } from '../../shared/reports/declaration.ts';
import { periodOfDate } from '../../shared/reports/periods.ts';
import type { ReportResult, ReportTable } from '../../shared/reports/result.ts';
import type { AccessRules } from '../access/rules.ts';
import type { Queryable } from '../db/index.ts';
import { newestDates, readReportRecords } from '../reports/read-records.ts';

/**
 * Where a profile's herd and flock sizes come from: a report of config/reports/ and the table and
 * column of it that counts head, worked out by the report engine over the unit's records (the
 * same figures as the report's screen), for its newest period. Only where the user may read the
 * report's record type on the unit.
 */
interface HerdSource {
  report: string;
  recordRule: string;
  table: string;
  column: string;
  /** The table's dimension that names what is counted, or a fixed label. */
  label: { dimension: string } | { text: string };
  source: (period: string) => string;
}

const HERD_SOURCES: readonly HerdSource[] = [
  {
    report: 'herd',
    recordRule: 'record:animal',
    table: 'by-sex',
    column: 'head',
    label: { dimension: 'sex' },
    source: (period) => `Animal records, on the holding at the end of ${period}`,
  },
  {
    report: 'monthly',
    recordRule: 'record:monthly',
    table: 'months',
    column: 'cows',
    label: { text: 'Cows in milk' },
    source: (period) => `Monthly records, ${period}`,
  },
];

/** Head per row of a one-period table: the column's value beside the row's label. */
function countsOf(table: ReportTable, source: HerdSource, period: string): MiFarmHerdCount[] {
  const column = table.columns.findIndex((c) => c.key === source.column);
  const dimension =
    'dimension' in source.label
      ? table.dimensions.findIndex(
          (d) => 'dimension' in source.label && d.key === source.label.dimension,
        )
      : -1;
  if (column < 0) return [];
  return table.rows.flatMap((row) => {
    const head = row.values[column];
    if (head === null || head === undefined || head <= 0) return [];
    const label =
      'text' in source.label
        ? source.label.text
        : (row.dimensions[dimension] ?? '') || 'Sex not recorded';
    return [{ label, head: Math.round(head), source: source.source(period) }];
  });
}

/** The newest period the report has records for (today's, for records of no date such as animals). */
async function newestPeriod(
  db: Queryable,
  unitId: number,
  report: ReportDeclaration,
  today: string,
): Promise<string | null> {
  const dated = Object.values(report.sources).some((s) => s.period !== undefined);
  if (!dated) return periodOfDate(report.grain, today);
  const keys = [...(await newestDates(db, unitId, report)).entries()]
    .map(([type, n]) => newestPeriodOf(report, report.sources[type] ?? {}, n))
    .filter((k): k is string => k !== null)
    .sort();
  return keys.at(-1) ?? null;
}

/** The unit's herd and flock sizes from its latest records, by the report engine. */
export async function herdSizes(
  db: Queryable,
  access: AccessRules,
  reports: ReadonlyMap<string, ReportDeclaration>,
  user: ApiUser,
  unitId: number,
  today: string,
): Promise<MiFarmHerdCount[]> {
  const counts: MiFarmHerdCount[] = [];
  for (const source of HERD_SOURCES) {
    const report = reports.get(source.report);
    if (!report) continue;
    if ((await access.grants(user, source.recordRule, { unitId })).length === 0) continue;
    const period = await newestPeriod(db, unitId, report, today);
    if (period === null) continue;
    const range = { from: period, to: period };
    const records = await readReportRecords(db, unitId, report, range);
    const result: ReportResult = computeReport({ declaration: report, records, range, today });
    const table = result.tables.find((t) => t.id === source.table);
    if (table) counts.push(...countsOf(table, source, period));
  }
  return counts;
}
