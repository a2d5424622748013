import { formatDate } from '../../core/format/dates.ts';
import { BarChart } from '../../ui/chart/BarChart.tsx';
import table from '../../ui/table/Table.module.css';
import { fmt } from './format.ts';
import { monthFigures, monthTotals, periodText, recentMonths } from './report-figures.ts';
import styles from './Reports.module.css';
import { REPORT_READS } from './report-reads.ts';
import { ReportStatus } from './ReportStatus.tsx';
import { useReportRecords } from './use-report-records.ts';

/** Up to two years of months. */
const MONTHS = 24;

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
      <div className={table.wrap}>
        <table className={`${table.table} ${table.nowrap} ${styles.figures}`}>
          <caption className={table.caption}>Month by month, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Milk sold (l)</th>
              <th scope="col">Cows in milk</th>
              <th scope="col">Litres/cow/day</th>
              <th scope="col">Butterfat %</th>
              <th scope="col">Protein %</th>
              <th scope="col">SCC</th>
              <th scope="col">Concentrate (kg/l)</th>
              <th scope="col">Price (ppl)</th>
              <th scope="col">Income</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{formatDate(m.month, 'monthYear')}</th>
                <td>{fmt.whole(m.litres)}</td>
                <td>{fmt.whole(m.cows)}</td>
                <td>{fmt.one(m.yieldPerCow)}</td>
                <td>{fmt.two(m.butterfat)}</td>
                <td>{fmt.two(m.protein)}</td>
                <td>{fmt.whole(m.scc)}</td>
                <td>{fmt.two(m.concentrateKgPerLitre)}</td>
                <td>{fmt.two(m.pricePpl)}</td>
                <td>{fmt.pounds(m.incomeGbp)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
