/**
 * The records a dashboard needs, each record type read once for every report that reads it:
 * the union of the fields they read (server/reports/read-records.ts fieldsRead, and a KPI's
 * `by`), and, where every report dates the type by the same field, only from the earliest
 * period any of them looks at. shared/reports narrows each report to its own periods.
 */
import type { Data } from '../../shared/reports/computations.ts';
import type { ReportDeclaration } from '../../shared/reports/declaration.ts';
import { periodBounds } from '../../shared/reports/periods.ts';
import type { Queryable } from '../db/index.ts';
import { fieldsRead } from '../reports/read-records.ts';

export interface ReadPlan {
  report: ReportDeclaration;
  /** The periods the report is worked out over. */
  range: { from: string; to: string };
  /** Fields beyond the report's own (a KPI's `by`). */
  extra?: readonly string[];
}

interface TypeRead {
  fields: Set<string>;
  /** The date field every report dates the type by, and the earliest date any needs; null: all. */
  period: string | null;
  start: string;
}

export async function readDashboardRecords(
  db: Queryable,
  unitId: number,
  plans: readonly ReadPlan[],
): Promise<Record<string, Data[]>> {
  const types = new Map<string, TypeRead>();
  for (const { report, range, extra = [] } of plans) {
    const start = periodBounds(report.grain, range.from).start;
    for (const [type, fields] of fieldsRead(report)) {
      const source = report.sources[type] ?? {};
      // A season's record may be dated by its fallback, a year before: those are read whole.
      const period = source.fallback === undefined ? (source.period ?? null) : null;
      const known = types.get(type);
      if (!known) {
        types.set(type, { fields: new Set([...fields, ...extra]), period, start });
        continue;
      }
      for (const f of [...fields, ...extra]) known.fields.add(f);
      if (known.period !== period) known.period = null;
      if (start < known.start) known.start = start;
    }
  }
  const records: Record<string, Data[]> = {};
  for (const [type, read] of types) {
    const params: unknown[] = [unitId, type];
    const pairs = [...read.fields].map((field) => {
      params.push(field);
      return `$${String(params.length)}::text, data->$${String(params.length)}`;
    });
    let where = 'unit_id = $1 and record_type = $2';
    if (read.period !== null) {
      params.push(read.period, read.start);
      where += ` and data->>$${String(params.length - 1)} >= $${String(params.length)}`;
    }
    const { rows } = await db.query<{ data: Data }>(
      `select jsonb_strip_nulls(jsonb_build_object(${pairs.join(', ')})) as data
       from records where ${where} order by id`,
      params,
    );
    records[type] = rows.map((r) => r.data);
  }
  return records;
}
