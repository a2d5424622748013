/**
 * How the Benchmarking screen words a farm's figures and its groups' statistics: the quarters,
 * a figure with its unit, a group's size and band, and a suppressed statistic. The screen, its
 * charts' summaries and its CSV all read them from here, so they say the same.
 */
import {
  suppressedText,
  type FarmBenchmark,
  type FarmKpi,
  type GroupStatistic,
  type Quarter,
  type ReleasedStatistic,
} from '../../../shared/benchmarking/api.ts';

/** A quarter of a group, best first (the top 25% are the best by the KPI's `better`). */
export const QUARTER_WORDS: Readonly<Record<Quarter, string>> = {
  top: 'top 25%',
  second: 'upper middle 25%',
  third: 'lower middle 25%',
  bottom: 'bottom 25%',
};

export const BETTER_WORDS: Readonly<Record<FarmKpi['better'], string>> = {
  higher: 'higher is better',
  lower: 'lower is better',
};

/** A KPI's title with its unit for a column or a file: "Milk price (ppl)". */
export const withUnit = (kpi: Pick<FarmKpi, 'title' | 'unit'>): string =>
  kpi.unit === '' ? kpi.title : `${kpi.title} (${kpi.unit})`;

/** "412 farms · Excellent". */
export const sizeText = (statistic: ReleasedStatistic): string =>
  `${String(statistic.n)} farm${statistic.n === 1 ? '' : 's'} · ${statistic.band}`;

/** A statistic's figure, or why it is not shown (never 0, blank or a dash alone). */
export function statisticText(
  statistic: GroupStatistic,
  value: (released: ReleasedStatistic) => string,
): string {
  return statistic.status === 'released' ? value(statistic) : suppressedText(statistic);
}

/** The statistic of one group for one KPI in one period; undefined when the farm is not in it. */
export const statisticOf = (
  kpi: FarmKpi,
  group: string,
  period: string,
): GroupStatistic | undefined =>
  kpi.groups.find((g) => g.group === group && g.period === period)?.statistic;

/** The farm's own value in a period; null when it has none. */
export const ownValue = (kpi: FarmKpi, period: string): number | null =>
  kpi.own.find((o) => o.period === period)?.value ?? null;

/** Where the farm stands, in words: "In the top 25% of All dairy farms (higher is better)." */
export function positionText(data: FarmBenchmark, kpi: FarmKpi): string {
  if (!data.ownComplete) return `Your ${data.periodTitle.toLowerCase()} is not complete.`;
  if (kpi.position === null) {
    return ownValue(kpi, data.period) === null
      ? 'No figure for your farm.'
      : 'No group’s figures are shown, so your farm cannot be placed.';
  }
  const group = data.groups.find((g) => g.id === kpi.position?.group)?.title ?? 'its group';
  return `In the ${QUARTER_WORDS[kpi.position.quarter]} of ${group} (${BETTER_WORDS[kpi.better]}).`;
}

/**
 * A group's size in the chosen period across the KPIs (outliers differ by KPI): "412 farms ·
 * Excellent", "398–412 farms · Good", or why none is shown.
 */
export function groupSizeText(data: FarmBenchmark, group: string): string {
  const statistics = data.kpis.flatMap((kpi) => {
    const s = statisticOf(kpi, group, data.period);
    return s === undefined ? [] : [s];
  });
  const released = statistics.filter((s): s is ReleasedStatistic => s.status === 'released');
  if (released.length === 0) {
    const suppressed = statistics.find((s) => s.status === 'suppressed');
    return suppressed ? suppressedText(suppressed) : 'No figures this period';
  }
  const ns = released.map((s) => s.n);
  const low = Math.min(...ns);
  const high = Math.max(...ns);
  const order = data.confidentiality.bands.map((b) => b.label);
  const bands = [...new Set(released.map((s) => s.band))].sort(
    (a, b) => order.indexOf(a) - order.indexOf(b),
  );
  const farms = low === high ? `${String(low)} farms` : `${String(low)}–${String(high)} farms`;
  return `${farms} · ${bands.join(' to ')}`;
}
