import { formatDate } from '../../core/format/dates.ts';
import table from '../../ui/table/Table.module.css';
import { fmt } from './format.ts';
import { yearFigures } from './report-figures.ts';
import styles from './Reports.module.css';
import { REPORT_READS } from './report-reads.ts';
import { ReportStatus } from './ReportStatus.tsx';
import { useReportRecords } from './use-report-records.ts';

const YEARS = 10;

/** The business year by year from the Annual Records: output, margins and profit. */
export function AnnualReport() {
  const records = useReportRecords(REPORT_READS.annual, YEARS);
  if (records.state !== 'ready' || records.records.length === 0) {
    return <ReportStatus records={records} what="annual records" />;
  }
  const years = records.records.map((r) => yearFigures(r.data));
  return (
    <div className={table.wrap}>
      <table className={`${table.table} ${table.nowrap} ${styles.figures}`}>
        <caption className={table.caption}>Year by year, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Year ended</th>
            <th scope="col">Farmed (ha)</th>
            <th scope="col">Output</th>
            <th scope="col">Variable costs</th>
            <th scope="col">Gross margin</th>
            <th scope="col">Gross margin/ha</th>
            <th scope="col">Fixed costs</th>
            <th scope="col">Scheme income</th>
            <th scope="col">Net profit</th>
            <th scope="col">Profit before schemes</th>
          </tr>
        </thead>
        <tbody>
          {years.map((y) => (
            <tr key={y.yearEnd}>
              <th scope="row">{formatDate(y.yearEnd, 'medium')}</th>
              <td>{fmt.one(y.farmedHa)}</td>
              <td>{fmt.pounds(y.outputGbp)}</td>
              <td>{fmt.pounds(y.variableCostsGbp)}</td>
              <td>{fmt.pounds(y.grossMarginGbp)}</td>
              <td>{fmt.pounds(y.grossMarginPerHa)}</td>
              <td>{fmt.pounds(y.fixedCostsGbp)}</td>
              <td>{fmt.pounds(y.schemeIncomeGbp)}</td>
              <td>{fmt.pounds(y.netProfitGbp)}</td>
              <td>{fmt.pounds(y.profitBeforeSchemesGbp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
