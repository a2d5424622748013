import type {
  AnswerRef,
  AssessmentAnswers,
  AssessmentTemplate,
  KpiCompute,
  KpiDefinition,
  KpiValues,
} from './types.ts';

/** The answer a reference names, or undefined. */
export function answerAt(answers: AssessmentAnswers, ref: AnswerRef): unknown {
  const [section = '', question = ''] = ref.split('/');
  return answers[section]?.[question];
}

const numberAt = (answers: AssessmentAnswers, ref: AnswerRef): number | null => {
  const value = answerAt(answers, ref);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** Rounded as the KPI is shown, so that the list, the trend and the API agree to the digit. */
const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/**
 * One function per way of working a KPI out (schemas/assessment.schema.json#/$defs/kpi/compute);
 * null when an answer it needs is missing, so a half-filled draft shows a gap, never a 0.
 */
const COMPUTE: {
  [K in KpiCompute['kind']]: (
    c: Extract<KpiCompute, { kind: K }>,
    a: AssessmentAnswers,
  ) => number | null;
} = {
  answer: (c, a) => numberAt(a, c.answer),
  ratio: (c, a) => {
    const sum = (refs: readonly AnswerRef[]) => {
      let total = 0;
      for (const ref of refs) {
        const v = numberAt(a, ref);
        if (v === null) return null;
        total += v;
      }
      return total;
    };
    const part = sum(c.part);
    const whole = sum(c.whole);
    if (part === null || whole === null || whole === 0) return null;
    return (part / whole) * c.scale;
  },
  'yes-share': (c, a) => {
    const given = c.answers.map((ref) => answerAt(a, ref)).filter((v) => typeof v === 'boolean');
    if (given.length === 0) return null;
    return (given.filter((v) => v).length / given.length) * 100;
  },
};

export function kpiValue(kpi: KpiDefinition, answers: AssessmentAnswers): number | null {
  const compute = COMPUTE[kpi.compute.kind] as (
    c: KpiCompute,
    a: AssessmentAnswers,
  ) => number | null;
  const value = compute(kpi.compute, answers);
  return value === null ? null : round(value, kpi.decimals);
}

/**
 * Every headline KPI of an assessment, worked out from its answers by its pinned template: the
 * one computation the server stores and answers and the form previews as it is filled in.
 */
export function headlineKpis(template: AssessmentTemplate, answers: AssessmentAnswers): KpiValues {
  return Object.fromEntries(template.kpis.map((kpi) => [kpi.id, kpiValue(kpi, answers)]));
}

/** "15.0 %" or "142 '000 cells/ml": the value at the KPI's decimals with its unit. */
export function kpiText(
  kpi: KpiDefinition,
  value: number | null | undefined,
  format: (value: number, decimals: number) => string,
): string {
  if (value === null || value === undefined) return 'Not worked out';
  return `${format(value, kpi.decimals)} ${kpi.unit}`;
}
