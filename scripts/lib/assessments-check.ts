/**
 * config/assessments/<id>@<version>.json (Vet Vision templates, issue 20 point 1) checked against
 * what they name: the file name against id and version, versions 1…n with no gap, each section as
 * a survey page is checked (scripts/lib/surveys-check.ts, the same code), unique KPI ids, and every
 * answer a KPI is worked out from: a question of the template, a number for an answer or a ratio,
 * a yes/no question for a yes-share.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AssessmentTemplate, KpiCompute } from '../../shared/assessments/types.ts';
import {
  checkPages,
  readVersionedFiles,
  versionProblems,
  type PageFile,
  type Problem,
} from './surveys-check.ts';

const pointerTo = (...tokens: (string | number)[]): string =>
  tokens.map((t) => `/${String(t).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** The answers a KPI reads, each with the JSON type it needs and where it is named. */
function refsOf(compute: KpiCompute): { ref: string; needs: 'number' | 'boolean'; at: string[] }[] {
  switch (compute.kind) {
    case 'answer':
      return [{ ref: compute.answer, needs: 'number', at: ['answer'] }];
    case 'ratio':
      return [
        ...compute.part.map((ref, i) => ({
          ref,
          needs: 'number' as const,
          at: ['part', String(i)],
        })),
        ...compute.whole.map((ref, i) => ({
          ref,
          needs: 'number' as const,
          at: ['whole', String(i)],
        })),
      ];
    case 'yes-share':
      return compute.answers.map((ref, i) => ({
        ref,
        needs: 'boolean' as const,
        at: ['answers', String(i)],
      }));
  }
}

export function checkAssessments(
  configDir: string,
  rel: (file: string) => string,
  widgets: ReadonlySet<string>,
): Problem[] {
  const dir = path.join(configDir, 'assessments');
  if (!existsSync(dir)) return [];
  const problems: Problem[] = [];
  const { entries, versions } = readVersionedFiles<AssessmentTemplate>(dir, rel, problems);
  for (const { data: template, add } of entries) {
    // Sections draw no records: a prefill has no record type to name.
    checkPages(template.pages as unknown as PageFile[], add, widgets, () => undefined);

    const kpiIds = new Set<string>();
    template.kpis.forEach((kpi, k) => {
      if (kpiIds.has(kpi.id))
        add(
          pointerTo('kpis', k, 'id'),
          `repeats the KPI id "${kpi.id}"`,
          'give every KPI its own id',
        );
      kpiIds.add(kpi.id);
      for (const { ref, needs, at } of refsOf(kpi.compute)) {
        const [section = '', question = ''] = ref.split('/');
        const page = template.pages.find((p) => p.id === section);
        const shape = page?.schema.properties[question] as { type?: string } | undefined;
        const where = pointerTo('kpis', k, 'compute', ...at);
        if (!shape) {
          add(
            where,
            `reads "${ref}", which is not a question of the template`,
            `name a question as <section>/<question>, e.g. ${template.pages[0]?.id ?? 'herd'}/${Object.keys(template.pages[0]?.schema.properties ?? {})[0] ?? 'question'}`,
          );
          continue;
        }
        const numeric = shape.type === 'number' || shape.type === 'integer';
        if (needs === 'number' ? !numeric : shape.type !== 'boolean') {
          add(
            where,
            `reads "${ref}", a question of type ${shape.type ?? 'none'}, but ${kpi.compute.kind} needs ${needs === 'number' ? 'a number' : 'a yes/no question'}`,
            needs === 'number' ? 'name a numeric question' : 'name a boolean question',
          );
        }
      }
    });
  }
  problems.push(...versionProblems(versions, 'template'));
  return problems;
}
