import { formatDate } from '../../core/format/dates.ts';
import { BarChart } from '../../ui/chart/BarChart.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { fmt } from './format.ts';
import { monthFigures, monthTotals, periodText, recentMonths } from './report-figures.ts';
import styles from './Reports.module.css';
import { REPORT_READS } from './report-reads.ts';
import { ReportStatus } from './ReportStatus.tsx';
import { useReportRecords } from './use-report-records.ts';

/** Up to two years of months. */
const MONTHS = 24;

type Month = ReturnType<typeof monthFigures>;

const COLUMNS: Column<Month>[] = [
  {
    key: 'month',
    header: 'Month',
    rowHeader: true,
    cell: (m) => formatDate(m.month, 'monthYear'),
  },
  { key: 'litres', header: 'Milk sold (l)', numeric: true, cell: (m) => fmt.whole(m.litres) },
  { key: 'cows', header: 'Cows in milk', numeric: true, cell: (m) => fmt.whole(m.cows) },
  {
    key: 'yield',
    header: 'Litres/cow/day',
    numeric: true,
    cell: (m) => fmt.one(m.yieldPerCow),
  },
  { key: 'butterfat', header: 'Butterfat %', numeric: true, cell: (m) => fmt.two(m.butterfat) },
  { key: 'protein', header: 'Protein %', numeric: true, cell: (m) => fmt.two(m.protein) },
  { key: 'scc', header: 'SCC', numeric: true, cell: (m) => fmt.whole(m.scc) },
  {
    key: 'concentrate',
    header: 'Concentrate (kg/l)',
    numeric: true,
    cell: (m) => fmt.two(m.concentrateKgPerLitre),
  },
  { key: 'price', header: 'Price (ppl)', numeric: true, cell: (m) => fmt.two(m.pricePpl) },
  { key: 'income', header: 'Income', numeric: true, cell: (m) => fmt.pounds(m.incomeGbp) },
];

/** Milk sold, yield, quality, feed use and income month by month, from the Monthly Records. */
export function MonthlyReport() {
  const records = useReportRecords(REPORT_READS.monthly, MONTHS);
  if (records.state !== 'ready' || records.records.length === 0) {
    return <ReportStatus records={records} what="monthly records" />;
  }
  const months = records.records.map((r) => monthFigures(r.data));
  // The last twelve calendar months up to the newest recorded, each month counted once.
  const period = recentMonths(months, 12);
  const lastTwelve = monthTotals(period?.months ?? []);
  const oldestFirst = [...months].reverse();
  return (
    <>
      <dl className={styles.headlines}>
        <div>
          <dt>
            Milk sold
            {period ? `, ${periodText(period, (day) => formatDate(day, 'monthYear'))}` : ''}
          </dt>
          <dd>{fmt.whole(lastTwelve.litres)} litres</dd>
        </div>
        <div>
          <dt>Milk income</dt>
          <dd>{fmt.pounds(lastTwelve.incomeGbp)}</dd>
        </div>
        <div>
          <dt>Average price</dt>
          <dd>{fmt.two(lastTwelve.averagePricePpl)} ppl</dd>
        </div>
      </dl>
      <BarChart
        title="Milk sold each month, in litres"
        bars={oldestFirst.map((m) => ({
          label: formatDate(m.month, 'monthYear'),
          value: m.litres ?? 0,
        }))}
      />
      <DataTable
        narrow="scroll"
        nowrap
        caption="Month by month, newest first"
        columns={COLUMNS}
        rows={months}
        rowKey={(m) => m.month}
      />
    </>
  );
}
