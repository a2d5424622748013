import type { ApiUser } from '../../shared/api.ts';
import type {
  SurveyActor,
  SurveyComment,
  SurveyReminder,
  SurveyResponse,
  SurveyResponseVersion,
} from '../../shared/surveys/types.ts';
import type { Queryable } from '../db/index.ts';
import type { SurveyFile } from './definitions.ts';
import { statusOf, type StoredStatus } from './status.ts';

/** Answers: one object per page id. */
export type Answers = Record<string, Record<string, unknown>>;

const ISO = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const NAME = (alias: string) =>
  `case when ${alias}.id is null then null else ${alias}.first_name || ' ' || ${alias}.last_name end`;

/** One survey_responses row as read, with the names of who last changed and submitted it. */
export interface ResponseRow {
  id: number;
  unit_id: number;
  survey_id: string;
  survey_version: number;
  status: StoredStatus;
  answers: Answers;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  updated_by: number | null;
  updated_by_name: string | null;
  updated_by_type: string | null;
  submitted_by: number | null;
  submitted_by_name: string | null;
  submitted_by_type: string | null;
}

export const RESPONSE_COLUMNS = `r.id, r.unit_id, r.survey_id, r.survey_version, r.status, r.answers,
  ${ISO('r.created_at')} as created_at, ${ISO('r.updated_at')} as updated_at,
  ${ISO('r.submitted_at')} as submitted_at,
  r.updated_by, ${NAME('uu')} as updated_by_name, uu.type as updated_by_type,
  r.submitted_by, ${NAME('su')} as submitted_by_name, su.type as submitted_by_type`;

export const RESPONSE_FROM = `survey_responses r
  left join users uu on uu.id = r.updated_by
  left join users su on su.id = r.submitted_by`;

const sideOf = (type: string | null): 'farm' | 'provider' =>
  type === 'company_employee' ? 'provider' : 'farm';

const actor = (id: number | null, name: string | null, type: string | null): SurveyActor | null =>
  id === null || name === null ? null : { id, name, side: sideOf(type) };

/** The signed-in user as history and comments name them. */
export const actorOf = (user: ApiUser): SurveyActor => ({
  id: user.id,
  name: `${user.first_name} ${user.last_name}`,
  side: user.type === 'company_employee' ? 'provider' : 'farm',
});

export async function findResponse(
  db: Queryable,
  unitId: number,
  surveyId: string,
): Promise<ResponseRow | null> {
  const { rows } = await db.query<ResponseRow>(
    `select ${RESPONSE_COLUMNS} from ${RESPONSE_FROM} where r.unit_id = $1 and r.survey_id = $2`,
    [unitId, surveyId],
  );
  return rows[0] ?? null;
}

/** The newest reminder of a unit about a survey, or null. */
export async function lastReminder(
  db: Queryable,
  unitId: number,
  surveyId: string,
): Promise<SurveyReminder | null> {
  const { rows } = await db.query<{ by_user: number | null; by_name: string; at: string }>(
    `select created_by as by_user, created_by_name as by_name, ${ISO('created_at')} as at
     from notices where unit_id = $1 and survey_id = $2 and kind = 'survey-reminder'
     order by created_at desc, id desc limit 1`,
    [unitId, surveyId],
  );
  const row = rows[0];
  return row ? { by: { id: row.by_user, name: row.by_name }, at: row.at } : null;
}

/** A response with its history, comments and last reminder, as the API answers it. */
export async function fullResponse(
  db: Queryable,
  row: ResponseRow,
  file: SurveyFile,
  today: string,
): Promise<SurveyResponse> {
  const { rows: versions } = await db.query<{
    number: number;
    event: SurveyResponseVersion['event'];
    survey_version: number;
    answers: Answers;
    by_user: number | null;
    by_name: string;
    by_side: 'farm' | 'provider';
    at: string;
  }>(
    `select number, event, survey_version, answers, by_user, by_name, by_side, ${ISO('at')} as at
     from survey_response_versions where response_id = $1 order by number`,
    [row.id],
  );
  const { rows: comments } = await db.query<{
    id: number;
    kind: SurveyComment['kind'];
    text: string;
    by_user: number | null;
    by_name: string;
    by_side: 'farm' | 'provider';
    at: string;
  }>(
    `select id, kind, text, by_user, by_name, by_side, ${ISO('at')} as at
     from survey_comments where response_id = $1 order by at, id`,
    [row.id],
  );
  return {
    surveyId: row.survey_id,
    surveyVersion: row.survey_version,
    unitId: row.unit_id,
    status: statusOf(row.status, file, today),
    answers: row.answers,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: actor(row.updated_by, row.updated_by_name, row.updated_by_type),
    submittedAt: row.submitted_at,
    submittedBy: actor(row.submitted_by, row.submitted_by_name, row.submitted_by_type),
    submittedLate: submittedLate(row.submitted_at, file),
    history: versions.map((v) => ({
      number: v.number,
      event: v.event,
      surveyVersion: v.survey_version,
      answers: v.answers,
      by: { id: v.by_user, name: v.by_name, side: v.by_side },
      at: v.at,
    })),
    comments: comments.map((c) => ({
      id: c.id,
      kind: c.kind,
      text: c.text,
      by: { id: c.by_user, name: c.by_name, side: c.by_side },
      at: c.at,
    })),
    lastReminder: await lastReminder(db, row.unit_id, row.survey_id),
  };
}

/** Submitted after the end of the due day (UTC). */
export const submittedLate = (submittedAt: string | null, file: Pick<SurveyFile, 'closesOn'>) =>
  submittedAt !== null && submittedAt.slice(0, 10) > file.closesOn;

/** Keeps the answers as they are now in the history, under an event, by the user. */
export async function keepVersion(
  db: Queryable,
  responseId: number,
  event: SurveyResponseVersion['event'],
  by: SurveyActor,
  at: string,
): Promise<void> {
  await db.query(
    `insert into survey_response_versions
       (response_id, number, event, survey_version, answers, by_user, by_name, by_side, at)
     select r.id, coalesce((select max(number) from survey_response_versions where response_id = r.id), 0) + 1,
       $2, r.survey_version, r.answers, $3, $4, $5, $6::timestamptz
     from survey_responses r where r.id = $1`,
    [responseId, event, by.id, by.name, by.side, at],
  );
}

export async function addComment(
  db: Queryable,
  responseId: number,
  kind: SurveyComment['kind'],
  text: string,
  by: SurveyActor,
  at: string,
): Promise<void> {
  await db.query(
    `insert into survey_comments (response_id, kind, text, by_user, by_name, by_side, at)
     values ($1, $2, $3, $4, $5, $6, $7::timestamptz)`,
    [responseId, kind, text, by.id, by.name, by.side, at],
  );
}

/** A survey reminder's notice, as the farm reads it (in the portal; no e-mail is sent). */
export function reminderNotice(
  providerName: string,
  survey: { id: string; title: string; closesOn: string },
): { title: string; message: string; path: string } {
  return {
    title: `Reminder: ${survey.title}`,
    message: `${providerName} asks you to complete “${survey.title}”, due ${survey.closesOn}.`,
    path: `/unit/surveys/${survey.id}`,
  };
}
