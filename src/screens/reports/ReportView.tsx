import { Link } from 'react-router-dom';
import type {
  ReportCheck,
  ReportHeadline,
  ReportList,
  ReportResult,
  ReportRow,
  ReportTable,
} from '../../../shared/reports/result.ts';
import { formatDate } from '../../core/format/dates.ts';
import { Chart } from '../../ui/chart/Chart.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { recordTypeTitle } from '../../engine/record-access.ts';
import { routeConfig } from '../../engine/routes-config.ts';
import { figureWithUnit, formatFigure, periodLabel, withUnit } from './report-format.ts';
import styles from './Reports.module.css';

/** The portal page of each record type's list (config/routes.json), for "enter some" links. */
const recordPaths = new Map(
  routeConfig.flatMap((r) =>
    'screen' in r && r.screen === 'records' && typeof r.options?.recordType === 'string'
      ? [[r.options.recordType, r.path] as const]
      : [],
  ),
);

/** Any report's result (shared/reports), laid out: headlines, charts, checks, tables. */
export function ReportView({ result }: { result: ReportResult }) {
  if (result.empty) return <EmptyReport result={result} />;
  const label = (key: string) => periodLabel(result.grain, key);
  return (
    <>
      {result.headlines.length > 0 && (
        <dl className={styles.headlines}>
          {result.headlines.map((h) => (
            <div key={h.id}>
              <dt>
                {h.title}
                <span className={styles.period}>{headlinePeriod(h, label)}</span>
              </dt>
              <dd>{figureWithUnit(h.value, h.unit, h.decimals)}</dd>
            </div>
          ))}
        </dl>
      )}
      {result.checks.map((check) => (
        <CheckTable key={check.title} check={check} label={label} />
      ))}
      {result.charts.map((chart) =>
        chart.categories.length === 0 ? null : (
          <Chart
            key={chart.title}
            kind={chart.kind}
            title={chart.title}
            unit={chart.unit}
            decimals={chart.decimals}
            categories={chart.categories.map(label)}
            series={chart.series}
          />
        ),
      )}
      {result.lists.map((list) => (
        <ListTable key={list.id} list={list} />
      ))}
      {result.tables.map((table) => (
        <ResultTable key={table.id} table={table} label={label} />
      ))}
    </>
  );
}

/** "Apr 2025 to Mar 2026, 10 of 12 months recorded"; nothing when it covers no period. */
function headlinePeriod(h: ReportHeadline, label: (key: string) => string): string {
  if (h.from === null || h.to === null) return '';
  const range = h.from === h.to ? label(h.to) : `${label(h.from)} to ${label(h.to)}`;
  return h.recorded < h.spanned
    ? `${range}, ${String(h.recorded)} of ${String(h.spanned)} recorded`
    : range;
}

function ResultTable({ table, label }: { table: ReportTable; label: (key: string) => string }) {
  const columns: Column<ReportRow>[] = [
    ...table.dimensions.map((d, i): Column<ReportRow> => ({
      key: `dimension-${d.key}`,
      header: d.title,
      rowHeader: i === 0,
      cell: (row) => {
        const value = row.dimensions[i] ?? '';
        return d.key === 'period' ? label(value) : value === '' ? '—' : value;
      },
    })),
    ...table.columns.map((c, i): Column<ReportRow> => ({
      key: c.key,
      header: withUnit(c.title, c.unit),
      numeric: true,
      cell: (row) => formatFigure(row.values[i] ?? null, c.unit, c.decimals),
    })),
  ];
  return (
    <DataTable
      narrow="scroll"
      nowrap
      print={table.print}
      caption={table.title}
      columns={columns}
      rows={table.rows}
      rowKey={(row) => row.key}
    />
  );
}

type ListRow = ReportList['rows'][number];

/** What a computation lists on one day (withdrawals in force and the day each ends). */
function ListTable({ list }: { list: ReportList }) {
  const caption = `${list.title} on ${formatDate(list.day, 'medium')}`;
  if (list.rows.length === 0)
    return <p>{`${list.title}: none on ${formatDate(list.day, 'medium')}.`}</p>;
  const columns: Column<ListRow>[] = list.columns.map((c, i) => ({
    key: c.key,
    header: c.title,
    rowHeader: i === 0,
    cell: (row) => {
      const value = row.cells[i] ?? '';
      if (value === '') return '—';
      return c.kind === 'date' ? formatDate(value, 'medium') : value;
    },
  }));
  return (
    <DataTable
      narrow="cards"
      caption={caption}
      columns={columns}
      rows={list.rows}
      rowKey={(r) => r.key}
    />
  );
}

type CheckRow = ReportCheck['rows'][number];

/** Figures entered beside the same figures worked out, each difference flagged in words. */
function CheckTable({ check, label }: { check: ReportCheck; label: (key: string) => string }) {
  const money = (v: number | null) => formatFigure(v, check.unit, check.decimals);
  const columns: Column<CheckRow>[] = [
    { key: 'period', header: 'Year', rowHeader: true, cell: (r) => label(r.period) },
    {
      key: 'computed',
      header: withUnit(check.computedTitle, check.unit),
      numeric: true,
      cell: (r) => money(r.computed),
    },
    {
      key: 'entered',
      header: withUnit(check.enteredTitle, check.unit),
      numeric: true,
      cell: (r) => money(r.entered),
    },
    {
      key: 'difference',
      header: withUnit('Difference', check.unit),
      numeric: true,
      cell: (r) => money(r.difference),
    },
    {
      key: 'flag',
      header: 'Check',
      cell: (r) =>
        r.flagged ? (
          <strong className={styles.flagged}>
            Differs: {money(r.computed)} worked out, {money(r.entered)} entered
          </strong>
        ) : r.difference === null ? (
          'Not enough figures to check'
        ) : (
          'Agrees'
        ),
    },
  ];
  return (
    <DataTable
      narrow="cards"
      caption={`Check: ${check.title}`}
      columns={columns}
      rows={check.rows}
      rowKey={(r) => r.period}
    />
  );
}

/** No records in the periods: which to enter, with a link to each list. */
function EmptyReport({ result }: { result: ReportResult }) {
  return (
    <div className={styles.empty}>
      <p>
        There are no records for this report in the periods shown, so there is nothing to report
        yet.
      </p>
      <p>It is worked out from:</p>
      <ul>
        {result.sources.map(({ recordType }) => {
          const title = recordTypeTitle(recordType);
          const path = recordPaths.get(recordType);
          return <li key={recordType}>{path ? <Link to={path}>Enter {title}</Link> : title}</li>;
        })}
      </ul>
    </div>
  );
}
