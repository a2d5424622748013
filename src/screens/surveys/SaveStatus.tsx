import styles from './Surveys.module.css';
import { formatTime } from './survey-words.ts';
import type { SaveState } from './use-autosave.ts';

const WORDS: { [K in SaveState['kind']]: (state: Extract<SaveState, { kind: K }>) => string } = {
  idle: () => '',
  saving: () => 'Saving…',
  saved: (state) => `Saved ${formatTime(state.at)}`,
  retrying: () => 'Not saved — retrying',
  refused: () =>
    'Not saved: this survey can no longer be changed here. Reload the page to see where it stands.',
};

const words = <K extends SaveState['kind']>(state: Extract<SaveState, { kind: K }>): string =>
  WORDS[state.kind](state);

/** The draft's autosave in a polite live region: screen readers hear it without losing their place. */
export function SaveStatus({ state }: { state: SaveState }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={
        state.kind === 'retrying' || state.kind === 'refused' ? styles.saveFailed : styles.save
      }
    >
      {words(state)}
    </p>
  );
}
