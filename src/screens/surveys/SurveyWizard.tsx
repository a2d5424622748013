import type { ErrorSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ApiErrorBody } from '../../../shared/api.ts';
import type { SurveyForUnit, SurveyResponse } from '../../../shared/surveys/types.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiPut } from '../../core/api/client.ts';
import { useDialogs } from '../../core/dialogs/dialog-store.ts';
import { useDraft } from '../../core/drafts/use-draft.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { submitWrite } from '../../core/outbox/outbox-store.ts';
import { Button } from '../../ui/Button.tsx';
import { DraftNotice } from '../../ui/drafts/DraftNotice.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { WaitingWrites } from '../../ui/outbox/WaitingWrites.tsx';
import { serverErrorSchema } from '../records/form-errors.ts';
import { AnswersReview } from './AnswersReview.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import { surveyPageForms, type SurveyPageForm as BuiltPage } from './survey-forms.ts';
import { SurveyPageForm } from './SurveyPageForm.tsx';
import styles from './Surveys.module.css';
import { useAutosave } from './use-autosave.ts';
import { WizardSteps } from './WizardSteps.tsx';

type Answers = Record<string, Record<string, unknown>>;

interface SurveyWizardProps {
  unitId: number;
  /** The survey's API path: /units/<unit>/surveys/<survey>. */
  apiPath: string;
  data: SurveyForUnit;
  /** The survey was submitted: the screen reads it again (now read-only). */
  onSubmitted: () => void;
}

/** The page the address names: ?page=2 (1-based) or ?page=review; the first page otherwise. */
function stepOf(param: string | null, pages: number): number {
  if (param === 'review') return pages;
  const n = Number(param);
  return Number.isInteger(n) && n >= 1 && n <= pages ? n - 1 : 0;
}

/** The server's 406 messages by question pointer, split by page: { page: { question: [...] } }. */
function errorsByPage(errors: ApiErrorBody['errors']): Map<string, Record<string, string[]>> {
  const byPage = new Map<string, Record<string, string[]>>();
  if (Array.isArray(errors)) return byPage;
  for (const [pointer, messages] of Object.entries(errors)) {
    const [, page = '', question = 'record'] = pointer.split('/');
    const own = byPage.get(page) ?? {};
    own[question] = (Array.isArray(messages) ? messages : [messages]).map(String);
    byPage.set(page, own);
  }
  return byPage;
}

/** Answers to start from: the draft on the server, or what the records give. */
const startingAnswers = (data: SurveyForUnit): Answers =>
  data.response ? data.response.answers : data.prefill.answers;

/**
 * The survey's wizard: a page per section with its progress, Back and Next (Next checks the
 * page), a review of every answer with Edit links, and Submit after a confirmation, which locks
 * the answers. The draft is saved on the server a second after the last change and on every
 * change of page, so it resumes on a reload or another device; meanwhile it is kept on this
 * device too (src/core/drafts), and answers typed but never saved on the server (offline, a tab
 * closed at once) are offered back on the next visit. The page is in the address (?page=2), so a
 * reload opens where the farm was.
 */
export function SurveyWizard({ unitId, apiPath, data, onSubmitted }: SurveyWizardProps) {
  const { survey, prefill } = data;
  const [built, setBuilt] = useState<BuiltPage[] | null>(null);
  const [answers, setAnswers] = useState<Answers>(() => startingAnswers(data));
  const latest = useRef(answers);
  const [refused, setRefused] = useState<{
    errors: Map<string, Record<string, string[]>>;
    answers: Answers;
  } | null>(null);
  const [problems, setProblems] = useState<number[]>([]);
  const [comment, setComment] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [params, setParams] = useSearchParams();
  const step = stepOf(params.get('page'), survey.pages.length);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const { state: saveState, saver } = useAutosave((value: Answers) =>
    apiPut<SurveyResponse>(`${apiPath}/draft`, { answers: value }),
  );
  const draft = useDraft<Answers>({
    unitId,
    kind: 'survey',
    formId: survey.id,
    schemaVersion: String(survey.version),
  });
  const { saved: draftSaved } = draft;
  // Saved on the server, and nothing typed since: the copy on this device has served.
  useEffect(() => {
    if (saveState.kind === 'saved' && !saver.hasUnsaved) void draftSaved();
  }, [saveState, saver, draftSaved]);
  // A copy older than the server's draft holds nothing the server lacks.
  const savedOnServer = data.response?.updatedAt;
  const offered = draft.offer;
  const staleOffer =
    offered !== null &&
    savedOnServer !== undefined &&
    offered.savedAt.getTime() <= Date.parse(savedOnServer);
  const { discard: discardDraft } = draft;
  useEffect(() => {
    if (staleOffer) discardDraft();
  }, [staleOffer, discardDraft]);

  useEffect(() => {
    let current = true;
    surveyPageForms(survey.id, survey.version).then(
      (pages) => {
        if (current) setBuilt(pages);
      },
      (error: unknown) => reportError(error),
    );
    return () => {
      current = false;
    };
  }, [survey.id, survey.version]);

  // A new page: its heading takes the focus, so that a screen reader starts there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const update = (next: Answers) => {
    if (JSON.stringify(next) === JSON.stringify(latest.current)) return;
    latest.current = next;
    setAnswers(next);
    draft.keep(next);
    saver.change(next);
  };

  const goTo = (next: number) => {
    void saver.flush();
    setParams(next >= survey.pages.length ? { page: 'review' } : { page: String(next + 1) });
  };

  const submitPath = `${apiPath}/submit`;
  const submit = async () => {
    if (!built) return;
    // Every page checked as Next would: the pages with problems are named, with a link.
    const invalid = built.flatMap((form, i) =>
      form.validator.validateFormData(answers[form.id] ?? {}, form.schema).errors.length > 0
        ? [i]
        : [],
    );
    setProblems(invalid);
    if (invalid.length > 0) return;
    const provider = survey.provider.name;
    const confirmed = await useDialogs.getState().confirm({
      title: 'Submit this survey?',
      message: `Your answers go to ${provider} and are then locked: you can change them only if ${provider} queries or reopens your return.`,
      confirmLabel: 'Submit',
    });
    if (!confirmed) return;
    setSubmitting(true);
    try {
      // Answers the server has not yet got go with the submission itself: offline, this fails.
      await saver.flush().catch(() => undefined);
      // Through the outbox: with no signal the submission waits on this device, and is sent once.
      const outcome = await submitWrite<SurveyResponse>({
        method: 'POST',
        path: submitPath,
        body: { answers, ...(comment.trim() ? { comment: comment.trim() } : {}) },
        label: `Answers to “${survey.title}”, to submit to ${provider}`,
      });
      if (outcome.kind === 'refused') {
        const { error } = outcome;
        const errors = error.status === 406 ? error.body?.errors : undefined;
        const byPage =
          errors === undefined ? new Map<string, Record<string, string[]>>() : errorsByPage(errors);
        if (byPage.size === 0) reportError(error);
        else {
          setRefused({ errors: byPage, answers });
          const first = survey.pages.findIndex((p) => byPage.has(p.id));
          setProblems(survey.pages.flatMap((p, i) => (byPage.has(p.id) ? [i] : [])));
          if (first >= 0) goTo(first);
        }
        return;
      }
      // Taken by the server, or kept by the outbox: the draft has done its work.
      await draft.saved();
      if (outcome.kind === 'sent') {
        useAlerts.getState().success(`“${survey.title}” was submitted to ${provider}.`);
        onSubmitted();
      } else {
        useAlerts
          .getState()
          .info(
            `Your answers to “${survey.title}” are saved on this device and will be submitted to ${provider} as soon as the server can be reached.`,
          );
      }
    } catch (error) {
      reportError(error);
    } finally {
      setSubmitting(false);
    }
  };

  const extraErrors = useMemo((): Record<string, ErrorSchema | undefined> => {
    if (!refused) return {};
    const result: Record<string, ErrorSchema | undefined> = {};
    for (const page of survey.pages) {
      const own = refused.errors.get(page.id);
      if (!own) continue;
      // A message stays until the farm changes that answer.
      result[page.id] = serverErrorSchema(
        own,
        page.schema,
        (q) =>
          JSON.stringify(answers[page.id]?.[q]) === JSON.stringify(refused.answers[page.id]?.[q]),
      );
    }
    return result;
  }, [refused, answers, survey.pages]);

  if (!built) return <PageLoading />;

  const titles = survey.pages.map((p) => p.title);
  const page = survey.pages[step];
  const form = built.find((b) => b.id === page?.id);
  const pageHref = (n: number) => `?page=${String(n)}`;

  return (
    <div className={styles.wizard}>
      <WizardSteps titles={titles} current={step} />
      <SaveStatus state={saveState} />
      {!staleOffer && (
        <DraftNotice draft={draft} unsaved="unsaved answers to this survey" onResume={update} />
      )}
      {page && form ? (
        <section aria-labelledby="survey-page-heading">
          <h2 id="survey-page-heading" ref={heading} tabIndex={-1}>
            {page.title}
          </h2>
          {page.description !== undefined && <p>{page.description}</p>}
          <SurveyPageForm
            key={page.id}
            built={form}
            page={page}
            data={answers[page.id] ?? {}}
            prefill={prefill}
            extraErrors={extraErrors[page.id]}
            onChange={(pageData) => update({ ...latest.current, [page.id]: pageData })}
            onNext={(pageData) => {
              update({ ...latest.current, [page.id]: pageData });
              goTo(step + 1);
            }}
          >
            <div className={styles.wizardActions}>
              {step > 0 && (
                <Button variant="secondary" onClick={() => goTo(step - 1)}>
                  Back
                </Button>
              )}
              <Button type="submit">
                {step === survey.pages.length - 1 ? 'Review answers' : 'Next'}
              </Button>
            </div>
          </SurveyPageForm>
        </section>
      ) : (
        <section aria-labelledby="survey-page-heading">
          <h2 id="survey-page-heading" ref={heading} tabIndex={-1}>
            Review your answers
          </h2>
          <p>Check every answer before you submit. Answers taken from your records say so.</p>
          <WaitingWrites
            what="Submissions saved on this device, waiting to be sent"
            of={(item) => item.path === submitPath}
          />
          {problems.length > 0 && (
            <div role="alert" className={styles.problems}>
              <p>Some answers need attention before you can submit:</p>
              <ul>
                {problems.map((i) => (
                  <li key={i}>
                    <Link to={pageHref(i + 1)}>{survey.pages[i]?.title}</Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <AnswersReview
            pages={survey.pages}
            answers={answers}
            sources={prefill.sources}
            prefilled={prefill.answers}
            editHref={pageHref}
            level={3}
          />
          <label className={styles.comment}>
            Note to {survey.provider.name} (optional)
            <textarea
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              maxLength={2000}
            />
          </label>
          <div className={styles.wizardActions}>
            <Button variant="secondary" onClick={() => goTo(survey.pages.length - 1)}>
              Back
            </Button>
            <Button onClick={() => void submit()} busy={submitting} busyLabel="Submitting…">
              Submit
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
