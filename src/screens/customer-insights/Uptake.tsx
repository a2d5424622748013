import type { CustomerInsights } from '../../../shared/benchmarking/api.ts';
import { formatNumber } from '../../core/format/numbers.ts';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import styles from './CustomerInsights.module.css';

type Uptake = CustomerInsights['uptake'];
type SurveyRow = Uptake['surveys'][number];
type CalculatorRow = Uptake['calculators'][number];

const count = (n: number) => formatNumber(n, 0);

/** "75% (30 of 40)"; a share of none is said as such, never 0%. */
export function share(part: number, whole: number, none: string): string {
  if (whole === 0) return none;
  return `${formatNumber((part * 100) / whole, 0)}% (${count(part)} of ${count(whole)})`;
}

const surveyColumns: Column<SurveyRow>[] = [
  { key: 'title', header: 'Survey', rowHeader: true, hideLabel: true, cell: (s) => s.title },
  { key: 'addressed', header: 'Units asked', numeric: true, cell: (s) => count(s.addressed) },
  { key: 'submitted', header: 'Submitted', numeric: true, cell: (s) => count(s.submitted) },
  {
    key: 'completion',
    header: 'Completion',
    numeric: true,
    cell: (s) => share(s.submitted, s.addressed, 'Not addressed to any unit'),
  },
];

const calculatorColumns = (suppliers: number): Column<CalculatorRow>[] => [
  { key: 'title', header: 'Calculator', rowHeader: true, hideLabel: true, cell: (c) => c.title },
  {
    key: 'units',
    header: 'Units with a saved baseline',
    numeric: true,
    cell: (c) => count(c.units),
  },
  {
    key: 'share',
    header: 'Share of your supplying units',
    numeric: true,
    cell: (c) => share(c.units, suppliers, 'No supplying units'),
  },
];

/** Survey completion (units asked against returns submitted) and calculator uptake. */
export function Uptake({ uptake }: { uptake: Uptake }) {
  return (
    <section aria-labelledby="uptake-heading" className={styles.uptake}>
      <h2 id="uptake-heading">Surveys and calculators</h2>
      <p>
        Across your {count(uptake.suppliers)} supplying unit{uptake.suppliers === 1 ? '' : 's'}.
      </p>
      {uptake.surveys.length === 0 ? (
        <p>You have sent no surveys to these units.</p>
      ) : (
        <DataTable
          caption="Survey completion"
          columns={surveyColumns}
          rows={uptake.surveys}
          rowKey={(s) => s.id}
          narrow="cards"
        />
      )}
      {uptake.calculators.length === 0 ? (
        <p>No calculators are offered to these units.</p>
      ) : (
        <DataTable
          caption="Calculator uptake"
          columns={calculatorColumns(uptake.suppliers)}
          rows={uptake.calculators}
          rowKey={(c) => c.calculator}
          narrow="cards"
        />
      )}
    </section>
  );
}
