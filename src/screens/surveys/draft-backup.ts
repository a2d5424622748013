import type { SurveyDraftRequest } from '../../../shared/surveys/types.ts';
import { appConfig } from '../../core/config.ts';
import { sessionScopedStorage } from '../../core/session/storage.ts';

type Answers = SurveyDraftRequest['answers'];

/**
 * The answers typed but maybe not yet saved on the server, kept in the browser (this tab's
 * storage in production, as the session is) so that a reload or a lost connection loses nothing:
 * on opening, a copy newer than the server's draft is taken up and saved.
 */
const key = (unitId: number, surveyId: string) =>
  `${appConfig.storageKeyPrefix}survey-draft.${String(unitId)}.${surveyId}`;

interface Backup {
  answers: Answers;
  /** When it was typed, ms since the epoch. */
  at: number;
}

export function writeBackup(unitId: number, surveyId: string, answers: Answers): void {
  try {
    sessionScopedStorage()?.setItem(
      key(unitId, surveyId),
      JSON.stringify({ answers, at: Date.now() } satisfies Backup),
    );
  } catch {
    // Storage full or refused: the server's copy is all there is, as without a backup.
  }
}

export function clearBackup(unitId: number, surveyId: string): void {
  sessionScopedStorage()?.removeItem(key(unitId, surveyId));
}

/** The copy typed after `since` (the server's last save), or null. */
export function readBackup(unitId: number, surveyId: string, since: string | null): Answers | null {
  const raw = sessionScopedStorage()?.getItem(key(unitId, surveyId));
  if (!raw) return null;
  try {
    // Parsed from storage, so checked rather than trusted.
    const backup = JSON.parse(raw) as { answers?: unknown; at?: unknown } | null;
    const at = typeof backup?.at === 'number' ? backup.at : 0;
    const newer = since === null || at > Date.parse(since);
    return newer && typeof backup?.answers === 'object' && backup.answers !== null
      ? (backup.answers as Answers)
      : null;
  } catch {
    return null;
  }
}
