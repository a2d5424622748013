import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAssessments } from '../../scripts/lib/assessments-check.ts';
import { RJSF_WIDGETS } from '../../scripts/lib/config-references.ts';
import type { AssessmentTemplate } from '../../shared/assessments/types.ts';
import { WIDGET_NAMES } from '../../src/widgets/names.ts';
import { useConfigCopy } from './config-copy.ts';

/**
 * npm run validate:config on config/assessments/ (Vet Vision templates, issue 20 point 1), in a
 * copy of config/ to break: every KPI reads questions the template has, of the type it needs; the
 * sections are checked by the surveys' own page checks; versions run 1…n.
 */
describe('npm run validate:config: assessment templates', () => {
  let dir = '';
  useConfigCopy((copy) => ({ dir } = copy));
  const DAIRY = 'dairy-herd-health@1.json';
  const file = (name: string) => path.join(dir, 'assessments', name);
  function edit(name: string, change: (doc: AssessmentTemplate) => void, to = name) {
    const doc = JSON.parse(readFileSync(file(name), 'utf8')) as AssessmentTemplate;
    change(doc);
    writeFileSync(file(to), JSON.stringify(doc));
  }
  const widgets = new Set<string>([...WIDGET_NAMES, ...RJSF_WIDGETS]);
  const problems = () => checkAssessments(dir, (f) => path.relative(dir, f), widgets);

  it('passes the real templates', () => {
    expect(problems()).toEqual([]);
  });

  it('refuses a KPI reading a question the template lacks, or of the wrong type', () => {
    edit(DAIRY, (doc) => {
      const lame = doc.kpis.find((k) => k.id === 'lame');
      if (lame?.compute.kind === 'ratio') lame.compute.part = ['mobility/score_4'];
      const amu = doc.kpis.find((k) => k.id === 'amu');
      if (amu) amu.compute = { kind: 'answer', answer: 'medicines/hp_cia_used' };
    });
    expect(problems()).toEqual([
      expect.objectContaining({
        file: `assessments/${DAIRY}`,
        pointer: '/kpis/0/compute/part/0',
        message: 'reads "mobility/score_4", which is not a question of the template',
      }),
      expect.objectContaining({
        pointer: '/kpis/7/compute/answer',
        message:
          'reads "medicines/hp_cia_used", a question of type boolean, but answer needs a number',
      }),
    ]);
  });

  it('checks sections as survey pages, and versions with no gap', () => {
    edit(
      DAIRY,
      (doc) => {
        doc.version = 3;
        const herd = doc.pages[0];
        if (herd) herd.schema.required = ['cows'];
      },
      'dairy-herd-health@3.json',
    );
    expect(problems()).toEqual([
      expect.objectContaining({
        file: 'assessments/dairy-herd-health@3.json',
        pointer: '/pages/0/schema/required/0',
        message: 'requires "cows", which is not a question of the page',
      }),
      expect.objectContaining({
        pointer: '/version',
        message: 'is version 3 of "dairy-herd-health", but its versions are 1, 3',
      }),
    ]);
  });
});
