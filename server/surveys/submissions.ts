import { screenPath } from '../portal-paths.ts';
import type { SubmissionItem, SubmissionType } from '../../shared/surveys/types.ts';
import type { Queryable } from '../db/index.ts';
import { displayValue } from '../records/display.ts';
import type { RecordType } from '../records/record-types.ts';
import { currentVersion, type Survey } from './definitions.ts';
import { dateFieldOf } from './prefill.ts';
import type { TargetPlan } from './targeting.ts';

/** The record types a farm sends its provider, listed as submissions (issue 18, point 3). */
export const SUBMITTED_RECORD_TYPES: readonly SubmissionType[] = [
  'grower-return',
  'load-passport',
  'qc-result',
];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What a submission's provider and year filter and type narrow to. */
export interface SubmissionFilter {
  provider?: string;
  year?: number;
  type?: SubmissionType;
}

/**
 * The provider a record was sent to: of the unit's plans that include submissions, the one whose
 * provider the record type's rule names (provider:<reference>), else the first.
 */
function recordProvider(type: RecordType, plans: readonly TargetPlan[]): TargetPlan | undefined {
  const rule = JSON.stringify(type.access);
  return plans.find((p) => rule.includes(`"provider:${p.provider_reference}"`)) ?? plans[0];
}

/** A record as one line of the list: its type's item title and its listed values. */
export function recordItem(
  type: RecordType,
  record: { id: number; data: Record<string, unknown> },
  plans: readonly TargetPlan[],
): SubmissionItem | undefined {
  const provider = recordProvider(type, plans);
  const dateField = dateFieldOf(type);
  const date = dateField ? record.data[dateField] : undefined;
  if (!provider || typeof date !== 'string') return undefined;
  const details = type.listColumns
    .map((c) => c.field)
    .filter((f) => f !== dateField && record.data[f] !== undefined && record.data[f] !== '')
    .slice(0, 3)
    .map((f) => displayValue(type, f, record.data[f]));
  return {
    id: `record:${String(record.id)}`,
    type: type.name as SubmissionType,
    title: `${capital(type.itemTitle ?? type.name)}${details.length > 0 ? `: ${details.join(' · ')}` : ''}`,
    provider: { reference: provider.provider_reference, name: provider.provider_name },
    date: date.slice(0, 10),
    status: 'submitted',
    path: screenPath('submissions', 'record', record.id),
    surveyVersion: null,
  };
}

/**
 * Everything the unit has sent the providers of these plans (those with `submissions`): its survey
 * returns and its grower-return, load-passport and qc-result records, newest first.
 */
export async function submissionsOf(
  db: Queryable,
  unitId: number,
  plans: readonly TargetPlan[],
  surveys: ReadonlyMap<string, Survey>,
  recordTypes: ReadonlyMap<string, RecordType>,
  filter: SubmissionFilter,
): Promise<SubmissionItem[]> {
  const items: SubmissionItem[] = [];
  const providers = new Map(plans.map((p) => [p.provider_reference, p]));
  if (filter.type === undefined || filter.type === 'survey') {
    const { rows } = await db.query<{
      survey_id: string;
      survey_version: number;
      status: SubmissionItem['status'];
      submitted_at: string;
    }>(
      `select survey_id, survey_version, status,
         to_char(submitted_at at time zone 'UTC', 'YYYY-MM-DD') as submitted_at
       from survey_responses where unit_id = $1 and submitted_at is not null
         and status in ('submitted', 'accepted', 'queried', 'reopened')`,
      [unitId],
    );
    for (const row of rows) {
      const survey = surveys.get(row.survey_id);
      if (!survey) continue;
      const version =
        survey.versions.find((v) => v.file.version === row.survey_version) ??
        currentVersion(survey);
      const provider = providers.get(version.file.provider);
      if (!provider) continue;
      items.push({
        id: `survey:${survey.id}`,
        type: 'survey',
        title: version.file.title,
        provider: { reference: provider.provider_reference, name: provider.provider_name },
        date: row.submitted_at,
        status: row.status,
        path: screenPath('surveys', 'survey', survey.id),
        surveyVersion: row.survey_version,
      });
    }
  }
  const types = SUBMITTED_RECORD_TYPES.filter((t) => filter.type === undefined || filter.type === t)
    .map((t) => recordTypes.get(t))
    .filter((t): t is RecordType => t !== undefined);
  if (types.length > 0) {
    const { rows } = await db.query<{
      id: number;
      record_type: string;
      data: Record<string, unknown>;
    }>(
      'select id, record_type, data from records where unit_id = $1 and record_type = any($2::text[])',
      [unitId, types.map((t) => t.name)],
    );
    for (const row of rows) {
      const type = recordTypes.get(row.record_type);
      const item = type && recordItem(type, row, plans);
      if (item) items.push(item);
    }
  }
  return items
    .filter((i) => filter.provider === undefined || i.provider.reference === filter.provider)
    .filter((i) => filter.year === undefined || i.date.startsWith(`${String(filter.year)}-`))
    .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}
