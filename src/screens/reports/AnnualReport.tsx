import { formatDate } from '../../core/format/dates.ts';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { fmt } from './format.ts';
import { yearFigures } from './report-figures.ts';
import { REPORT_READS } from './report-reads.ts';
import { ReportStatus } from './ReportStatus.tsx';
import { useReportRecords } from './use-report-records.ts';

const YEARS = 10;

type Year = ReturnType<typeof yearFigures>;

const COLUMNS: Column<Year>[] = [
  {
    key: 'yearEnd',
    header: 'Year ended',
    rowHeader: true,
    cell: (y) => formatDate(y.yearEnd, 'medium'),
  },
  { key: 'farmed', header: 'Farmed (ha)', numeric: true, cell: (y) => fmt.one(y.farmedHa) },
  { key: 'output', header: 'Output', numeric: true, cell: (y) => fmt.pounds(y.outputGbp) },
  {
    key: 'variable',
    header: 'Variable costs',
    numeric: true,
    cell: (y) => fmt.pounds(y.variableCostsGbp),
  },
  {
    key: 'margin',
    header: 'Gross margin',
    numeric: true,
    cell: (y) => fmt.pounds(y.grossMarginGbp),
  },
  {
    key: 'marginHa',
    header: 'Gross margin/ha',
    numeric: true,
    cell: (y) => fmt.pounds(y.grossMarginPerHa),
  },
  { key: 'fixed', header: 'Fixed costs', numeric: true, cell: (y) => fmt.pounds(y.fixedCostsGbp) },
  {
    key: 'scheme',
    header: 'Scheme income',
    numeric: true,
    cell: (y) => fmt.pounds(y.schemeIncomeGbp),
  },
  { key: 'net', header: 'Net profit', numeric: true, cell: (y) => fmt.pounds(y.netProfitGbp) },
  {
    key: 'beforeSchemes',
    header: 'Profit before schemes',
    numeric: true,
    cell: (y) => fmt.pounds(y.profitBeforeSchemesGbp),
  },
];

/** The business year by year from the Annual Records: output, margins and profit. */
export function AnnualReport() {
  const records = useReportRecords(REPORT_READS.annual, YEARS);
  if (records.state !== 'ready' || records.records.length === 0) {
    return <ReportStatus records={records} what="annual records" />;
  }
  const years = records.records.map((r) => yearFigures(r.data));
  return (
    <DataTable
      narrow="scroll"
      nowrap
      print="landscape"
      caption="Year by year, newest first"
      columns={COLUMNS}
      rows={years}
      rowKey={(y) => y.yearEnd}
    />
  );
}
