/**
 * config/assessments/<id>@<version>.json (Vet Vision templates, issue 20 point 1) checked against
 * what they name: the file name against id and version, versions 1…n with no gap, each section as
 * a survey page is checked (scripts/lib/surveys-check.ts, the same code), unique KPI ids, and every
 * answer a KPI is worked out from: a question of the template, a number for an answer or a ratio,
 * a yes/no question for a yes-share.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AssessmentTemplate, KpiCompute } from '../../shared/assessments/types.ts';
import { checkPages, versionProblems, type PageFile, type Problem } from './surveys-check.ts';

const FILE_NAME = /^([a-z0-9][a-z0-9-]*)@([1-9][0-9]*)\.json$/;

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
  const versions = new Map<string, { version: number; file: string }[]>();
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const full = path.join(dir, name);
    const file = rel(full);
    const add = (pointer: string, message: string, hint: string) =>
      problems.push({ file, pointer, message, hint });
    const template = JSON.parse(readFileSync(full, 'utf8')) as AssessmentTemplate;
    const match = FILE_NAME.exec(name);
    if (!match || match[1] !== template.id || Number(match[2]) !== template.version) {
      add(
        '/id',
        `is "${template.id}" version ${String(template.version)}, but the file is ${name}`,
        `name the file ${template.id}@${String(template.version)}.json: a new version is a new file, a published one is never edited`,
      );
    }
    versions.set(template.id, [
      ...(versions.get(template.id) ?? []),
      { version: template.version, file },
    ]);
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
