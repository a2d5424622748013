import type {
  AssessmentAction,
  AssessmentAnswers,
  AssessmentPerson,
  AssessmentStatus,
  AssessmentSummary,
  KpiValues,
} from '../../shared/assessments/types.ts';
import type { Queryable } from '../db/index.ts';

const ISO = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const NAME = (alias: string) =>
  `case when ${alias}.id is null then null else ${alias}.first_name || ' ' || ${alias}.last_name end`;

interface AssessmentRow {
  id: number;
  unit_id: number;
  template_id: string;
  template_version: number;
  visit_date: string;
  vet_name: string;
  practice: string;
  answers: AssessmentAnswers;
  kpis: KpiValues;
  status: AssessmentStatus;
  updated_at: string;
  signed_at: string | null;
  created_by: number;
  created_by_name: string;
  created_by_type: string;
  signed_by: number | null;
  signed_by_name: string | null;
  signed_by_type: string | null;
  open_actions: number;
}

const COLUMNS = `a.id, a.unit_id, a.template_id, a.template_version,
  to_char(a.visit_date, 'YYYY-MM-DD') as visit_date, a.vet_name, a.practice, a.answers, a.kpis,
  a.status, ${ISO('a.updated_at')} as updated_at, ${ISO('a.signed_at')} as signed_at,
  a.created_by, ${NAME('cu')} as created_by_name, cu.type as created_by_type,
  a.signed_by, ${NAME('su')} as signed_by_name, su.type as signed_by_type,
  (select count(*) from assessment_actions x
    where x.assessment_id = a.id and x.done_at is null)::int as open_actions`;
const FROM = `assessments a
  join users cu on cu.id = a.created_by
  left join users su on su.id = a.signed_by`;

const person = (
  id: number | null,
  name: string | null,
  type: string | null,
): AssessmentPerson | null =>
  id === null || name === null
    ? null
    : { id, name, side: type === 'company_employee' ? 'provider' : 'farm' };

/** A stored assessment with what the list shows; answers kept for the full view. */
export interface StoredAssessment {
  summary: Omit<AssessmentSummary, 'template'> & { template: { id: string; version: number } };
  answers: AssessmentAnswers;
}

function fromRow(row: AssessmentRow): StoredAssessment {
  return {
    summary: {
      id: row.id,
      unitId: row.unit_id,
      template: { id: row.template_id, version: row.template_version },
      visitDate: row.visit_date,
      vetName: row.vet_name,
      practice: row.practice,
      status: row.status,
      kpis: row.kpis,
      openActions: row.open_actions,
      createdBy: person(
        row.created_by,
        row.created_by_name,
        row.created_by_type,
      ) as AssessmentPerson,
      signedBy: person(row.signed_by, row.signed_by_name, row.signed_by_type),
      signedAt: row.signed_at,
      updatedAt: row.updated_at,
    },
    answers: row.answers,
  };
}

export async function countAssessments(db: Queryable, unitId: number, status?: AssessmentStatus) {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from assessments where unit_id = $1 and ($2::text is null or status = $2)`,
    [unitId, status ?? null],
  );
  return rows[0]?.n ?? 0;
}

/** A unit's assessments, the latest visit first. */
export async function selectAssessments(
  db: Queryable,
  unitId: number,
  status: AssessmentStatus | undefined,
  limit: number,
  offset: number,
): Promise<StoredAssessment[]> {
  const { rows } = await db.query<AssessmentRow>(
    `select ${COLUMNS} from ${FROM}
      where a.unit_id = $1 and ($2::text is null or a.status = $2)
      order by a.visit_date desc, a.id desc limit $3 offset $4`,
    [unitId, status ?? null, limit, offset],
  );
  return rows.map(fromRow);
}

export async function findAssessment(
  db: Queryable,
  unitId: number,
  id: number,
  lock = false,
): Promise<StoredAssessment | null> {
  const { rows } = await db.query<AssessmentRow>(
    `select ${COLUMNS} from ${FROM} where a.unit_id = $1 and a.id = $2${lock ? ' for update of a' : ''}`,
    [unitId, id],
  );
  const row = rows[0];
  return row ? fromRow(row) : null;
}

interface ActionRow {
  id: number;
  description: string;
  owner: string;
  due_on: string;
  done_at: string | null;
  done_by: number | null;
  done_by_name: string | null;
  done_by_type: string | null;
}

export async function selectActions(
  db: Queryable,
  assessmentId: number,
): Promise<AssessmentAction[]> {
  const { rows } = await db.query<ActionRow>(
    `select x.id, x.description, x.owner, to_char(x.due_on, 'YYYY-MM-DD') as due_on,
            ${ISO('x.done_at')} as done_at, x.done_by, ${NAME('du')} as done_by_name,
            du.type as done_by_type
       from assessment_actions x left join users du on du.id = x.done_by
      where x.assessment_id = $1 order by x.position`,
    [assessmentId],
  );
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    owner: r.owner,
    dueOn: r.due_on,
    doneAt: r.done_at,
    doneBy: person(r.done_by, r.done_by_name, r.done_by_type),
  }));
}

/** A draft's actions, replaced whole (a draft's actions are not yet anyone's to mark done). */
export async function replaceActions(
  tx: Queryable,
  assessmentId: number,
  actions: readonly { description: string; owner: string; dueOn: string }[],
): Promise<void> {
  await tx.query('delete from assessment_actions where assessment_id = $1', [assessmentId]);
  for (const [i, action] of actions.entries()) {
    await tx.query(
      `insert into assessment_actions (assessment_id, position, description, owner, due_on)
       values ($1, $2, $3, $4, $5)`,
      [assessmentId, i + 1, action.description, action.owner, action.dueOn],
    );
  }
}
