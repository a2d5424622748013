import type {
  CustomerInsights,
  GroupStatistic,
  InsightsKpi,
} from '../../../shared/benchmarking/api.ts';
import { suppressedText } from '../../../shared/benchmarking/api.ts';
import { groupSize, kpiFigure } from '../../ui/benchmarking/statistic-text.ts';
import { Chart, type ChartBox, type ChartSeries } from '../../ui/chart/Chart.tsx';
import styles from './CustomerInsights.module.css';

type ByPeriod = InsightsKpi['suppliers'];

const inPeriod = (figures: ByPeriod, period: string): GroupStatistic | undefined =>
  figures.find((f) => f.period === period)?.statistic;

const box = (statistic: GroupStatistic | undefined): ChartBox =>
  statistic === undefined
    ? { note: 'No figures for this period' }
    : statistic.status === 'suppressed'
      ? { note: suppressedText(statistic) }
      : { q1: statistic.q1, median: statistic.median, q3: statistic.q3 };

/** A group's medians over the periods, a suppressed one a gap that says why. */
function medians(name: string, figures: ByPeriod, periods: readonly string[]): ChartSeries {
  const statistics = periods.map((p) => inPeriod(figures, p));
  return {
    name,
    values: statistics.map((s) => (s?.status === 'released' ? s.median : null)),
    notes: statistics.map((s) =>
      s === undefined ? 'No figures' : s.status === 'suppressed' ? suppressedText(s) : null,
    ),
  };
}

/**
 * The trend chart's summary: each group's median period by period, a suppressed one with its
 * reason ("Your supplying dairy farms: 2024 8,020 l/cow; 2025 not shown: fewer than 20 farms.").
 */
function trendSummary(
  series: readonly ChartSeries[],
  periods: readonly string[],
  kpi: InsightsKpi,
) {
  return series
    .map((s) => {
      const each = periods.map((p, i) => {
        const value = s.values[i] ?? null;
        const note = s.notes?.[i] ?? null;
        return value === null
          ? `${p} ${(note ?? 'no figure').toLowerCase()}`
          : `${p} ${kpiFigure(value, kpi)}`;
      });
      return `${s.name} median: ${each.join('; ')}.`;
    })
    .join(' ');
}

/** One group's line under the KPI: its median, n and band, or why it is not shown. */
function GroupLine({
  title,
  statistic,
  kpi,
}: {
  title: string;
  statistic: GroupStatistic | undefined;
  kpi: InsightsKpi;
}) {
  return (
    <>
      <dt>{title}</dt>
      <dd>
        {statistic === undefined ? (
          'No figures for this period'
        ) : statistic.status === 'suppressed' ? (
          <span className={styles.suppressed}>{suppressedText(statistic)}</span>
        ) : (
          <>
            <span className={styles.median}>Median {kpiFigure(statistic.median, kpi)}</span>
            <span className={styles.size}>{groupSize(statistic)}</span>
          </>
        )}
      </dd>
    </>
  );
}

/**
 * One KPI: the chosen period's median, n and band of the suppliers and the comparison group; a
 * quartiles chart of both with their top 25%; and the two medians over the periods. Each chart
 * has its table and summary (src/ui/chart).
 */
export function KpiInsight({ kpi, insights }: { kpi: InsightsKpi; insights: CustomerInsights }) {
  const { period, periods, suppliers, comparison } = insights;
  const ours = inPeriod(kpi.suppliers, period);
  const theirs = inPeriod(kpi.comparison, period);
  const trend: ChartSeries[] = [
    medians(suppliers.title, kpi.suppliers, periods),
    { ...medians(comparison.title, kpi.comparison, periods), style: 'baseline' },
  ];
  const top25 = [ours, theirs].map((s) => (s?.status === 'released' ? s.top25 : null));
  return (
    <article className={styles.kpi} aria-labelledby={`kpi-${kpi.id}`}>
      <h3 id={`kpi-${kpi.id}`}>
        {kpi.title} <span className={styles.unit}>({kpi.unit})</span>
      </h3>
      <p className={styles.better}>
        {kpi.better === 'higher' ? 'Higher is better.' : 'Lower is better.'}
        {kpi.description ? ` ${kpi.description}` : ''}
      </p>
      <dl className={styles.figures}>
        <GroupLine title={suppliers.title} statistic={ours} kpi={kpi} />
        <GroupLine title={comparison.title} statistic={theirs} kpi={kpi} />
      </dl>
      <Chart
        kind="quartiles"
        title={`${kpi.title}, ${period}: spread of each group`}
        unit={kpi.unit}
        decimals={kpi.decimals}
        categories={[suppliers.title, comparison.title]}
        boxes={[box(ours), box(theirs)]}
        series={[
          {
            name: 'Top 25% average',
            values: top25,
            notes: [ours, theirs].map((s) =>
              s?.status === 'suppressed' ? suppressedText(s) : null,
            ),
          },
        ]}
      />
      {periods.length > 1 && (
        <Chart
          kind="line"
          title={`${kpi.title}: median by ${insights.periodTitle.toLowerCase()}`}
          unit={kpi.unit}
          decimals={kpi.decimals}
          categories={periods}
          series={trend}
          summary={trendSummary(trend, periods, kpi)}
        />
      )}
    </article>
  );
}
