import { useId } from 'react';
import {
  suppressedText,
  type FarmBenchmark,
  type FarmKpi,
  type GroupInfo,
  type GroupStatistic,
} from '../../../shared/benchmarking/api.ts';
import { Chart, type ChartBox, type ChartProps } from '../../ui/chart/Chart.tsx';
import { summarise } from '../../ui/chart/chart-text.ts';
import { kpiFigure } from '../../ui/benchmarking/statistic-text.ts';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { ownValue, positionText, sizeText, statisticOf, statisticText } from './benchmark-words.ts';
import styles from './Benchmarking.module.css';

const NOT_SHOWN = 'Not shown';
const NO_FARM_FIGURE = 'No figure for your farm';

interface GroupRow {
  group: GroupInfo;
  statistic: GroupStatistic | undefined;
}

/** One KPI: the farm's figure and place, its groups' statistics, their spread and the trend. */
export function KpiSection({ data, kpi }: { data: FarmBenchmark; kpi: FarmKpi }) {
  const headingId = useId();
  const own = ownValue(kpi, data.period);
  const rows: GroupRow[] = data.groups.map((group) => ({
    group,
    statistic: statisticOf(kpi, group.id, data.period),
  }));
  return (
    <section className={styles.kpi} aria-labelledby={headingId}>
      <h2 id={headingId}>{kpi.title}</h2>
      {kpi.description !== undefined && <p className={styles.muted}>{kpi.description}</p>}
      <dl className={styles.own}>
        <div>
          <dt>Your farm, {data.period}</dt>
          <dd className={styles.figure}>{own === null ? NO_FARM_FIGURE : kpiFigure(own, kpi)}</dd>
        </div>
        <div>
          <dt>Your position</dt>
          <dd>{positionText(data, kpi)}</dd>
        </div>
      </dl>
      <GroupTable kpi={kpi} rows={rows} period={data.period} />
      {rows.length > 0 && <Spread data={data} kpi={kpi} rows={rows} own={own} />}
      {data.periods.length > 1 && <Trend data={data} kpi={kpi} />}
    </section>
  );
}

/** The groups' statistics in the chosen period; a suppressed group says why in each figure. */
function GroupTable({ kpi, rows, period }: { kpi: FarmKpi; rows: GroupRow[]; period: string }) {
  const figure =
    (pick: (s: Extract<GroupStatistic, { status: 'released' }>) => number) => (row: GroupRow) =>
      row.statistic?.status === 'released' ? kpiFigure(pick(row.statistic), kpi) : NOT_SHOWN;
  const columns: Column<GroupRow>[] = [
    {
      key: 'group',
      header: 'Group',
      rowHeader: true,
      hideLabel: true,
      cell: (row) => row.group.title,
    },
    {
      key: 'farms',
      header: 'Farms and accuracy',
      cell: (row) =>
        row.statistic === undefined
          ? 'No figures this period'
          : statisticText(row.statistic, sizeText),
    },
    { key: 'q1', header: 'Lower quartile', numeric: true, cell: figure((s) => s.q1) },
    { key: 'median', header: 'Median', numeric: true, cell: figure((s) => s.median) },
    { key: 'q3', header: 'Upper quartile', numeric: true, cell: figure((s) => s.q3) },
    { key: 'top25', header: 'Top 25% average', numeric: true, cell: figure((s) => s.top25) },
  ];
  return (
    <DataTable
      narrow="cards"
      caption={`${kpi.title} (${kpi.unit}): groups in ${period}`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.group.id}
    />
  );
}

/** Each group's quartiles with the top 25% average and the farm's own figure marked on them. */
function Spread({
  data,
  kpi,
  rows,
  own,
}: {
  data: FarmBenchmark;
  kpi: FarmKpi;
  rows: GroupRow[];
  own: number | null;
}) {
  const boxes = rows.map(({ statistic }): ChartBox => {
    if (statistic === undefined) return { note: 'No figures this period' };
    if (statistic.status === 'suppressed') return { note: suppressedText(statistic) };
    return { q1: statistic.q1, median: statistic.median, q3: statistic.q3 };
  });
  const top25 = rows.map(({ statistic }) =>
    statistic?.status === 'released' ? statistic.top25 : null,
  );
  const chart: ChartProps = {
    kind: 'quartiles',
    horizontal: true,
    title: `${kpi.title}: your farm in each group, ${data.period}`,
    unit: kpi.unit,
    decimals: kpi.decimals,
    categories: rows.map((r) => r.group.title),
    boxes,
    series: [
      {
        name: 'Top 25% average',
        values: top25,
        notes: top25.map((v) => (v === null ? NOT_SHOWN : null)),
      },
      {
        name: 'Your farm',
        values: rows.map(() => own),
        notes: rows.map(() => (own === null ? NO_FARM_FIGURE : null)),
      },
    ],
  };
  return <Chart {...chart} summary={`${positionText(data, kpi)} ${summarise(chart)}`} />;
}

/** The farm's own figure against each group's median, period by period. */
function Trend({ data, kpi }: { data: FarmBenchmark; kpi: FarmKpi }) {
  const medians = data.groups.map((group) => {
    const statistics = data.periods.map((period) => statisticOf(kpi, group.id, period));
    return {
      name: `${group.title} median`,
      style: 'baseline' as const,
      values: statistics.map((s) => (s?.status === 'released' ? s.median : null)),
      notes: statistics.map((s) => (s?.status === 'suppressed' ? suppressedText(s) : null)),
    };
  });
  const own = data.periods.map((period) => ownValue(kpi, period));
  const series: ChartProps['series'] = [
    {
      name: 'Your farm',
      style: 'actual',
      values: own,
      notes: own.map((v) => (v === null ? 'No figure' : null)),
    },
    ...medians,
  ];
  const chart: ChartProps = {
    kind: 'line',
    title: `${kpi.title}: your farm and the groups’ medians by ${data.periodTitle.toLowerCase()}`,
    unit: kpi.unit,
    decimals: kpi.decimals,
    categories: data.periods,
    series,
  };
  return <Chart {...chart} summary={trendSummary(chart)} />;
}

/**
 * For each period: "2025: Your farm 8,950 l/cow; All dairy farms median 8,100 l/cow; North of
 * England median (Not shown: fewer than 20 farms)."
 */
function trendSummary(chart: ChartProps): string {
  const decimals = chart.decimals ?? 0;
  return chart.categories
    .map((period, i) => {
      const parts = chart.series.map((s) => {
        const value = s.values[i] ?? null;
        return value === null
          ? `${s.name} (${s.notes?.[i] ?? 'no figure'})`
          : `${s.name} ${kpiFigure(value, { unit: chart.unit, decimals })}`;
      });
      return `${period}: ${parts.join('; ')}.`;
    })
    .join(' ');
}
