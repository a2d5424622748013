import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { fmt } from './format.ts';
import { cropSummaries } from './report-figures.ts';
import styles from './Reports.module.css';
import { REPORT_READS } from './report-reads.ts';
import { ReportStatus } from './ReportStatus.tsx';
import { useReportRecords } from './use-report-records.ts';

/** The most crop records a report reads: several seasons of a large arable unit. */
const FIELDS = 100;

type Summary = ReturnType<typeof cropSummaries>[number];

const COLUMNS: Column<Summary>[] = [
  { key: 'year', header: 'Harvest', rowHeader: true, cell: (s) => s.year },
  { key: 'crop', header: 'Crop', cell: (s) => s.crop },
  { key: 'fields', header: 'Fields', numeric: true, cell: (s) => fmt.whole(s.fields) },
  { key: 'area', header: 'Area (ha)', numeric: true, cell: (s) => fmt.one(s.areaHa) },
  {
    key: 'production',
    header: 'Production (t)',
    numeric: true,
    cell: (s) => fmt.one(s.productionT),
  },
  { key: 'yield', header: 'Yield (t/ha)', numeric: true, cell: (s) => fmt.two(s.yieldTPerHa) },
  {
    key: 'nitrogen',
    header: 'Nitrogen (kg/ha)',
    numeric: true,
    cell: (s) => fmt.whole(s.nitrogenKgPerHa),
  },
];

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
      <DataTable
        narrow="scroll"
        nowrap
        caption="By harvest year and crop"
        columns={COLUMNS}
        rows={summaries}
        rowKey={(s) => `${s.year}:${s.crop}`}
      />
    </>
  );
}
