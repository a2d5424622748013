import type {
  CompanyResponseRow,
  SurveyStatus,
  SurveyStatusCounts,
} from '../../shared/surveys/types.ts';
import { SURVEY_STATUSES } from '../../shared/surveys/types.ts';
import type { Queryable } from '../db/index.ts';
import { likePattern } from '../http/paging.ts';
import { currentVersion, type Survey, type SurveyFile } from './definitions.ts';
import { allowedActions } from './response-actions.ts';
import { phaseOf, statusSql } from './status.ts';
import { targetedPlanSql } from './targeting.ts';
import type { Answers } from './store.ts';

const ISO = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** What narrows a survey's units: a status, a search, one unit. */
export interface UnitFilter {
  status?: SurveyStatus;
  search?: string;
  unitId?: number;
}

/**
 * The SQL over one survey's targeted units (each unit once): units that hold a plan of the
 * provider the survey targets, with their response (if any) and status worked out as statusOf
 * does. `select` is given the status expression.
 */
function targetedUnits(
  survey: Survey,
  providerId: number,
  today: string,
  filter: UnitFilter,
): { from: string; where: string; status: string; params: unknown[] } {
  const dates = currentVersion(survey).file;
  const params: unknown[] = [survey.id, dates.closesOn, dates.lateUntil ?? null, today];
  const targeted = targetedPlanSql(survey, providerId, params.length + 1);
  params.push(...targeted.params);
  // The dates as a row of their own, so that every query binds them with a type.
  const status = statusSql('r.status', 'd.closes_on', 'd.late_until', 'd.today');
  const conditions = [
    `exists (select 1 from unit_packages up join packages p on p.id = up.package_id
             where up.unit_id = un.id and ${targeted.sql})`,
  ];
  if (filter.status !== undefined) {
    params.push(filter.status);
    conditions.push(`(${status}) = $${String(params.length)}`);
  }
  if (filter.search !== undefined && filter.search.trim() !== '') {
    params.push(likePattern(filter.search.trim()));
    const p = `$${String(params.length)}`;
    conditions.push(`(un.name ilike ${p} or f.name ilike ${p} or un.holding_number ilike ${p})`);
  }
  if (filter.unitId !== undefined) {
    params.push(filter.unitId);
    conditions.push(`un.id = $${String(params.length)}`);
  }
  return {
    from: `units un join farms f on f.id = un.farm_id
      left join survey_responses r on r.unit_id = un.id and r.survey_id = $1
      cross join (select $2::text as closes_on, $3::text as late_until, $4::text as today) d`,
    where: conditions.join(' and '),
    status,
    params,
  };
}

/** Counts of the survey's targeted units by status. */
export async function statusCounts(
  db: Queryable,
  survey: Survey,
  providerId: number,
  today: string,
): Promise<SurveyStatusCounts> {
  const q = targetedUnits(survey, providerId, today, {});
  const { rows } = await db.query<{ status: SurveyStatus; n: number }>(
    `select ${q.status} as status, count(*)::int as n from ${q.from} where ${q.where} group by 1`,
    q.params,
  );
  const counts = Object.fromEntries(SURVEY_STATUSES.map((s) => [s, 0])) as SurveyStatusCounts;
  counts.targeted = 0;
  for (const { status, n } of rows) {
    counts[status] = n;
    counts.targeted += n;
  }
  return counts;
}

/** A row of the responses list as read, with the answers for the CSV. */
export interface UnitRow {
  unit_id: number;
  unit_name: string;
  holding_number: string;
  farm_id: number;
  farm_name: string;
  plans: string[] | null;
  survey_version: number | null;
  status: SurveyStatus;
  updated_at: string | null;
  submitted_at: string | null;
  reminded_by: number | null;
  reminded_by_name: string | null;
  reminded_at: string | null;
  answers: Answers | null;
}

export async function countUnits(
  db: Queryable,
  survey: Survey,
  providerId: number,
  today: string,
  filter: UnitFilter,
): Promise<number> {
  const q = targetedUnits(survey, providerId, today, filter);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from ${q.from} where ${q.where}`,
    q.params,
  );
  return rows[0]?.n ?? 0;
}

/** One page of the survey's units, by unit name. */
export async function selectUnits(
  db: Queryable,
  survey: Survey,
  providerId: number,
  today: string,
  filter: UnitFilter,
  limit: number,
  offset: number,
): Promise<UnitRow[]> {
  const q = targetedUnits(survey, providerId, today, filter);
  const targeted = targetedPlanSql(survey, providerId, q.params.length + 1);
  const params = [...q.params, ...targeted.params, limit, offset];
  const { rows } = await db.query<UnitRow>(
    `select un.id as unit_id, un.name as unit_name, un.holding_number, f.id as farm_id,
       f.name as farm_name,
       (select array_agg(p.reference order by p.reference) from unit_packages up
          join packages p on p.id = up.package_id where up.unit_id = un.id and ${targeted.sql}) as plans,
       r.survey_version, ${q.status} as status, ${ISO('r.updated_at')} as updated_at,
       ${ISO('r.submitted_at')} as submitted_at, r.answers,
       lr.created_by as reminded_by, lr.created_by_name as reminded_by_name,
       ${ISO('lr.created_at')} as reminded_at
     from ${q.from}
     left join lateral (select n.created_by, n.created_by_name, n.created_at from notices n
        where n.unit_id = un.id and n.survey_id = $1 and n.kind = 'survey-reminder'
        order by n.created_at desc, n.id desc limit 1) lr on true
     where ${q.where}
     order by un.name, un.id
     limit $${String(params.length - 1)} offset $${String(params.length)}`,
    params,
  );
  return rows;
}

/** A row as the API gives it, with the actions the server takes on it today. */
export function responseRowOf(
  row: UnitRow,
  dates: Pick<SurveyFile, 'opensOn' | 'closesOn' | 'lateUntil'>,
  today: string,
  /** Whether the farm shares its survey answers with the provider (issue 20 point 3). */
  shared = true,
): CompanyResponseRow {
  const { closesOn } = dates;
  return {
    unit: { id: row.unit_id, name: row.unit_name, holdingNumber: row.holding_number },
    farm: { id: row.farm_id, name: row.farm_name },
    plans: row.plans ?? [],
    status: row.status,
    surveyVersion: row.survey_version,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
    submittedLate: row.submitted_at !== null && row.submitted_at.slice(0, 10) > closesOn,
    lastReminder:
      row.reminded_at === null || row.reminded_by_name === null
        ? null
        : { by: { id: row.reminded_by, name: row.reminded_by_name }, at: row.reminded_at },
    shared,
    // Without its answers a return can be neither judged nor chased: its endpoints refuse.
    actions: shared ? allowedActions(row.status, phaseOf(dates, today)) : [],
  };
}
