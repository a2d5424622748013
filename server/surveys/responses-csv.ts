import type { CsvValue } from '../../shared/csv.ts';
import type { CsvColumn } from '../export/csv-export.ts';
import { choiceTitles } from '../records/display.ts';
import type { QuestionSchema, Survey } from './definitions.ts';
import type { UnitRow } from './company-query.ts';

/**
 * A choice as its title, a list as its items joined by "; ", a group of answers (a crop's line)
 * as its answers joined by ", " in the order the schema asks them, anything else as it is.
 */
function cell(question: QuestionSchema, value: unknown): CsvValue {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    const items = (question.items ?? {}) as QuestionSchema;
    return value.map((v) => String(cell(items, v) ?? '')).join('; ');
  }
  const fields = question.properties as Record<string, QuestionSchema> | undefined;
  if (typeof value === 'object' && fields) {
    const answers = value as Record<string, unknown>;
    return Object.entries(fields)
      .filter(([name]) => answers[name] !== undefined && answers[name] !== null)
      .map(([name, schema]) => String(cell(schema, answers[name]) ?? ''))
      .join(', ');
  }
  const title = choiceTitles(question).get(value);
  if (title !== undefined) return title;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

/**
 * One row per unit, one column per question of every published version, in the order the
 * versions first ask them (titled by the newest version that asks it), after the unit's
 * columns and the version the row's answers were given on.
 */
export function responseCsvColumns(survey: Survey): CsvColumn<UnitRow>[] {
  const questions = new Map<
    string,
    { title: string; page: string; name: string; schema: QuestionSchema }
  >();
  for (const { file } of survey.versions) {
    for (const page of file.pages) {
      for (const [name, schema] of Object.entries(page.schema.properties)) {
        questions.set(`/${page.id}/${name}`, {
          title: `${page.title}: ${schema.title ?? name}`,
          page: page.id,
          name,
          schema,
        });
      }
    }
  }
  return [
    { title: 'Unit ID', value: (r) => r.unit_id },
    { title: 'Unit', value: (r) => r.unit_name },
    { title: 'Farm', value: (r) => r.farm_name },
    { title: 'Holding number', value: (r) => r.holding_number },
    { title: 'Status', value: (r) => r.status },
    { title: 'Survey version', value: (r) => r.survey_version },
    { title: 'Submitted at', value: (r) => r.submitted_at },
    ...[...questions.values()].map((q): CsvColumn<UnitRow> => ({
      title: q.title,
      value: (r) => cell(q.schema, r.answers?.[q.page]?.[q.name]),
    })),
  ];
}
