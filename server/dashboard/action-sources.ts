/**
 * Where the dashboard's open actions come from: a registry, one entry per source, each naming the
 * rule that must hold on the unit for it to be shown and how it reads its actions. Surveys due
 * (issue 18) and assessment actions (issue 20) become entries when their modules exist;
 * config/dashboard.json "actions" lists the sources shown, and validate:config checks the names.
 */
import { withdrawalsInForce, type Data } from '../../shared/reports/computations.ts';
import { reportRule, type ReportDeclaration } from '../../shared/reports/declaration.ts';
import type { DashboardAction } from '../../shared/dashboard/result.ts';
import { dueWords, SURVEY_DUE_SOON_DAYS } from '../../shared/surveys/words.ts';
import type { Queryable } from '../db/index.ts';
import type { Survey } from '../surveys/definitions.ts';
import { screenPath } from '../portal-paths.ts';
import { inboxOf } from '../surveys/farm-routes.ts';
import { plansById } from '../surveys/targeting.ts';
import { remittanceStatements } from '../remittance/dashboard-source.ts';

export interface ActionContext {
  db: Queryable;
  unitId: number;
  /** yyyy-MM-dd on the server's clock. */
  today: string;
  reports: ReadonlyMap<string, ReportDeclaration>;
  surveys: ReadonlyMap<string, Survey>;
  /** The unit's plans with which the source's rule holds. */
  planIds: readonly number[];
}

export interface ActionSource {
  /** What the list of this source is called on the dashboard. */
  title: string;
  /** What the dashboard says when the source lists nothing. */
  empty: string;
  /** The rule of config that must hold on the unit (with the plan, when one is named). */
  rule: string;
  read(context: ActionContext): Promise<DashboardAction[]>;
}

const MEDICINE_REPORT = 'medicine';

/**
 * Withdrawal periods in force today, worked out by the medicine report's own computation
 * (shared/reports/computations.ts "withdrawals", with the fields its declaration names). Only
 * records whose milk or meat withdrawal ends today or later leave the database.
 */
const medicineWithdrawals: ActionSource = {
  title: 'Medicine withdrawals in force',
  empty: 'None in force today.',
  rule: reportRule(MEDICINE_REPORT),
  async read({ db, unitId, today, reports }) {
    const computation = Object.values(reports.get(MEDICINE_REPORT)?.computations ?? {}).find(
      (c) => c.use === 'withdrawals',
    );
    if (!computation) return [];
    const { fields, source } = computation;
    const ends = [fields.milk, fields.meat].filter((f): f is string => f !== undefined);
    if (ends.length === 0) return [];
    const names = [...new Set(Object.values(fields))];
    const params: unknown[] = [unitId, source, today];
    const pairs = names.map((field) => {
      params.push(field);
      return `$${String(params.length)}::text, data->$${String(params.length)}`;
    });
    const running = ends.map((field) => {
      params.push(field);
      return `data->>$${String(params.length)} >= $3`;
    });
    const { rows } = await db.query<{ id: number; data: Data }>(
      `select id, jsonb_strip_nulls(jsonb_build_object(${pairs.join(', ')})) as data
       from records where unit_id = $1 and record_type = $2 and (${running.join(' or ')})
       order by id`,
      params,
    );
    return withdrawalsInForce(
      rows.map((r) => r.data),
      fields,
      today,
    ).map((w) => ({
      source: 'medicine-withdrawals',
      title: `${w.kind === 'milk' ? 'Milk' : 'Meat'} withdrawal: ${w.product || 'a treatment'}`,
      detail: w.animal === '' ? `Treated ${w.treated}` : `${w.animal}, treated ${w.treated}`,
      due: w.ends,
      recordType: source,
      recordId: rows[w.index]?.id ?? 0,
    }));
  },
};

/**
 * Surveys waiting for the farm's answers that are overdue or due within SURVEY_DUE_SOON_DAYS days
 * (shared/surveys/words.ts), read from the unit's inbox as /unit/surveys lists it (server/surveys/farm-routes.ts inboxOf).
 */
const surveysDue: ActionSource = {
  title: 'Surveys due',
  empty: `None due in the next ${String(SURVEY_DUE_SOON_DAYS)} days.`,
  rule: 'surveys',
  async read({ db, unitId, today, surveys, planIds }) {
    const inbox = await inboxOf(db, surveys, await plansById(db, planIds), unitId, today);
    return inbox.flatMap((s) => {
      // Still the farm's to answer, and overdue or due soon: the inbox's own words.
      const words = dueWords(s);
      if (words === null) return [];
      return [
        {
          source: 'surveys-due',
          title: s.title,
          detail:
            s.status === 'queried'
              ? `${s.provider.name} queried your answers · ${words.text}`
              : `${s.provider.name} · ${words.text}`,
          due: s.closesOn,
          dueLabel: 'Due',
          recordType: '',
          recordId: 0,
          path: screenPath('surveys', 'survey', s.id),
        },
      ];
    });
  },
};

export const ACTION_SOURCES: Readonly<Record<string, ActionSource>> = {
  'medicine-withdrawals': medicineWithdrawals,
  'surveys-due': surveysDue,
  'remittance-statements': remittanceStatements,
};
