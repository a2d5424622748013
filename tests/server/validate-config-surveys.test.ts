import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RJSF_WIDGETS } from '../../scripts/lib/config-references.ts';
import { checkSurveys } from '../../scripts/lib/surveys-check.ts';
import { validateConfig } from '../../scripts/validate-config.ts';
import { loadSurveys } from '../../server/surveys/definitions.ts';
import { addressedSurveys, type TargetPlan } from '../../server/surveys/targeting.ts';
import { WIDGET_NAMES } from '../../src/widgets/names.ts';
import { useConfigCopy } from './config-copy.ts';

/**
 * npm run validate:config on config/surveys/ (issue 18, point 1), in a copy of config/ to break:
 * each problem names the file, a JSON pointer and a hint. And a survey added by product staff as
 * one file reaches the plans it targets and no others.
 */
describe('npm run validate:config: surveys', () => {
  let dir = '';
  useConfigCopy((copy) => ({ dir } = copy));

  const SUSTAINABILITY = 'moorland-vale-dairy-sustainability-2026@2.json';
  const file = (name: string) => path.join(dir, 'surveys', name);
  type Doc = Record<string, unknown> & {
    targets: Record<string, string[]>;
    pages: {
      id: string;
      schema: { properties: Record<string, Record<string, unknown>> };
      uiSchema: Record<string, unknown>;
      prefill?: Record<string, Record<string, string>>;
    }[];
  };
  function edit(name: string, change: (doc: Doc) => void, to = name) {
    const doc = JSON.parse(readFileSync(file(name), 'utf8')) as Doc;
    change(doc);
    writeFileSync(file(to), JSON.stringify(doc));
  }
  const widgets = new Set<string>([...WIDGET_NAMES, ...RJSF_WIDGETS]);
  const problems = () => checkSurveys(dir, (f) => path.relative(dir, f), widgets);
  const page = (doc: Doc, id: string) => {
    const found = doc.pages.find((p) => p.id === id);
    if (!found) throw new Error(`no page ${id}`);
    return found;
  };

  it('passes the real config', () => {
    expect(validateConfig(dir)).toEqual([]);
  });

  it('refuses a file whose name is not its id and version, and a gap in the versions', () => {
    renameSync(file(SUSTAINABILITY), file('moorland-vale-dairy-sustainability-2026@3.json'));
    expect(problems()).toEqual([
      {
        file: 'surveys/moorland-vale-dairy-sustainability-2026@3.json',
        pointer: '/id',
        message:
          'is "moorland-vale-dairy-sustainability-2026" version 2, but the file is moorland-vale-dairy-sustainability-2026@3.json',
        hint: 'name the file moorland-vale-dairy-sustainability-2026@2.json: a new version is a new file, a published one is never edited',
      },
    ]);
    edit('moorland-vale-dairy-sustainability-2026@3.json', (doc) => (doc.version = 3));
    expect(problems()).toEqual([
      expect.objectContaining({
        pointer: '/version',
        message:
          'is version 3 of "moorland-vale-dairy-sustainability-2026", but its versions are 1, 3',
      }),
    ]);
  });

  it("refuses an unknown provider, another provider's plan, and a plan without surveys", () => {
    edit(SUSTAINABILITY, (doc) => {
      doc.targets.plans = ['fenland_fresh_grower_scheme', 'moorland_vale_milk_standard'];
    });
    expect(problems().map((p) => [p.pointer, p.message])).toEqual([
      [
        '/targets/plans/0',
        'names the plan "fenland_fresh_grower_scheme" of fenland_fresh, not of moorland_vale',
      ],
      [
        '/targets/plans/1',
        'names the plan "moorland_vale_milk_standard", which does not include the feature "surveys", so its units would never see the survey',
      ],
    ]);
    edit(SUSTAINABILITY, (doc) => (doc.provider = 'moorland_dale'));
    expect(problems()[0]).toMatchObject({
      pointer: '/provider',
      message: 'names the provider "moorland_dale", which does not exist',
    });
  });

  it("refuses a prefill from a field the record type lacks, of another type, or a calculator's missing total", () => {
    edit(SUSTAINABILITY, (doc) => {
      const farm = page(doc, 'farm');
      farm.prefill = {
        milking_herd: { record: 'monthly', field: 'cows_milked', pick: 'latest' },
        milk_sold_litres: { record: 'monthly', field: 'notes', pick: 'sum-12-months' },
        farmed_area_ha: { record: 'lab-results', field: 'laboratory', pick: 'latest' },
      };
      page(doc, 'carbon').prefill = {
        kg_co2e_per_kg_fpcm: { calculation: 'ghg-dairy', total: 'co2e_per_cow' },
      };
    });
    const found = problems();
    expect(found.map((p) => p.pointer)).toEqual([
      '/pages/0/prefill/milking_herd/field',
      '/pages/0/prefill/milk_sold_litres/field',
      '/pages/0/prefill/farmed_area_ha',
      '/pages/1/prefill/kg_co2e_per_kg_fpcm/total',
    ]);
    expect(found[0]?.hint).toMatch(/^use one of: month, milk_sold_litres, cows_in_milk/);
    expect(found[2]?.message).toBe(
      'gives string from lab-results.laboratory, but "farmed_area_ha" takes number',
    );
    expect(found[3]?.hint).toContain('co2e_per_head');
  });

  it('refuses a uiSchema naming a question the page lacks or a widget no code registers', () => {
    edit(SUSTAINABILITY, (doc) => {
      const water = page(doc, 'water');
      water.uiSchema.water_meter = { 'ui:widget': 'slider' };
    });
    expect(problems().map((p) => [p.pointer, p.message])).toEqual([
      [
        '/pages/3/uiSchema/water_meter',
        'sets the form of "water_meter", which is not a question of the page',
      ],
      [
        '/pages/3/uiSchema/water_meter/ui:widget',
        'uses the widget "slider", which no code registers and RJSF does not provide',
      ],
    ]);
  });

  it('takes a survey added as one file, addressed to the plans it targets and no others', () => {
    edit(
      'moorland-vale-herd-health-2026@1.json',
      (doc) => {
        doc.id = 'moorland-vale-labour-2027';
        doc.title = 'Labour and Ethics Survey 2027';
        doc.targets = { planFeatures: ['forecasts_annual'] };
      },
      'moorland-vale-labour-2027@1.json',
    );
    expect(problems()).toEqual([]);
    const surveys = loadSurveys(path.join(dir, 'surveys'));
    const plan = (reference: string, provider: string, features: string[]): TargetPlan => ({
      id: 1,
      reference,
      provider_id: 1,
      provider_reference: provider,
      provider_name: provider,
      features,
    });
    const premium = plan('moorland_vale_milk_premium', 'moorland_vale', [
      'surveys',
      'forecasts_annual',
    ]);
    const noSurveys = plan('moorland_vale_milk_standard', 'moorland_vale', ['forecasts_annual']);
    const otherProvider = plan('hollinsbrook_pool', 'hollinsbrook_milk', [
      'surveys',
      'forecasts_annual',
    ]);
    const ids = (plans: TargetPlan[]) => addressedSurveys(surveys, plans).map((a) => a.survey.id);
    expect(ids([premium])).toContain('moorland-vale-labour-2027');
    expect(ids([noSurveys])).toEqual([]);
    expect(ids([otherProvider])).toEqual([]);
  });
});
