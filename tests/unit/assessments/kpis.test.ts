import { describe, expect, it } from 'vitest';
import { headlineKpis, kpiText, kpiValue } from '../../../shared/assessments/kpis.ts';
import type { AssessmentTemplate, KpiDefinition } from '../../../shared/assessments/types.ts';

import beefFile from '../../../config/assessments/beef-herd-health@1.json';
import dairyFile from '../../../config/assessments/dairy-herd-health@1.json';

const dairy = dairyFile as unknown as AssessmentTemplate;
const beef = beefFile as unknown as AssessmentTemplate;
const kpiOf = (t: AssessmentTemplate, id: string) =>
  t.kpis.find((k) => k.id === id) as KpiDefinition;

describe('headline KPIs worked out from the answers (shared/assessments/kpis.ts)', () => {
  it('counts mobility scores 2 and 3 over all cows scored: 100 scored, 12 score 2 and 3 score 3 → 15.0 % lame', () => {
    const answers = { mobility: { score_0: 60, score_1: 25, score_2: 12, score_3: 3 } };
    expect(kpiValue(kpiOf(dairy, 'lame'), answers)).toBe(15);
    expect(kpiValue(kpiOf(dairy, 'severely_lame'), answers)).toBe(3);
    expect(kpiText(kpiOf(dairy, 'lame'), 15, (v, d) => v.toFixed(d))).toBe('15.0 %');
  });

  it('rounds to the KPI’s decimals: 1 lame of 3 scored is 33.3 %', () => {
    const answers = { mobility: { score_0: 2, score_1: 0, score_2: 1, score_3: 0 } };
    expect(kpiValue(kpiOf(dairy, 'lame'), answers)).toBe(33.3);
  });

  it('works out every dairy KPI of a whole visit', () => {
    const answers = {
      herd: { average_cows: 200 },
      mobility: { score_0: 120, score_1: 50, score_2: 24, score_3: 6 },
      condition: { thin: 20, target: 170, fat: 10 },
      udder: { clinical_cases: 48, scc: 165 },
      losses: { calves_born: 190, calves_died: 10, adults_died: 7 },
      medicines: { mg_per_pcu: 14.25, hp_cia_used: false },
      biosecurity: {
        bvd_status_known: true,
        purchases_tested: true,
        boundaries_secure: false,
        visitors_controlled: true,
        footbath_routine: true,
        vaccination_plan: false,
      },
    };
    expect(headlineKpis(dairy, answers)).toEqual({
      lame: 15,
      severely_lame: 3,
      condition_target: 85,
      mastitis: 24,
      scc: 165,
      calf_mortality: 5.3,
      adult_mortality: 3.5,
      amu: 14.3,
      biosecurity: 67,
    });
  });

  it('gives no value, never 0, while an answer is missing or nothing was scored', () => {
    expect(headlineKpis(beef, {})).toEqual({
      lame: null,
      condition_target: null,
      calf_mortality: null,
      adult_mortality: null,
      amu: null,
      biosecurity: null,
    });
    const none = { mobility: { score_0: 0, score_1: 0, score_2: 0, score_3: 0 } };
    expect(kpiValue(kpiOf(beef, 'lame'), none)).toBeNull();
    const half = { mobility: { score_0: 10, score_2: 2 } };
    expect(kpiValue(kpiOf(beef, 'lame'), half)).toBeNull();
    expect(kpiText(kpiOf(beef, 'lame'), null, String)).toBe('Not worked out');
  });

  it('takes the biosecurity share over the measures answered only', () => {
    const answers = { biosecurity: { bvd_status_known: true, purchases_tested: false } };
    expect(kpiValue(kpiOf(beef, 'biosecurity'), answers)).toBe(50);
  });
});
