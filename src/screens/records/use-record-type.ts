import { useEffect, useState } from 'react';
import { logger } from '../../core/logging/logger.ts';
import {
  loadedRecordType,
  loadRecordType,
  type RecordTypeConfig,
} from '../../engine/record-types.ts';
import { useScreenHandle } from '../../engine/use-screen-handle.ts';

/**
 * The record type the current route shows (its options.recordType in config/routes.json). Its
 * file is loaded on first use, the screen `loading` until then; `type` stays undefined for a route
 * that names no record type, or one that no file has.
 */
export function useRecordType(): { type: RecordTypeConfig | undefined; loading: boolean } {
  const name = useScreenHandle()?.options.recordType;
  const type = name === undefined ? undefined : loadedRecordType(name);
  /** The name whose load has settled: it has loaded (and `type` has it), or it never will. */
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (name === undefined || type !== undefined) return;
    let current = true;
    loadRecordType(name)
      .catch((error: unknown) => {
        // Its chunk is gone (a release meanwhile): the screen says so as for a missing type.
        logger.error(`Record type "${name}" could not be loaded`, error);
      })
      .finally(() => {
        if (current) setSettled(name);
      });
    return () => {
      current = false;
    };
  }, [name, type]);
  return { type, loading: name !== undefined && type === undefined && settled !== name };
}
