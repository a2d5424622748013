import herdHealth from '../../config/surveys/moorland-vale-herd-health-2026@1.json';
import type {
  SurveyDefinition,
  SurveyForUnit,
  SurveyResponse,
  SurveySummary,
} from '../../shared/surveys/types.ts';

/** A farm unit on Moorland Vale's milk premium plan, to which the herd health survey is addressed. */
export const UNIT = {
  id: 7,
  name: 'Highfield Dairy',
  unit_type_id: 1,
  supports: { mifarm: false, bcms_cts: false },
  packages: [
    {
      id: 3,
      name: 'Milk Premium',
      reference: 'moorland_vale_milk_premium',
      visible_name: 'Milk Premium',
      provider_id: 2,
      provider_reference: 'moorland_vale',
      provider_name: 'Moorland Vale Dairies',
      features: ['surveys', 'submissions'],
    },
  ],
};

const PROVIDER = { reference: 'moorland_vale', name: 'Moorland Vale Dairies' };

/** The real survey file, as the server answers its definition. */
export const HERD_HEALTH: SurveyDefinition = {
  id: herdHealth.id,
  version: herdHealth.version,
  title: herdHealth.title,
  description: herdHealth.description,
  provider: PROVIDER,
  targets: { plans: herdHealth.targets.plans, planFeatures: [] },
  opensOn: herdHealth.opensOn,
  closesOn: herdHealth.closesOn,
  lateUntil: null,
  pages: herdHealth.pages.map((page) => ({
    id: page.id,
    title: page.title,
    schema: page.schema,
    uiSchema: page.uiSchema,
    prefill: (page as { prefill?: SurveyDefinition['pages'][number]['prefill'] }).prefill ?? {},
  })),
};

export function summary(over: Partial<SurveySummary> = {}): SurveySummary {
  return {
    id: HERD_HEALTH.id,
    version: 1,
    currentVersion: 1,
    title: HERD_HEALTH.title,
    description: HERD_HEALTH.description,
    provider: PROVIDER,
    plans: ['moorland_vale_milk_premium'],
    opensOn: HERD_HEALTH.opensOn,
    closesOn: HERD_HEALTH.closesOn,
    lateUntil: null,
    status: 'not-started',
    daysToClose: 10,
    submittedLate: false,
    updatedAt: null,
    submittedAt: null,
    pageCount: 4,
    pagesAnswered: 0,
    ...over,
  };
}

/** Answers valid on every page of the herd health survey. */
export const VALID_ANSWERS = {
  mobility: { mobility_scored: true, scored_by: 'vet', lameness_percent: 12.5 },
  udder: { mastitis_cases_per_100: 28, average_scc: 185 },
  calves: { calf_mortality_percent: 4, colostrum_protocol: true },
  plan: { plan_reviewed_on: '2026-10-14', vet_practice: 'Dales Farm Vets' },
};

const FARMER = { id: 11, name: 'Fran Farmer', side: 'farm' as const };
const STAFF = { id: 21, name: 'Pat Processor', side: 'provider' as const };

export function response(over: Partial<SurveyResponse> = {}): SurveyResponse {
  return {
    surveyId: HERD_HEALTH.id,
    surveyVersion: 1,
    unitId: UNIT.id,
    status: 'draft',
    answers: {},
    createdAt: '2026-11-20T09:00:00Z',
    updatedAt: '2026-11-20T09:00:00Z',
    updatedBy: FARMER,
    submittedAt: null,
    submittedBy: null,
    submittedLate: false,
    history: [],
    comments: [],
    lastReminder: null,
    ...over,
  };
}

export function forUnit(over: Partial<SurveyForUnit> = {}): SurveyForUnit {
  return {
    summary: summary(),
    survey: HERD_HEALTH,
    response: null,
    prefill: { answers: {}, sources: {}, notes: [] },
    editable: true,
    ...over,
  };
}

/** A return submitted, queried by the provider, and submitted again. */
export const SUBMITTED_TWICE = response({
  status: 'submitted',
  answers: VALID_ANSWERS,
  submittedAt: '2026-11-22T10:30:00Z',
  submittedBy: FARMER,
  history: [
    {
      number: 1,
      event: 'submitted',
      surveyVersion: 1,
      answers: { ...VALID_ANSWERS, udder: { mastitis_cases_per_100: 280, average_scc: 185 } },
      by: FARMER,
      at: '2026-11-21T08:00:00Z',
    },
    {
      number: 2,
      event: 'queried',
      surveyVersion: 1,
      answers: { ...VALID_ANSWERS, udder: { mastitis_cases_per_100: 280, average_scc: 185 } },
      by: STAFF,
      at: '2026-11-21T15:00:00Z',
    },
    {
      number: 3,
      event: 'submitted',
      surveyVersion: 1,
      answers: VALID_ANSWERS,
      by: FARMER,
      at: '2026-11-22T10:30:00Z',
    },
  ],
  comments: [
    {
      id: 1,
      kind: 'query',
      text: '280 mastitis cases per 100 cows looks high: is it 28?',
      by: STAFF,
      at: '2026-11-21T15:00:00Z',
    },
  ],
});
