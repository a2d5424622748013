import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { draftTime } from '../../core/drafts/draft-time.ts';
import type { DraftSummary } from '../../core/drafts/drafts.ts';
import { logger } from '../../core/logging/logger.ts';
import { recordTypeTitle } from '../../engine/record-access.ts';
import { isRedirect, routeConfig } from '../../engine/routes-config.ts';
import type { RecordTypeConfig } from '../../engine/record-types.ts';
import { Button } from '../../ui/Button.tsx';
import { parseRecordDraft } from './record-drafts.ts';

interface UnsavedDraftsProps {
  type: RecordTypeConfig;
  unitId: number;
  /** Opens the form the draft is of: a new record, or the edit of the record with this id. */
  onOpen: (recordId: number | undefined) => void;
}

/** The records screen of each record type, for a draft of another type than the one shown. */
const recordsPathOf = (typeName: string): string | undefined =>
  routeConfig.find(
    (route) =>
      !isRedirect(route) && route.screen === 'records' && route.options?.recordType === typeName,
  )?.path;

/**
 * The user's unsaved record drafts on this unit, so that one left here (from another unit, or on
 * the edit of a record) is found again: this type's open their form, other types' lead to their
 * records screen, which lists them the same way. Nothing when there are none.
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
          if (live) setDrafts(found.filter((d) => parseRecordDraft(d) !== null));
        },
        (error: unknown) => logger.info('The drafts could not be listed', error),
      );
    return () => {
      live = false;
    };
  }, [unitId]);

  if (drafts.length === 0) return null;
  const item = type.itemTitle ?? 'record';
  return (
    <section aria-labelledby="unsaved-drafts-heading">
      <h2 id="unsaved-drafts-heading">Unsaved drafts</h2>
      <ul>
        {drafts.map((draft) => {
          const of = parseRecordDraft(draft);
          if (!of) return null;
          const when = `from ${draftTime(draft.savedAt)}`;
          if (of.typeName !== type.name) {
            const path = recordsPathOf(of.typeName);
            const what = `${recordTypeTitle(of.typeName)}: ${of.recordId === undefined ? 'a new record' : `changes to record ${String(of.recordId)}`}`;
            return (
              <li key={draft.formId}>
                {path ? <Link to={path}>{what}</Link> : what}, {when}
              </li>
            );
          }
          const what =
            of.recordId === undefined ? `New ${item}` : `Changes to ${item} ${String(of.recordId)}`;
          return (
            <li key={draft.formId}>
              {what}, {when}{' '}
              <Button
                variant="secondary"
                aria-label={`Open: ${what}`}
                onClick={() => onOpen(of.recordId)}
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
