import type { Queryable } from '../db/index.ts';
import type { Data } from '../../shared/reports/computations.ts';
import {
  isComputedMeasure,
  isFieldMeasure,
  type ReportDeclaration,
} from '../../shared/reports/declaration.ts';
import { sourceDateWindow } from '../../shared/reports/periods.ts';

/**
 * The fields of each record type a report reads: its period dates, the fields its measures,
 * computations and groupings name. Only these leave the database.
 */
export function fieldsRead(report: ReportDeclaration): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>(
    Object.keys(report.sources).map((type) => [type, new Set<string>()]),
  );
  const add = (type: string, field: string | undefined) => {
    if (field !== undefined) fields.get(type)?.add(field);
  };
  for (const [type, source] of Object.entries(report.sources)) {
    add(type, source.period);
    add(type, source.fallback);
  }
  for (const m of Object.values(report.measures)) {
    if (isFieldMeasure(m)) {
      add(m.source, m.field);
      add(m.source, m.weight);
    } else if (isComputedMeasure(m)) {
      const c = report.computations?.[m.computed];
      if (c) for (const field of Object.values(c.fields)) add(c.source, field);
    }
  }
  // Groupings may name a field of any source: each source that has it gives it.
  const dimensions = [
    ...report.tables.flatMap((t) => t.rows),
    ...(report.charts ?? []).flatMap((c) => (c.seriesBy === undefined ? [] : [c.seriesBy])),
  ].filter((d) => d !== 'period');
  for (const type of fields.keys()) for (const d of dimensions) add(type, d);
  return fields;
}

/**
 * The unit's records each source of the report needs for the range, in one query per source:
 * only the fields read (jsonb_build_object of parameters, never spliced in), and for a dated
 * source only the records whose period date (or, without one, fallback date) can fall in the
 * range; computeReport narrows them to the exact periods.
 */
export async function readReportRecords(
  db: Queryable,
  unitId: number,
  report: ReportDeclaration,
  range: { from: string; to: string },
): Promise<Record<string, Data[]>> {
  return (await readRecordsByUnit(db, [unitId], report, range)).get(unitId) ?? {};
}

/**
 * readReportRecords for many units at once (benchmarking reads a whole enterprise): the same
 * queries, one per source, over every unit of `unitIds`; each unit's records by source.
 */
export async function readRecordsByUnit(
  db: Queryable,
  unitIds: readonly number[],
  report: ReportDeclaration,
  range: { from: string; to: string },
): Promise<Map<number, Record<string, Data[]>>> {
  const byUnit = new Map<number, Record<string, Data[]>>(
    unitIds.map((id) => [id, Object.fromEntries(Object.keys(report.sources).map((t) => [t, []]))]),
  );
  for (const [type, wanted] of fieldsRead(report)) {
    const source = report.sources[type] ?? {};
    const params: unknown[] = [unitIds, type];
    const pairs = [...wanted].map((field) => {
      params.push(field);
      return `$${String(params.length)}::text, data->$${String(params.length)}`;
    });
    let where = 'unit_id = any($1::int[]) and record_type = $2';
    if (source.period !== undefined) {
      const window = sourceDateWindow(report.grain, source, range);
      params.push(source.period, window.start, window.end);
      const n = params.length;
      const own = `(data->>$${String(n - 2)} >= $${String(n - 1)} and data->>$${String(n - 2)} < $${String(n)})`;
      if (source.fallback !== undefined) {
        params.push(source.fallback, window.fallbackStart);
        const m = params.length;
        where += ` and (${own} or (coalesce(data->>$${String(n - 2)}, '') = '' and data->>$${String(m - 1)} >= $${String(m)} and data->>$${String(m - 1)} < $${String(n)}))`;
      } else where += ` and ${own}`;
    }
    const { rows } = await db.query<{ unit_id: number; data: Data }>(
      `select unit_id, jsonb_strip_nulls(jsonb_build_object(${pairs.join(', ')})) as data from records where ${where} order by id`,
      params,
    );
    for (const row of rows) byUnit.get(row.unit_id)?.[type]?.push(row.data);
  }
  return byUnit;
}

/**
 * The newest period any dated source of the report holds a record in, for the default range;
 * null when none holds one (or the report reads only undated records).
 */
export async function newestDates(
  db: Queryable,
  unitId: number,
  report: ReportDeclaration,
): Promise<Map<string, { period: string | null; fallback: string | null }>> {
  const newest = new Map<string, { period: string | null; fallback: string | null }>();
  for (const [type, source] of Object.entries(report.sources)) {
    if (source.period === undefined) continue;
    const { rows } = await db.query<{ period: string | null; fallback: string | null }>(
      `select max(data->>$3) as period, max(data->>$4) as fallback
       from records where unit_id = $1 and record_type = $2`,
      [unitId, type, source.period, source.fallback ?? source.period],
    );
    newest.set(type, rows[0] ?? { period: null, fallback: null });
  }
  return newest;
}
