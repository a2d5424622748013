import table from '../../ui/table/Table.module.css';
import { fmt } from './format.ts';
import { cropSummaries } from './report-figures.ts';
import styles from './Reports.module.css';
import { REPORT_READS } from './report-reads.ts';
import { ReportStatus } from './ReportStatus.tsx';
import { useReportRecords } from './use-report-records.ts';

/** The most crop records a report reads: several seasons of a large arable unit. */
const FIELDS = 100;

/** Area, production and yields by harvest year and crop, from the Crop Records. */
export function CropReport() {
  const records = useReportRecords(REPORT_READS.crop, FIELDS);
  if (records.state !== 'ready' || records.records.length === 0) {
    return <ReportStatus records={records} what="crop records" />;
  }
  const summaries = cropSummaries(records.records.map((r) => r.data));
  return (
    <>
      {records.total > FIELDS && (
        <p className={styles.note}>
          Worked out from the {FIELDS} most recently drilled of {records.total} crop records.
        </p>
      )}
      <div className={table.wrap}>
        <table className={`${table.table} ${table.nowrap} ${styles.figures}`}>
          <caption className={table.caption}>By harvest year and crop</caption>
          <thead>
            <tr>
              <th scope="col">Harvest</th>
              <th scope="col">Crop</th>
              <th scope="col">Fields</th>
              <th scope="col">Area (ha)</th>
              <th scope="col">Production (t)</th>
              <th scope="col">Yield (t/ha)</th>
              <th scope="col">Nitrogen (kg/ha)</th>
            </tr>
          </thead>
          <tbody>
            {summaries.map((s) => (
              <tr key={`${s.year}:${s.crop}`}>
                <th scope="row">{s.year}</th>
                <td>{s.crop}</td>
                <td>{fmt.whole(s.fields)}</td>
                <td>{fmt.one(s.areaHa)}</td>
                <td>{fmt.one(s.productionT)}</td>
                <td>{fmt.two(s.yieldTPerHa)}</td>
                <td>{fmt.whole(s.nitrogenKgPerHa)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
