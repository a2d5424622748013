import { Link } from 'react-router-dom';
import type {
  LoadReconciliation,
  RemittanceLine,
  RemittanceStatement,
} from '../../../shared/remittance/types.ts';
import { useApi } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { formatNumber } from '../../core/format/numbers.ts';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { ExportActions } from '../../ui/export/ExportActions.tsx';
import facts from '../../ui/facts/Facts.module.css';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { formatPence, formatTonnes, formatVatRate } from './money.ts';
import styles from './Remittance.module.css';
import { KIND_WORDS, measuredWords, OUTCOME_WORDS, RECONCILED_WORDS } from './words.ts';

const lineColumns: Column<RemittanceLine>[] = [
  { key: 'position', header: 'Line', numeric: true, cell: (l) => l.position },
  { key: 'kind', header: 'Kind', cell: (l) => KIND_WORDS[l.kind] },
  { key: 'description', header: 'Description', rowHeader: true, cell: (l) => l.description },
  { key: 'passport', header: 'Load passport', cell: (l) => l.passportNumber ?? '' },
  {
    key: 'quantity',
    header: 'Quantity (t)',
    numeric: true,
    cell: (l) => (l.quantityTonnes === null ? '' : formatTonnes(l.quantityTonnes)),
  },
  {
    key: 'price',
    header: 'Price per tonne',
    numeric: true,
    cell: (l) => (l.pencePerTonne === null ? '' : formatPence(l.pencePerTonne)),
  },
  {
    key: 'vat',
    header: 'VAT rate',
    cell: (l) => `${formatVatRate(l.vatRateBasisPoints)} (${l.vatTreatment})`,
  },
  { key: 'amount', header: 'Amount', numeric: true, cell: (l) => formatPence(l.amountPence) },
];

const reconciliationColumns: Column<LoadReconciliation>[] = [
  { key: 'passport', header: 'Load passport', rowHeader: true, cell: (r) => r.passportNumber },
  {
    key: 'outcome',
    header: 'QC outcome',
    cell: (r) =>
      r.qc === null
        ? 'None recorded'
        : `${OUTCOME_WORDS[r.qc.outcome]}, ${formatDate(r.qc.inspectionDate, 'medium')}`,
  },
  { key: 'measured', header: 'Measured', cell: (r) => (r.qc ? measuredWords(r.qc) : '') },
  {
    key: 'expected',
    header: 'Terms give',
    numeric: true,
    cell: (r) => (r.expectedPence === null ? '' : formatPence(r.expectedPence)),
  },
  { key: 'applied', header: 'Applied', numeric: true, cell: (r) => formatPence(r.appliedPence) },
  {
    key: 'status',
    header: 'Reconciliation',
    cell: (r) => (
      <>
        <span className={r.status === 'differs' ? styles.differs : undefined}>
          {RECONCILED_WORDS[r.status]}
        </span>
        <span className={styles.explanation}>{r.explanation}</span>
      </>
    ),
  },
];

interface TotalRow {
  key: string;
  what: string;
  pence: number;
  strong?: boolean;
}

function totalRows(statement: RemittanceStatement): TotalRow[] {
  const t = statement.totals;
  return [
    { key: 'gross', what: 'Gross (loads at their price)', pence: t.grossPence },
    { key: 'quality', what: 'Quality adjustments', pence: t.qualityPence },
    { key: 'deductions', what: 'Deductions, levies and haulage', pence: t.deductionsPence },
    { key: 'net', what: 'Net before VAT', pence: t.netBeforeVatPence },
    ...t.vat.map((band) => ({
      key: `vat-${String(band.rateBasisPoints)}`,
      what: `VAT at ${formatVatRate(band.rateBasisPoints)} on ${formatPence(band.basePence)}`,
      pence: band.vatPence,
    })),
    { key: 'vat', what: 'VAT', pence: t.vatPence },
    { key: 'paid', what: 'Net paid', pence: t.netPaidPence, strong: true },
  ];
}

const totalColumns: Column<TotalRow>[] = [
  { key: 'what', header: 'Total', rowHeader: true, cell: (r) => r.what },
  {
    key: 'amount',
    header: 'Amount',
    numeric: true,
    cell: (r) =>
      r.strong ? (
        <span className={styles.netPaid}>{formatPence(r.pence)}</span>
      ) : (
        formatPence(r.pence)
      ),
  },
];

export interface StatementViewProps {
  /** The API path of the statement: /remittance/statements/{id} or /units/{unit}/remittance/statements/{id}. */
  path: string;
}

/**
 * One remittance statement as the grower and the processor both read it: who paid whom for which
 * month and when, its lines (each load at its price basis, its quality adjustments, charges,
 * levy and haulage, with their VAT), the totals worked out from them, and each load set against
 * its QC result. Download CSV and Print (A4, under the portal's print header).
 */
export function StatementView({ path }: StatementViewProps) {
  const read = useApi<RemittanceStatement>(path);
  const back = (
    <p>
      <Link to=".." relative="path">
        All statements
      </Link>
    </p>
  );
  if (read.error) {
    return (
      <>
        {back}
        <h1>Remittance statement</h1>
        <LoadFailed
          what="The statement"
          error={read.error}
          onRetry={() => void read.mutate()}
          retrying={read.isValidating}
        />
      </>
    );
  }
  const s = read.data;
  if (!s) {
    return (
      <>
        {back}
        <h1>Remittance statement</h1>
        <Skeleton shape="report" columns={lineColumns.length} />
      </>
    );
  }
  const differing = s.reconciliation.filter((r) => r.status === 'differs').length;
  return (
    <>
      {back}
      <h1>Remittance statement {s.number}</h1>
      <p className={styles.lead}>
        {s.provider.name} to {s.unit.name} ({s.farm.name}, holding {s.unit.holdingNumber}) for{' '}
        {formatDate(s.periodStart, 'medium')} to {formatDate(s.periodEnd, 'medium')}.
      </p>
      <dl className={facts.facts}>
        <dt>Payment date</dt>
        <dd>{formatDate(s.paymentDate, 'long')}</dd>
        <dt>Net paid</dt>
        <dd className={styles.netPaid}>{formatPence(s.totals.netPaidPence)}</dd>
        <dt>Of which VAT</dt>
        <dd>{formatPence(s.totals.vatPence)}</dd>
        <dt>Loads</dt>
        <dd>
          {formatNumber(s.loads)}, {formatTonnes(s.tonnes)} t
        </dd>
      </dl>
      <ExportActions
        csv={{ path: `${path}.csv` }}
        print
        what={`Remittance statement ${s.number}`}
      />
      <h2 className={styles.section}>Lines</h2>
      <DataTable
        narrow="cards"
        caption={`${formatNumber(s.lines.length)} lines of statement ${s.number}`}
        columns={lineColumns}
        rows={s.lines}
        rowKey={(l) => l.id}
        print="landscape"
      />
      <h2 className={styles.section}>Totals</h2>
      <DataTable
        narrow="cards"
        caption="Worked out from the lines"
        columns={totalColumns}
        rows={totalRows(s)}
        rowKey={(r) => r.key}
      />
      <h2 className={styles.section}>Quality reconciliation</h2>
      <p>
        Each load set against its QC result: what the contract's quality terms give for the result,
        and what the statement applied.{' '}
        {differing === 0
          ? 'Every load agrees with its QC result.'
          : `${formatNumber(differing)} load${differing === 1 ? ' differs' : 's differ'} from its QC result.`}
      </p>
      <DataTable
        narrow="cards"
        caption={`QC reconciliation of ${formatNumber(s.reconciliation.length)} loads`}
        columns={reconciliationColumns}
        rows={s.reconciliation}
        rowKey={(r) => r.lineId}
        print="landscape"
      />
    </>
  );
}
