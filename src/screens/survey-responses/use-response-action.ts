import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { CompanyResponse, SurveyCommentRequest } from '../../../shared/surveys/types.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiPost } from '../../core/api/client.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { ACTION_TEXT, type ResponseAction } from './response-actions.ts';

const responsePath = (surveyId: string, unitId: number) =>
  `/surveys/${encodeURIComponent(surveyId)}/responses/${String(unitId)}`;

/** Every cached read of the staff's surveys: the counts, the lists and the responses change. */
const surveyReads = (key: unknown) => {
  const path: unknown = Array.isArray(key) ? (key as unknown[])[0] : undefined;
  return typeof path === 'string' && (path === '/surveys' || path.startsWith('/surveys/'));
};

/**
 * Runs one staff action on a unit's response (remind, accept, query, reopen), says what it did,
 * and reads the survey's counts, lists and response again. A refusal opens the error dialog with
 * the server's words. Resolves true when the server took it.
 */
export function useResponseAction(surveyId: string) {
  const [running, setRunning] = useState<string | null>(null);
  // The cache the reads use: swr's own in the app, a test's <SWRConfig provider> in tests.
  const { mutate } = useSWRConfig();

  const run = async (
    unit: { id: number; name: string },
    action: ResponseAction,
    comment?: string,
  ): Promise<boolean> => {
    const key = `${String(unit.id)}:${action}`;
    setRunning(key);
    try {
      const body: SurveyCommentRequest | undefined =
        action === 'remind' ? undefined : comment ? { comment } : {};
      await apiPost<CompanyResponse>(`${responsePath(surveyId, unit.id)}/${action}`, body);
      useAlerts
        .getState()
        .success(
          action === 'remind'
            ? `${unit.name} was reminded: its users see the reminder in the portal (no e-mail is sent).`
            : `The return of ${unit.name} was ${ACTION_TEXT[action].done}.`,
        );
      await mutate(surveyReads);
      return true;
    } catch (e) {
      reportError(e);
      return false;
    } finally {
      setRunning(null);
    }
  };

  /** Whether this action on this unit is under way. */
  const busy = (unitId: number, action: ResponseAction) =>
    running === `${String(unitId)}:${action}`;

  return { run, busy, anyRunning: running !== null };
}

export { responsePath };
