import { kpiText } from '../../../shared/assessments/kpis.ts';
import type {
  AssessmentTemplate,
  AssessmentTemplates,
  KpiDefinition,
} from '../../../shared/assessments/types.ts';
import { templateKey } from '../../../shared/assessments/types.ts';
import { numberFormat } from '../../core/format/numbers.ts';

/** A KPI's value at its decimals with its unit ("15.0 %"), or that it is not worked out. */
export const kpiShown = (kpi: KpiDefinition, value: number | null | undefined): string =>
  kpiText(kpi, value, (v, decimals) =>
    numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(v),
  );

/** The template version an assessment is pinned to, from the templates the server lists. */
export function pinnedOf(
  templates: AssessmentTemplates | undefined,
  template: { id: string; version: number },
): AssessmentTemplate | undefined {
  const key = templateKey(template);
  return templates?.templates.find((t) => templateKey(t) === key);
}

/** The newest version of each template, for a new assessment. */
export const currentTemplates = (templates: AssessmentTemplates): AssessmentTemplate[] =>
  templates.templates.filter((t) => templates.current[t.id] === t.version);

/** The API paths of a unit's assessments. */
export const assessmentsPath = (unitId: number) => `/units/${String(unitId)}/assessments`;
