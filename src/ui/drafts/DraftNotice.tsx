import { draftTime } from '../../core/drafts/draft-time.ts';
import type { DraftControl } from '../../core/drafts/use-draft.ts';
import { Button } from '../Button.tsx';
import styles from './DraftNotice.module.css';

interface DraftNoticeProps<T> {
  draft: DraftControl<T>;
  /** What is unsaved, as "You have …" goes on: "an unsaved monthly record". */
  unsaved: string;
  /** Fills the form with the draft's data. */
  onResume: (data: T) => void;
}

/**
 * "You have an unsaved monthly record from 14:02 — resume or discard", above a form that has a
 * draft. The live region is always there, so a screen reader hears the notice when it appears;
 * it is busy while the draft is looked for.
 */
export function DraftNotice<T>({ draft, unsaved, onResume }: DraftNoticeProps<T>) {
  const { offer } = draft;
  return (
    <div aria-live="polite" aria-busy={draft.checking}>
      {offer && (
        <section className={styles.notice} aria-label="Unsaved draft">
          <p>
            You have {unsaved} from {draftTime(offer.savedAt)} — resume or discard.
            {draft.offerFromOtherVersion &&
              ' The form has changed since: check every field before you save.'}
          </p>
          <div className={styles.actions}>
            <Button
              onClick={() => {
                const data = draft.resume();
                if (data !== null) onResume(data);
              }}
            >
              Resume
            </Button>
            <Button variant="secondary" onClick={draft.discard}>
              Discard
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
