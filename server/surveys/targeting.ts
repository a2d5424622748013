import type { Queryable } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { targetsPlan, type Survey } from './definitions.ts';

/** A plan as targeting reads it. */
export interface TargetPlan {
  id: number;
  reference: string;
  provider_id: number;
  provider_reference: string;
  provider_name: string;
  features: string[];
}

/** The plans with these ids (a unit's plans the surveys rule holds with). */
export async function plansById(db: Queryable, ids: readonly number[]): Promise<TargetPlan[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<TargetPlan>(
    `select p.id, p.reference, p.provider_id, pr.reference as provider_reference,
       pr.name as provider_name, p.features
     from packages p join providers pr on pr.id = p.provider_id
     where p.id = any($1::int[]) order by p.id`,
    [ids],
  );
  return rows;
}

/** A survey addressed to a unit, with the unit's plans it comes through. */
export interface Addressed {
  survey: Survey;
  plans: TargetPlan[];
}

/**
 * The surveys addressed to a unit through these plans: any version of the survey targets one of
 * them (so a response pinned to an older version keeps its survey when targeting changes).
 */
export function addressedSurveys(
  surveys: ReadonlyMap<string, Survey>,
  plans: readonly TargetPlan[],
): Addressed[] {
  const out: Addressed[] = [];
  for (const survey of surveys.values()) {
    const through = plans.filter((plan) => survey.versions.some((v) => targetsPlan(v.file, plan)));
    if (through.length > 0) out.push({ survey, plans: through });
  }
  return out;
}

/** The survey addressed to the unit through these plans, else 404 (as if it did not exist). */
export function addressedSurvey(
  surveys: ReadonlyMap<string, Survey>,
  plans: readonly TargetPlan[],
  surveyId: string,
): Addressed {
  const survey = surveys.get(surveyId);
  const found = survey && addressedSurveys(new Map([[surveyId, survey]]), plans)[0];
  if (!found) throw notFound(`There is no survey "${surveyId}" for this unit.`);
  return found;
}

/**
 * SQL: whether the plan aliased `p` is one the survey targets (any version), with parameters
 * from $first on: the survey's provider's plans that include surveys, named or with a feature.
 */
export function targetedPlanSql(
  survey: Survey,
  providerId: number,
  first: number,
): { sql: string; params: unknown[] } {
  const plans = new Set<string>();
  const features = new Set<string>();
  for (const { file } of survey.versions) {
    for (const plan of file.targets.plans ?? []) plans.add(plan);
    for (const feature of file.targets.planFeatures ?? []) features.add(feature);
  }
  const n = (k: number) => `$${String(first + k)}`;
  return {
    sql: `(p.provider_id = ${n(0)} and 'surveys' = any(p.features)
      and (p.reference = any(${n(1)}::text[]) or p.features && ${n(2)}::text[]))`,
    params: [providerId, [...plans], [...features]],
  };
}
