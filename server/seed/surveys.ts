import type { Queryable } from '../db/index.ts';
import {
  currentVersion,
  loadSurveys,
  targetsPlan,
  type QuestionSchema,
  type Survey,
  type SurveyVersion,
} from '../surveys/definitions.ts';
import { submitProblems } from '../surveys/answers.ts';
import { reminderNotice, type Answers } from '../surveys/store.ts';

/**
 * Returns to the seeded surveys (config/surveys/) from the generated farms, so that a provider's
 * response view has real counts on a fresh database ("31 of 61 submitted, 9 late"). The demo
 * accounts' own units are left unanswered, for the walk-throughs to start from. Deterministic:
 * the same database gets the same returns. Dates are set against the seed's clock, SEED_TODAY
 * (as the articles' are): nothing is submitted after it.
 *
 * Every seeded answer set is valid against its survey version (submitProblems): a mistake here
 * fails the seed rather than giving a provider a return the wizard could never have sent.
 */
export const SEED_TODAY = '2026-11-16';

/** Per survey: the shares of targeted units that submitted, were accepted, queried, drafted. */
const PLAN: Record<
  string,
  { submitted: number; accepted: number; queried: number; draft: number }
> = {
  'moorland-vale-herd-health-2026': { submitted: 0.35, accepted: 0.3, queried: 0.05, draft: 0.1 },
  'moorland-vale-dairy-sustainability-2026': {
    submitted: 0.25,
    accepted: 0.1,
    queried: 0.03,
    draft: 0.15,
  },
  'moorland-vale-antibiotic-use-2026': {
    submitted: 0.3,
    accepted: 0.05,
    queried: 0,
    draft: 0.15,
  },
  'fenland-fresh-grower-return-2026': {
    submitted: 0.2,
    accepted: 0.1,
    queried: 0.03,
    draft: 0.12,
  },
};
const DEFAULT_PLAN = { submitted: 0.3, accepted: 0.1, queried: 0, draft: 0.1 };

/** Realistic answers by question name: [low, high] for numbers. */
const RANGES: Record<string, [number, number]> = {
  milking_herd: [90, 420],
  milk_sold_litres: [700_000, 4_000_000],
  farmed_area_ha: [60, 400],
  kg_co2e_per_kg_fpcm: [0.9, 1.45],
  soil_sampled_percent: [40, 100],
  slurry_storage_months: [4, 7],
  hedgerow_km: [2, 25],
  habitat_percent: [2, 15],
  electricity_kwh: [40_000, 160_000],
  solar_kwp: [10, 150],
  footprint_year: [2024, 2026],
  mg_per_pcu: [4, 30],
  hpcia_mg_per_pcu: [0, 0.05],
  teat_sealant_percent: [20, 80],
  treatment_records: [20, 240],
  lameness_percent: [8, 35],
  severely_lame_percent: [0, 6],
  mastitis_cases_per_100: [15, 60],
  average_scc: [110, 260],
  calf_mortality_percent: [2, 12],
  total_area_ha: [40, 600],
  area_ha: [4, 40],
  yield_t_per_ha: [4, 9],
  rate_per_ha: [0.2, 2.5],
  delivered_tonnes: [60, 900],
  rejected_tonnes: [0, 12],
};

const TEXTS: Record<string, string[]> = {
  variety: ['Span', 'Naches', 'Ambassador', 'Boogie', 'Maris Piper'],
  field_name: ['Top Field', 'Long Acre', 'Fen Piece', 'Mill Field', 'Dyke Side'],
  product: ['Nirvana', 'Signum', 'Decis Protech', 'Amistar', 'Stomp Aqua'],
  vet_practice: ['Dales Farm Vets', 'Craven Vet Group', 'Wensleydale Veterinary Centre'],
  actions: [
    'Foot-bath weekly; trim heifers before calving; review dry-off with the vet in spring.',
  ],
  hpcia_justification: ['Sensitivity test showed no other effective product.'],
  comments: ['Wet autumn delayed the last drilling by two weeks.'],
};

type Rng = () => number;
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** An answer to one question that its schema accepts, as a farm would give it. */
function answer(name: string, q: QuestionSchema, random: Rng, season: string): unknown {
  const types = [q.type].flat();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  if (Array.isArray(q.oneOf)) return pick(q.oneOf.map((o) => (o as { const: unknown }).const));
  if (types.includes('boolean')) return random() < 0.7;
  if (types.includes('integer') || types.includes('number')) {
    const [lo, hi] = RANGES[name] ?? [Number(q.minimum ?? 0), Number(q.minimum ?? 0) + 10];
    const value = lo + (hi - lo) * random();
    return types.includes('integer') ? Math.round(value) : Math.round(value * 100) / 100;
  }
  if (types.includes('array')) {
    const items = (q.items ?? {}) as QuestionSchema & {
      properties?: Record<string, QuestionSchema>;
    };
    const count = Math.max(Number(q.minItems ?? 0), 1 + Math.floor(random() * 3));
    return Array.from({ length: count }, () =>
      Object.fromEntries(
        Object.entries(items.properties ?? {}).map(([k, s]) => [k, answer(k, s, random, season)]),
      ),
    );
  }
  if (q.format === 'date') return addDays(season, -Math.floor(random() * 200));
  if (typeof q.pattern === 'string' && q.pattern.includes('[0-9]')) {
    return String(10000 + Math.floor(random() * 89999));
  }
  return pick(TEXTS[name] ?? ['As discussed with our adviser.']);
}

/** A full answer set of a version, every question answered. */
function answersFor(version: SurveyVersion, random: Rng, season: string): Answers {
  const out: Answers = {};
  for (const page of version.file.pages) {
    out[page.id] = Object.fromEntries(
      Object.entries(page.schema.properties).map(([k, q]) => [k, answer(k, q, random, season)]),
    );
  }
  return out;
}

interface TargetRow {
  unit_id: number;
  contact: string;
  reference: string;
  provider_reference: string;
  provider_id: number;
  features: string[];
}

/** Seeds the returns when there are none yet; the number of responses made. */
export async function seedSurveyResponsesIfEmpty(
  db: Queryable,
  surveys: ReadonlyMap<string, Survey> = loadSurveys(),
): Promise<number> {
  const { rows: existing } = await db.query<{ n: number }>(
    'select count(*)::int as n from survey_responses',
  );
  if ((existing[0]?.n ?? 0) > 0) return 0;
  // The generated farms' plans (no demo account works on them).
  const { rows: plans } = await db.query<TargetRow>(
    `select un.id as unit_id, f.contact_first_name || ' ' || f.contact_last_name as contact,
       p.reference, pr.reference as provider_reference, p.provider_id, p.features
     from units un join farms f on f.id = un.farm_id
       join unit_packages up on up.unit_id = un.id join packages p on p.id = up.package_id
       join providers pr on pr.id = p.provider_id
     where not exists (select 1 from users u where u.business_id = f.business_id)
     order by un.id, p.id`,
  );
  const { rows: staff } = await db.query<{ provider_id: number; id: number; name: string }>(
    `select distinct on (b.provider_id) b.provider_id, u.id, u.first_name || ' ' || u.last_name as name
     from users u join businesses b on b.id = u.business_id
     where u.type = 'company_employee' order by b.provider_id, u.id`,
  );
  const staffOf = new Map(staff.map((s) => [s.provider_id, s]));
  let made = 0;
  let seed = 0x5eed;
  for (const survey of [...surveys.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    const random = mulberry32((seed += 7919));
    const current = currentVersion(survey);
    const file = current.file;
    const units = [
      ...new Map(
        plans
          .filter((p) => survey.versions.some((v) => targetsPlan(v.file, p)))
          .map((p) => [p.unit_id, p]),
      ).values(),
    ];
    const shares = PLAN[survey.id] ?? DEFAULT_PLAN;
    const start = file.opensOn;
    const last = SEED_TODAY < file.closesOn ? SEED_TODAY : file.closesOn;
    const span = Math.max(1, (Date.parse(last) - Date.parse(start)) / DAY_MS);
    for (const unit of units) {
      if (start > SEED_TODAY) break;
      const r = random();
      const status =
        r < shares.accepted
          ? 'accepted'
          : r < shares.accepted + shares.submitted
            ? 'submitted'
            : r < shares.accepted + shares.submitted + shares.queried
              ? 'queried'
              : r < shares.accepted + shares.submitted + shares.queried + shares.draft
                ? 'draft'
                : null;
      if (status === null || status === 'draft') {
        // Some of those yet to submit have been reminded (an in-portal notice, no e-mail).
        if (random() < 0.3) await remind(db, unit, survey, staffOf.get(unit.provider_id));
        if (status === null) continue;
      }
      const day = addDays(start, Math.floor(random() * span));
      // Returns started in the first half of the window were on the first version.
      const version =
        survey.versions.length > 1 && day < addDays(start, Math.floor(span / 2))
          ? (survey.versions[0] as SurveyVersion)
          : current;
      const answers = answersFor(version, random, last);
      const problems = submitProblems(answers, version);
      if (Object.keys(problems).length > 0) {
        throw new Error(
          `Seeded answers to ${survey.id}@${String(version.file.version)} are invalid: ${JSON.stringify(problems)}`,
        );
      }
      if (status === 'draft') {
        // A draft: the first pages done.
        const done = Object.fromEntries(Object.entries(answers).slice(0, 2));
        await db.query(
          `insert into survey_responses (unit_id, survey_id, survey_version, status, answers, created_at, updated_at)
           values ($1, $2, $3, 'draft', $4, $5::timestamptz, $5::timestamptz)`,
          [unit.unit_id, survey.id, version.file.version, JSON.stringify(done), `${day}T10:00:00Z`],
        );
        made++;
        continue;
      }
      const submittedAt = `${day}T${String(8 + Math.floor(random() * 10)).padStart(2, '0')}:15:00Z`;
      const reviewed = addDays(day, 2) <= SEED_TODAY ? addDays(day, 2) : day;
      const later = `${reviewed}T11:30:00Z`;
      const { rows } = await db.query<{ id: number }>(
        `insert into survey_responses (unit_id, survey_id, survey_version, status, answers,
           created_at, updated_at, submitted_at)
         values ($1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz, $6::timestamptz) returning id`,
        [
          unit.unit_id,
          survey.id,
          version.file.version,
          status,
          JSON.stringify(answers),
          submittedAt,
          status === 'submitted' ? submittedAt : later,
        ],
      );
      const id = (rows[0] as { id: number }).id;
      const keep = (
        number: number,
        event: string,
        by: { id: number | null; name: string; side: string },
        at: string,
      ) =>
        db.query(
          `insert into survey_response_versions (response_id, number, event, survey_version, answers, by_user, by_name, by_side, at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz)`,
          [
            id,
            number,
            event,
            version.file.version,
            JSON.stringify(answers),
            by.id,
            by.name,
            by.side,
            at,
          ],
        );
      await keep(1, 'submitted', { id: null, name: unit.contact, side: 'farm' }, submittedAt);
      if (status !== 'submitted') {
        const person = staffOf.get(unit.provider_id);
        const by = person
          ? { id: person.id, name: person.name, side: 'provider' }
          : { id: null, name: providerTeam(unit.provider_reference), side: 'provider' };
        await keep(2, status, by, later);
        if (status === 'queried') {
          await db.query(
            `insert into survey_comments (response_id, kind, text, by_user, by_name, by_side, at)
             values ($1, 'query', $2, $3, $4, 'provider', $5::timestamptz)`,
            [
              id,
              'Please check the figures on the first page against your records: they differ a lot from last year.',
              by.id,
              by.name,
              later,
            ],
          );
        }
      }
      made++;
    }
  }
  return made;
}

const providerTeam = (reference: string) =>
  reference === 'moorland_vale' ? 'Milk field team, Moorland Vale Dairies' : 'Grower services';

/** A reminder two days before the seed's today, from the provider's staff or its team. */
async function remind(
  db: Queryable,
  unit: TargetRow,
  survey: Survey,
  person: { id: number; name: string } | undefined,
): Promise<void> {
  const { file } = currentVersion(survey);
  const { rows } = await db.query<{ name: string }>('select name from providers where id = $1', [
    unit.provider_id,
  ]);
  const notice = reminderNotice(rows[0]?.name ?? unit.provider_reference, file);
  await db.query(
    `insert into notices (unit_id, provider_id, kind, survey_id, title, message, path, created_by,
       created_by_name, created_at)
     values ($1, $2, 'survey-reminder', $3, $4, $5, $6, $7, $8, $9::timestamptz)`,
    [
      unit.unit_id,
      unit.provider_id,
      survey.id,
      notice.title,
      notice.message,
      notice.path,
      person?.id ?? null,
      person?.name ?? providerTeam(unit.provider_reference),
      `${addDays(SEED_TODAY, -2)}T09:00:00Z`,
    ],
  );
}
