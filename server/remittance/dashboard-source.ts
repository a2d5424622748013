import appConfig from '../../config/app.json' with { type: 'json' };
import { poundsText } from '../../shared/remittance/money.ts';
import type { ActionSource } from '../dashboard/action-sources.ts';
import { screenPath } from '../portal-paths.ts';
import { selectStatements } from './query.ts';

/** How many months back the dashboard lists statements, this month included. */
export const REMITTANCE_DASHBOARD_MONTHS = 3;

const money = new Intl.NumberFormat(appConfig.locale, {
  style: 'currency',
  currency: appConfig.currency,
});
const monthYear = new Intl.DateTimeFormat(appConfig.locale, {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** yyyy-MM of the month `back` months before the day's. */
function monthsBefore(today: string, back: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 7);
}

/**
 * The farm's newest remittance statements (issue 19 point 4), those of the last
 * REMITTANCE_DASHBOARD_MONTHS months from the providers of the unit's plans with which the rule
 * farm-remittance holds, each with its net paid (worked out from its lines) and payment date,
 * linked to the statement on the farm's own route.
 */
export const remittanceStatements: ActionSource = {
  title: 'Remittance statements',
  empty: `No statements in the last ${String(REMITTANCE_DASHBOARD_MONTHS)} months.`,
  rule: 'farm-remittance',
  async read({ db, unitId, today, planIds }) {
    if (planIds.length === 0) return [];
    const { rows } = await db.query<{ provider_id: number }>(
      'select distinct provider_id from packages where id = any($1::int[])',
      [planIds],
    );
    const statements = await selectStatements(
      db,
      { kind: 'unit', unitId, providerIds: rows.map((r) => r.provider_id) },
      { from: monthsBefore(today, REMITTANCE_DASHBOARD_MONTHS - 1) },
      REMITTANCE_DASHBOARD_MONTHS * 2,
      0,
    );
    return statements.map((s) => ({
      source: 'remittance-statements',
      title: `Statement ${s.number}: ${monthYear.format(new Date(`${s.periodStart}T00:00:00Z`))}`,
      detail: `${s.provider.name} · net paid ${money.format(poundsText(s.totals.netPaidPence) as Intl.StringNumericLiteral)}`,
      due: s.paymentDate,
      dueLabel: s.paymentDate <= today ? 'Paid' : 'To be paid',
      recordType: '',
      recordId: 0,
      path: screenPath('farm-remittance', 'statement', s.id),
    }));
  },
};
