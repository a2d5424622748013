/**
 * One report worked out from its declaration (config/reports/<id>.json) and the unit's records:
 * the same module for the report screen, the server's report API and its CSV, and later the
 * dashboard. Pure: no React, no Node, no clock (the caller gives the range).
 *
 * Records fall into groups by the dimensions of a table (the period, and fields such as crop):
 * a field measure aggregates its source's records of the group, a formula combines the group's
 * other measures, a computed measure asks its computation about the group's period. A missing
 * figure is null, never NaN, Infinity or a made-up 0.
 */
import { AGGREGATES, type Item } from './aggregates.ts';
import { COMPUTATIONS, type Data } from './computations.ts';
import {
  isComputedMeasure,
  isFieldMeasure,
  type HeadlineDeclaration,
  type ReportDeclaration,
  type SourceDeclaration,
} from './declaration.ts';
import { evaluateFormula, namesIn, parseFormula, type Formula } from './formula.ts';
import {
  periodBounds,
  periodOfDate,
  periodOfRecord,
  periodsBetween,
  shiftPeriod,
} from './periods.ts';
import type {
  ReportChart,
  ReportCheck,
  ReportHeadline,
  ReportList,
  ReportResult,
  ReportRow,
  ReportTable,
} from './result.ts';

export interface ReportInput {
  declaration: ReportDeclaration;
  /** The unit's records of each source, by record type: their data only. */
  records: Readonly<Record<string, readonly Data[]>>;
  /** Period keys, both included. */
  range: { from: string; to: string };
  /** Today (yyyy-MM-dd): lists are of the last day shown, or of today when that is sooner. */
  today?: string;
}

interface SourceRow {
  data: Data;
  period: string | null;
  order: string;
}

interface Group {
  period: string | null;
  filters: readonly (readonly [string, string])[];
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const SEP = '\u0000';
const groupKey = (g: Group) =>
  [g.period ?? '*', ...g.filters.map(([f, v]) => `${f}=${v}`)].join(SEP);

/** The default periods: `defaultPeriods` ending with `newest` (the newest recorded, else today's). */
export function defaultRange(
  declaration: ReportDeclaration,
  newest: string,
): { from: string; to: string } {
  return {
    from: shiftPeriod(declaration.grain, newest, 1 - declaration.defaultPeriods),
    to: newest,
  };
}

/** The newest period of a dated source, from the newest value of its period and fallback dates. */
export function newestPeriodOf(
  declaration: ReportDeclaration,
  source: SourceDeclaration,
  newest: { period: string | null; fallback: string | null },
): string | null {
  const keys = [
    newest.period === null ? null : periodOfDate(declaration.grain, newest.period),
    source.period !== undefined && source.fallback !== undefined && newest.fallback !== null
      ? periodOfRecord(
          declaration.grain,
          { ...source, period: '\u0000' },
          {
            [source.fallback]: newest.fallback,
          },
        )
      : null,
  ].filter((k): k is string => k !== null);
  return keys.sort().at(-1) ?? null;
}

export function computeReport({
  declaration: d,
  records,
  range,
  today,
}: ReportInput): ReportResult {
  const periods = periodsBetween(d.grain, range.from, range.to);
  const inRange = new Set(periods);
  const rangeStart = periodBounds(d.grain, range.from).start;
  const rangeEnd = periodBounds(d.grain, range.to).end;

  const sources = new Map<string, { dated: boolean; rows: SourceRow[] }>();
  for (const [type, source] of Object.entries(d.sources)) {
    const dated = source.period !== undefined;
    const rows = (records[type] ?? [])
      .map((data) => ({
        data,
        period: periodOfRecord(d.grain, source, data),
        order: text(data[source.period ?? '']) || text(data[source.fallback ?? '']),
      }))
      .filter((r) => !dated || (r.period !== null && inRange.has(r.period)));
    sources.set(type, { dated, rows });
  }

  const formulas = new Map<string, Formula>();
  const formulaOf = (text: string) => {
    let parsed = formulas.get(text);
    if (!parsed) {
      parsed = parseFormula(text);
      formulas.set(text, parsed);
    }
    return parsed;
  };

  /** The sources a measure reads, through the measures its formula names. */
  const sourcesOf = (name: string, seen = new Set<string>()): string[] => {
    const m = d.measures[name];
    if (!m || seen.has(name)) return [];
    seen.add(name);
    if (isFieldMeasure(m)) return [m.source];
    if (isComputedMeasure(m)) return [d.computations?.[m.computed]?.source ?? ''];
    return namesIn(formulaOf(m.formula)).flatMap((n) => sourcesOf(n, seen));
  };

  const rowsIn = (type: string, group: Group): SourceRow[] => {
    const source = sources.get(type);
    if (!source) return [];
    return source.rows.filter(
      (r) =>
        (!source.dated || group.period === null || r.period === group.period) &&
        group.filters.every(([field, value]) => text(r.data[field]) === value),
    );
  };

  const memo = new Map<string, number | null>();
  const busy = new Set<string>();
  const value = (group: Group, name: string): number | null => {
    const key = `${groupKey(group)}${SEP}${name}`;
    if (memo.has(key)) return memo.get(key) ?? null;
    const m = d.measures[name];
    if (!m || busy.has(key)) return null;
    busy.add(key);
    let result: number | null;
    if (isFieldMeasure(m)) {
      const items: Item[] = rowsIn(m.source, group).map((r) => {
        const v = m.field === undefined ? 1 : num(r.data[m.field]);
        const w = m.weight === undefined ? null : num(r.data[m.weight]);
        // A sum with a weight adds value × weight; only records with both count.
        if (m.aggregate === 'sum' && m.weight !== undefined)
          return { value: v !== null && w !== null ? v * w : null, weight: null, order: r.order };
        return { value: v, weight: w, order: r.order };
      });
      result = AGGREGATES[m.aggregate].combine(items);
    } else if (isComputedMeasure(m)) {
      const computation = d.computations?.[m.computed];
      const entry = computation ? COMPUTATIONS[computation.use] : undefined;
      if (!computation || !entry) result = null;
      else {
        const bounds =
          group.period === null
            ? { start: rangeStart, end: rangeEnd }
            : periodBounds(d.grain, group.period);
        const all = rowsIn(computation.source, { ...group, period: null }).map((r) => r.data);
        result =
          entry.compute({
            records: all,
            fields: computation.fields,
            options: computation.options ?? {},
            ...bounds,
          })[m.output] ?? null;
      }
    } else {
      result = evaluateFormula(formulaOf(m.formula), {
        value: (n) => value(group, n),
        period: group.period,
      });
    }
    busy.delete(key);
    memo.set(key, result);
    return result;
  };

  /** The groups of `dimensions` the measures' records make, ordered by period then by value. */
  const groupsFor = (
    dimensions: readonly string[],
    measures: readonly string[],
    newestFirst = false,
  ): { values: string[]; group: Group }[] => {
    const found = new Map<string, string[]>();
    const byPeriod = dimensions.includes('period');
    for (const type of new Set(measures.flatMap((m) => sourcesOf(m)))) {
      const source = sources.get(type);
      if (!source) continue;
      for (const row of source.rows) {
        const rowPeriods = !byPeriod ? [null] : source.dated ? [row.period] : periods;
        for (const period of rowPeriods) {
          const values = dimensions.map((dim) =>
            dim === 'period' ? (period ?? '') : text(row.data[dim]),
          );
          found.set(values.join(SEP), values);
        }
      }
    }
    const periodAt = dimensions.indexOf('period');
    return [...found.values()]
      .sort((a, b) => {
        for (let i = 0; i < dimensions.length; i++) {
          const order = (a[i] ?? '').localeCompare(b[i] ?? '');
          if (order !== 0) return i === periodAt && newestFirst ? -order : order;
        }
        return 0;
      })
      .map((values) => ({
        values,
        group: {
          period: periodAt < 0 ? null : (values[periodAt] ?? null),
          filters: dimensions.flatMap((dim, i) =>
            dim === 'period' ? [] : [[dim, values[i] ?? ''] as const],
          ),
        },
      }));
  };

  const measureOf = (name: string) => {
    const m = d.measures[name];
    return { title: m?.title ?? name, unit: m?.unit ?? '', decimals: m?.decimals ?? 0 };
  };

  const tables: ReportTable[] = d.tables.map((t) => ({
    id: t.id,
    title: t.title,
    dimensions: t.rows.map((key, i) => ({ key, title: t.rowTitles[i] ?? key })),
    columns: t.columns.map((key) => ({ key, ...measureOf(key) })),
    print: t.print ?? 'portrait',
    rows: groupsFor(t.rows, t.columns, t.order !== 'oldest-first').map(
      ({ values, group }): ReportRow => ({
        key: values.join(' · '),
        dimensions: values,
        values: t.columns.map((c) => value(group, c)),
      }),
    ),
  }));

  const charts: ReportChart[] = (d.charts ?? []).map((c) => {
    const first = measureOf(c.measures[0] ?? '');
    if (c.seriesBy !== undefined) {
      const measure = c.measures[0] ?? '';
      const groups = groupsFor(['period', c.seriesBy], [measure]);
      const categories = [...new Set(groups.map((g) => g.values[0] ?? ''))];
      const names = [...new Set(groups.map((g) => g.values[1] ?? ''))].sort();
      return {
        kind: c.kind,
        title: c.title,
        unit: first.unit,
        decimals: first.decimals,
        categories,
        series: names.map((name) => ({
          name: name === '' ? 'Not given' : name,
          values: categories.map((period) =>
            value({ period, filters: [[c.seriesBy ?? '', name]] }, measure),
          ),
        })),
      };
    }
    const categories = groupsFor(['period'], c.measures).map((g) => g.values[0] ?? '');
    return {
      kind: c.kind,
      title: c.title,
      unit: first.unit,
      decimals: first.decimals,
      categories,
      series: c.measures.map((m) => ({
        name: measureOf(m).title,
        values: categories.map((period) => value({ period, filters: [] }, m)),
        ...(c.styles?.[m] ? { style: c.styles[m] } : {}),
      })),
    };
  });

  const headlineMemo = new Map<string, ReportHeadline>();
  const headline = (h: HeadlineDeclaration, seen = new Set<string>()): ReportHeadline => {
    const done = headlineMemo.get(h.id);
    if (done) return done;
    let result: ReportHeadline;
    if ('measure' in h) {
      const window = new Set(periods.slice(-(h.periods ?? periods.length)));
      const rows = groupsFor(['period'], [h.measure]).filter((g) => window.has(g.values[0] ?? ''));
      const items: Item[] = rows.map(({ group }) => {
        const v = value(group, h.measure);
        const w = h.weight === undefined ? null : value(group, h.weight);
        if (h.across === 'sum' && h.weight !== undefined)
          return {
            value: v !== null && w !== null ? v * w : null,
            weight: null,
            order: group.period ?? '',
          };
        return { value: v, weight: w, order: group.period ?? '' };
      });
      const from = rows[0]?.group.period ?? null;
      const to = rows.at(-1)?.group.period ?? null;
      const unit = measureOf(h.measure);
      result = {
        id: h.id,
        title: h.title,
        value: AGGREGATES[h.across].combine(items),
        unit: h.across === 'count' ? '' : unit.unit,
        decimals: h.across === 'count' ? 0 : unit.decimals,
        from,
        to,
        recorded: rows.length,
        spanned: from !== null && to !== null ? periodsBetween(d.grain, from, to).length : 0,
      };
    } else {
      const refs = namesIn(formulaOf(h.formula))
        .filter((id) => !seen.has(id))
        .map((id) => (d.headlines ?? []).find((x) => x.id === id))
        .filter((x): x is HeadlineDeclaration => x !== undefined)
        .map((x) => headline(x, new Set([...seen, h.id])));
      const byId = new Map(refs.map((r) => [r.id, r]));
      const froms = refs
        .map((r) => r.from)
        .filter((p): p is string => p !== null)
        .sort();
      const tos = refs
        .map((r) => r.to)
        .filter((p): p is string => p !== null)
        .sort();
      const from = froms[0] ?? null;
      const to = tos.at(-1) ?? null;
      result = {
        id: h.id,
        title: h.title,
        value: evaluateFormula(formulaOf(h.formula), {
          value: (id) => byId.get(id)?.value ?? null,
          period: null,
        }),
        unit: h.unit,
        decimals: h.decimals,
        from,
        to,
        recorded: Math.max(0, ...refs.map((r) => r.recorded)),
        spanned: from !== null && to !== null ? periodsBetween(d.grain, from, to).length : 0,
      };
    }
    headlineMemo.set(h.id, result);
    return result;
  };

  const checks: ReportCheck[] = (d.checks ?? []).map((c) => {
    const computed = measureOf(c.computed);
    return {
      title: c.title,
      unit: computed.unit,
      decimals: computed.decimals,
      computedTitle: computed.title,
      enteredTitle: measureOf(c.entered).title,
      rows: groupsFor(['period'], [c.computed, c.entered], true).map(({ group }) => {
        const worked = value(group, c.computed);
        const entered = value(group, c.entered);
        const difference = worked !== null && entered !== null ? entered - worked : null;
        return {
          period: group.period ?? '',
          computed: worked,
          entered,
          difference,
          flagged: difference !== null && Math.abs(difference) > c.tolerance,
        };
      }),
    };
  });

  // Lists are of one day: the last of the periods shown, or today when that comes sooner.
  const lastDay = new Date(Date.parse(`${rangeEnd}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  const day = today !== undefined && today < lastDay ? today : lastDay;
  const lists: ReportList[] = (d.lists ?? []).flatMap((l) => {
    const computation = d.computations?.[l.computed];
    const list = computation ? COMPUTATIONS[computation.use]?.list : undefined;
    if (!computation || !list) return [];
    const rows = list.rows({
      records: sources.get(computation.source)?.rows.map((r) => r.data) ?? [],
      fields: computation.fields,
      options: computation.options ?? {},
      start: rangeStart,
      end: rangeEnd,
      day,
    });
    return [
      {
        id: l.id,
        title: l.title,
        day,
        columns: list.columns.map((c) => ({ ...c })),
        rows: rows.map((row, i) => ({
          key: String(i),
          cells: list.columns.map((c) => row[c.key] ?? ''),
        })),
      },
    ];
  });

  const counted = [...sources.entries()].map(([recordType, s]) => ({
    recordType,
    records: s.rows.length,
  }));
  return {
    id: d.id,
    title: d.title,
    description: d.description,
    grain: d.grain,
    range,
    sources: counted,
    empty: counted.every((s) => s.records === 0),
    headlines: (d.headlines ?? []).map((h) => headline(h)),
    tables,
    charts,
    checks,
    lists,
  };
}
