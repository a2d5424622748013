import { useEffect, useState } from 'react';
import { draftTime } from '../../core/drafts/draft-time.ts';
import type { DraftSummary } from '../../core/drafts/drafts.ts';
import { logger } from '../../core/logging/logger.ts';
import type { RecordTypeConfig } from '../../engine/record-types.ts';
import { Button } from '../../ui/Button.tsx';
import { parseRecordDraftId } from './record-drafts.ts';

interface UnsavedDraftsProps {
  type: RecordTypeConfig;
  unitId: number;
  /** Opens the form the draft is of: a new record, or the edit of the record with this id. */
  onOpen: (recordId: number | undefined) => void;
}

/**
 * The user's drafts of this record type on this unit, so that one left on another unit, or on
 * the edit of a record, is found again from its list. Nothing when there are none.
 */
export function UnsavedDrafts({ type, unitId, onOpen }: UnsavedDraftsProps) {
  const [drafts, setDrafts] = useState<DraftSummary[]>([]);
  useEffect(() => {
    let live = true;
    // Loaded beside the list, as the form loads it (use-draft.ts).
    import('../../core/drafts/drafts.ts')
      .then(({ listDrafts }) => listDrafts(unitId))
      .then(
        (found) => {
          if (live) setDrafts(found.filter((d) => parseRecordDraftId(type.name, d) !== null));
        },
        (error: unknown) => logger.info('The drafts could not be listed', error),
      );
    return () => {
      live = false;
    };
  }, [type.name, unitId]);

  if (drafts.length === 0) return null;
  const item = type.itemTitle ?? 'record';
  return (
    <section aria-labelledby="unsaved-drafts-heading">
      <h2 id="unsaved-drafts-heading">Unsaved drafts</h2>
      <ul>
        {drafts.map((draft) => {
          const recordId = parseRecordDraftId(type.name, draft) ?? undefined;
          const what =
            recordId === 'new' ? `New ${item}` : `Changes to ${item} ${String(recordId)}`;
          return (
            <li key={draft.formId}>
              {what}, from {draftTime(draft.savedAt)}{' '}
              <Button
                variant="secondary"
                aria-label={`Open: ${what}`}
                onClick={() => onOpen(recordId === 'new' ? undefined : recordId)}
              >
                Open
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
