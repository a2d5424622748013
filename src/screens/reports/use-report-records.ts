import { evaluate } from '../../../shared/access/conditions.ts';
import { recordRule } from '../../../shared/access/rule-book.ts';
import type { ApiRecord } from '../../../shared/api.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { useApiPaged } from '../../core/api/use-api.ts';
import { recordTypes } from '../../engine/record-types.ts';
import { ruleBook } from '../../engine/rules.ts';
import { useAvailableFlags } from '../../engine/use-flags.ts';
import { newestByField, type AnyReportReads } from './report-reads.ts';

export type ReportRecords =
  | { state: 'no-unit' }
  | { state: 'no-records-feature'; recordsTitle: string }
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; records: ApiRecord[]; total: number };

/**
 * The newest records of the type a report reads (report-reads.ts) on the active unit. Asks the
 * server only when the plan includes the record type, so a report never provokes a permission
 * error.
 */
export function useReportRecords(reads: AnyReportReads, count: number): ReportRecords {
  const { recordType } = reads;
  const unit = useAccount((s) => s.unit);
  const flags = useAvailableFlags();
  const type = recordTypes.get(recordType);
  const allowed =
    unit !== null &&
    type !== undefined &&
    evaluate({ rule: recordRule(recordType) }, flags, ruleBook.lookup);
  const { data, error } = useApiPaged<ApiRecord>(
    allowed ? `/units/${String(unit.id)}/records/${recordType}` : null,
    { page: 1, perPage: count },
    { sort: newestByField(reads), direction: 'desc' },
  );
  if (!unit) return { state: 'no-unit' };
  if (!allowed) return { state: 'no-records-feature', recordsTitle: type?.title ?? recordType };
  if (error && !data) return { state: 'failed' };
  if (!data) return { state: 'loading' };
  return { state: 'ready', records: data.records, total: data.total_records };
}
