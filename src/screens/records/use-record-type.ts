import { useMatches } from 'react-router-dom';
import type { ScreenHandle } from '../../engine/build-routes.tsx';
import { recordTypes, type RecordTypeConfig } from '../../engine/record-types.ts';

/** The record type the current route shows (its "recordType" in config/routes.json). */
export function useRecordType(): RecordTypeConfig | undefined {
  const handle = useMatches().at(-1)?.handle as ScreenHandle | undefined;
  return handle?.recordType === undefined ? undefined : recordTypes.get(handle.recordType);
}
