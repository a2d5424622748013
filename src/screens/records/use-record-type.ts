import { recordTypes, type RecordTypeConfig } from '../../engine/record-types.ts';
import { useScreenHandle } from '../../engine/use-screen-handle.ts';

/** The record type the current route shows (its options.recordType in config/routes.json). */
export function useRecordType(): RecordTypeConfig | undefined {
  const recordType = useScreenHandle()?.options.recordType;
  return recordType === undefined ? undefined : recordTypes.get(recordType);
}
