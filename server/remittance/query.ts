import type { ApiUser } from '../../shared/api.ts';
import { kilograms, pence, penceNumber, tonnesText } from '../../shared/remittance/money.ts';
import { reconcileLoad } from '../../shared/remittance/quality-terms.ts';
import { statementTotals } from '../../shared/remittance/totals.ts';
import type {
  LineKind,
  QcValues,
  RemittanceLine,
  RemittanceStatement,
  StatementSummary,
} from '../../shared/remittance/types.ts';
import { visibleUnitsCondition } from '../accounts/access.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../http/errors.ts';
import { likePattern } from '../http/paging.ts';

/**
 * Whose statements a call reads: a provider's staff read their provider's, for the units they may
 * see (server/accounts/access.ts); a farm user reads one unit's from the providers of its plans
 * with which the farm's rule holds.
 */
export type StatementScope =
  | { kind: 'provider'; providerId: number; user: ApiUser }
  | { kind: 'unit'; unitId: number; providerIds: readonly number[] };

/** What narrows the list: a grower (unit), months from and to (yyyy-MM), a search. */
export interface StatementFilter {
  unitId?: number;
  from?: string;
  to?: string;
  search?: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The list's query, checked: 400 naming the field that is wrong. */
export function filterOf(query: {
  unit?: string;
  from?: string;
  to?: string;
  search?: string;
}): StatementFilter {
  const filter: StatementFilter = {};
  if (query.unit !== undefined && query.unit !== '') {
    if (!/^\d{1,9}$/.test(query.unit) || Number(query.unit) < 1) {
      throw badRequest('unit must be a positive whole number.', { unit: 'is invalid' });
    }
    filter.unitId = Number(query.unit);
  }
  for (const name of ['from', 'to'] as const) {
    const value = query[name];
    if (value === undefined || value === '') continue;
    if (!MONTH.test(value)) {
      throw badRequest(`${name} must be a month, yyyy-MM.`, { [name]: 'is invalid' });
    }
    filter[name] = value;
  }
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) {
    throw badRequest('from must not be after to.', { from: 'is after to' });
  }
  if (query.search !== undefined && query.search.trim() !== '') {
    if (query.search.length > 100) {
      throw badRequest('search is at most 100 characters.', { search: 'is too long' });
    }
    filter.search = query.search.trim();
  }
  return filter;
}

/** The FROM and WHERE over statements (s), their unit (un), farm (f) and provider (pr). */
function statementsSql(scope: StatementScope, filter: StatementFilter, params: unknown[]): string {
  const add = (value: unknown) => {
    params.push(value);
    return `$${String(params.length)}`;
  };
  const where: string[] = [];
  if (scope.kind === 'provider') {
    where.push(`s.provider_id = ${add(scope.providerId)}`);
    const visible = visibleUnitsCondition(scope.user, params.length + 1);
    params.push(...visible.params);
    where.push(`(${visible.sql})`);
  } else {
    where.push(`s.unit_id = ${add(scope.unitId)}`);
    where.push(`s.provider_id = any(${add(scope.providerIds)}::int[])`);
  }
  if (filter.unitId !== undefined) where.push(`s.unit_id = ${add(filter.unitId)}`);
  if (filter.from !== undefined) where.push(`s.period_start >= ${add(`${filter.from}-01`)}::date`);
  if (filter.to !== undefined) where.push(`s.period_start <= ${add(`${filter.to}-01`)}::date`);
  if (filter.search !== undefined) {
    const p = add(likePattern(filter.search));
    where.push(`(un.name ilike ${p} or f.name ilike ${p} or s.statement_number ilike ${p})`);
  }
  return `from remittance_statements s join units un on un.id = s.unit_id join farms f on f.id = un.farm_id
    join providers pr on pr.id = s.provider_id where ${where.join(' and ')}`;
}

interface StatementRow {
  id: number;
  statement_number: string;
  provider_id: number;
  provider_reference: string;
  provider_name: string;
  unit_id: number;
  unit_name: string;
  holding_number: string;
  farm_id: number;
  farm_name: string;
  period_start: string;
  period_end: string;
  payment_date: string;
}

interface LineRow {
  id: number;
  statement_id: number;
  position: number;
  kind: LineKind;
  description: string;
  passport_number: string | null;
  qc_record_id: number | null;
  crop: string | null;
  quantity_tonnes: string | null;
  pence_per_tonne: string | null;
  price_basis: string | null;
  amount_pence: string;
  vat_rate_basis_points: number;
  vat_treatment: string;
}

const STATEMENT_COLUMNS = `s.id, s.statement_number, s.provider_id, pr.reference as provider_reference,
  pr.name as provider_name, s.unit_id, un.name as unit_name, un.holding_number, f.id as farm_id,
  f.name as farm_name, s.period_start::text as period_start, s.period_end::text as period_end,
  s.payment_date::text as payment_date`;

export async function countStatements(
  db: Queryable,
  scope: StatementScope,
  filter: StatementFilter,
): Promise<number> {
  const params: unknown[] = [];
  const from = statementsSql(scope, filter, params);
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n ${from}`, params);
  return rows[0]?.n ?? 0;
}

/** The lines of these statements, in their order, with amounts as exact text. */
async function linesOf(db: Queryable, ids: readonly number[]): Promise<Map<number, LineRow[]>> {
  const byStatement = new Map<number, LineRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byStatement;
  const { rows } = await db.query<LineRow>(
    `select id, statement_id, position, kind, description, passport_number, qc_record_id, crop,
       quantity_tonnes::text as quantity_tonnes, pence_per_tonne::text as pence_per_tonne,
       price_basis, amount_pence::text as amount_pence, vat_rate_basis_points, vat_treatment
     from remittance_lines where statement_id = any($1::int[]) order by statement_id, position`,
    [ids],
  );
  for (const row of rows) byStatement.get(row.statement_id)?.push(row);
  return byStatement;
}

function summaryOf(row: StatementRow, lines: readonly LineRow[]): StatementSummary {
  const loads = lines.filter((l) => l.kind === 'load');
  const kg = loads.reduce((sum, l) => sum + kilograms(l.quantity_tonnes ?? '0'), 0n);
  return {
    id: row.id,
    number: row.statement_number,
    provider: { id: row.provider_id, reference: row.provider_reference, name: row.provider_name },
    unit: { id: row.unit_id, name: row.unit_name, holdingNumber: row.holding_number },
    farm: { id: row.farm_id, name: row.farm_name },
    periodStart: row.period_start,
    periodEnd: row.period_end,
    paymentDate: row.payment_date,
    loads: loads.length,
    tonnes: tonnesText(kg),
    totals: statementTotals(
      lines.map((l) => ({
        kind: l.kind,
        amountPence: l.amount_pence,
        vatRateBasisPoints: l.vat_rate_basis_points,
      })),
    ),
  };
}

/**
 * One page of statements, newest period first, then by grower; each with its totals worked out
 * from its lines (statementTotals, as the screen and the CSV show them).
 */
export async function selectStatements(
  db: Queryable,
  scope: StatementScope,
  filter: StatementFilter,
  limit: number,
  offset: number,
): Promise<StatementSummary[]> {
  const params: unknown[] = [];
  const from = statementsSql(scope, filter, params);
  params.push(limit, offset);
  const { rows } = await db.query<StatementRow>(
    `select ${STATEMENT_COLUMNS} ${from}
     order by s.period_start desc, un.name, s.id
     limit $${String(params.length - 1)} offset $${String(params.length)}`,
    params,
  );
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => summaryOf(row, lines.get(row.id) ?? []));
}

const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The QC results the statement's load lines name, by record id. */
async function qcResults(db: Queryable, ids: readonly number[]): Promise<Map<number, QcValues>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; data: Record<string, unknown> }>(
    `select id, data from records where record_type = 'qc-result' and id = any($1::int[])`,
    [ids],
  );
  return new Map(
    rows.map(({ id, data }) => [
      id,
      {
        recordId: id,
        inspectionDate: text(data.inspection_date) ?? '',
        outcome: (text(data.outcome) ?? 'accepted') as QcValues['outcome'],
        defectsPercent: number(data.defects_percent),
        bruisingPercent: number(data.bruising_percent),
        dryMatterPercent: number(data.dry_matter_percent),
        sizeGrade: text(data.size_grade),
        inspector: text(data.inspector),
      },
    ]),
  );
}

const lineOf = (l: LineRow): RemittanceLine => ({
  id: l.id,
  position: l.position,
  kind: l.kind,
  description: l.description,
  passportNumber: l.passport_number,
  crop: l.crop,
  quantityTonnes: l.quantity_tonnes,
  pencePerTonne: l.pence_per_tonne === null ? null : penceNumber(pence(l.pence_per_tonne)),
  priceBasis: l.price_basis,
  amountPence: penceNumber(pence(l.amount_pence)),
  vatRateBasisPoints: l.vat_rate_basis_points,
  vatTreatment: l.vat_treatment,
});

/** One statement in the scope, with its lines and each load reconciled to its QC result; null if none. */
export async function findStatement(
  db: Queryable,
  scope: StatementScope,
  id: number,
): Promise<RemittanceStatement | null> {
  const params: unknown[] = [];
  const from = statementsSql(scope, {}, params);
  params.push(id);
  const { rows } = await db.query<StatementRow>(
    `select ${STATEMENT_COLUMNS} ${from} and s.id = $${String(params.length)}`,
    params,
  );
  const row = rows[0];
  if (!row) return null;
  const lines = (await linesOf(db, [row.id])).get(row.id) ?? [];
  const qc = await qcResults(
    db,
    lines.flatMap((l) => (l.kind === 'load' && l.qc_record_id !== null ? [l.qc_record_id] : [])),
  );
  const applied = (passport: string) =>
    lines
      .filter((l) => l.kind === 'quality' && l.passport_number === passport)
      .reduce((sum, l) => sum + pence(l.amount_pence), 0n);
  const reconciliation = lines.flatMap((l) =>
    l.kind === 'load' && l.passport_number !== null
      ? [
          reconcileLoad(
            {
              passportNumber: l.passport_number,
              lineId: l.id,
              crop: l.crop ?? '',
              kg: kilograms(l.quantity_tonnes ?? '0'),
              pencePerTonne: pence(l.pence_per_tonne ?? '0'),
            },
            l.qc_record_id === null ? null : (qc.get(l.qc_record_id) ?? null),
            applied(l.passport_number),
          ),
        ]
      : [],
  );
  return { ...summaryOf(row, lines), lines: lines.map(lineOf), reconciliation };
}

/** The growers with statements in the scope, by name: the list's grower filter. */
export async function selectGrowers(
  db: Queryable,
  scope: StatementScope,
): Promise<{ id: number; name: string; farmName: string }[]> {
  const params: unknown[] = [];
  const from = statementsSql(scope, {}, params);
  const { rows } = await db.query<{ id: number; name: string; farm_name: string }>(
    `select distinct un.id, un.name, f.name as farm_name ${from} order by un.name, un.id`,
    params,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, farmName: r.farm_name }));
}
