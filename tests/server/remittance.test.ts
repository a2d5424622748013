import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPaged, ApiSuccess, AuthResponse } from '../../shared/api.ts';
import type {
  RemittanceGrower,
  RemittanceLine,
  RemittanceStatement,
  StatementSummary,
} from '../../shared/remittance/types.ts';
import { loadRecordTypes } from '../../server/records/record-types.ts';
import type { DashboardResult } from '../../shared/dashboard/result.ts';
import { loginAs, signedInject, startTestApp, type TestApp, unitIdNamed } from './test-app.ts';

/**
 * Remittance advice (issue 19 point 4) on a real server and the seeded database: Fenland Fresh's
 * intake (server/seed/intake.ts) as its staff and its growers see it, every total recomputed here
 * from the lines by hand (not with shared/remittance/totals.ts), the QC reconciliation, the CSVs,
 * and the refusals across farms and providers.
 */

/** The totals worked out again from the lines, in integer pence, as a reader of the statement would. */
function byHand(lines: readonly RemittanceLine[]) {
  const sum = (kinds: string[]) =>
    lines.filter((l) => kinds.includes(l.kind)).reduce((s, l) => s + BigInt(l.amountPence), 0n);
  const gross = sum(['load']);
  const quality = sum(['quality']);
  const deductions = sum(['deduction', 'levy', 'haulage']);
  const rates = [...new Set(lines.map((l) => l.vatRateBasisPoints))];
  // VAT per rate on the lines' total at that rate, rounded down (towards zero) to the penny.
  const vat = rates.reduce((s, rate) => {
    const base = lines
      .filter((l) => l.vatRateBasisPoints === rate)
      .reduce((b, l) => b + BigInt(l.amountPence), 0n);
    return s + (base * BigInt(rate)) / 10000n;
  }, 0n);
  const net = gross + quality + deductions;
  return {
    grossPence: Number(gross),
    qualityPence: Number(quality),
    deductionsPence: Number(deductions),
    netBeforeVatPence: Number(net),
    vatPence: Number(vat),
    netPaidPence: Number(net + vat),
  };
}

describe('remittance advice', () => {
  let t: TestApp;
  let processor: AuthResponse;
  let adviser: AuthResponse;
  let buyer: AuthResponse;
  let farmer: AuthResponse;
  let multi: AuthResponse;
  let arable: number;
  let beef: number;

  // The server's clock on a fixed day, so that the dashboard's last three months are known.
  const now = Date.parse('2026-11-24T10:00:00Z');
  const call = <T = unknown>(who: AuthResponse, url: string) =>
    signedInject(t.app, who.auth_token, 'GET', url, undefined, {
      timestamp: Math.floor(now / 1000),
    }).then((r) => ({
      status: r.statusCode,
      data:
        r.statusCode < 300 && String(r.headers['content-type']).includes('json')
          ? r.json<ApiSuccess<T>>().data
          : (undefined as T),
      body: r.body,
      headers: r.headers,
    }));
  const unitId = (name: string) => unitIdNamed(t.db, name);

  beforeAll(async () => {
    t = await startTestApp({ clock: () => now });
    processor = await loginAs(t.app, 'processor@example.com');
    adviser = await loginAs(t.app, 'adviser@example.com');
    buyer = await loginAs(t.app, 'buyer@example.com');
    farmer = await loginAs(t.app, 'farmer@example.com');
    multi = await loginAs(t.app, 'multi@example.com');
    arable = await unitId('Highfield Arable');
    beef = await unitId('Highfield Beef');
  });
  afterAll(() => t.close());

  it('seeds load passports and QC results that their record types accept, and statements from them', async () => {
    const types = loadRecordTypes();
    const { rows } = await t.db.query<{ record_type: string; data: object }>(
      `select record_type, data from records where record_type in ('load-passport', 'qc-result')
       and data->>'passport_number' like 'FFP-%'`,
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      expect(types.get(row.record_type)?.validate(row.data), JSON.stringify(row.data)).toBe(true);
    }
    const loads = await t.db.query<{ n: number; linked: number }>(
      `select count(*)::int as n, count(qc_record_id)::int as linked from remittance_lines where kind = 'load'`,
    );
    expect(loads.rows[0]?.n).toBeGreaterThan(10);
    expect(loads.rows[0]?.linked).toBe(loads.rows[0]?.n);
  });

  it("lists Fenland Fresh's statements to its intake staff, paged, each total worked out from its lines", async () => {
    const list = await call<ApiPaged<StatementSummary>>(
      processor,
      '/api/remittance/statements?per_page=5',
    );
    expect(list.status).toBe(200);
    expect(list.data.records).toHaveLength(5);
    expect(list.data.total_records).toBeGreaterThan(5);
    expect(list.data).toMatchObject({ current_page: 1, records_per_page: 5 });
    const periods = list.data.records.map((s) => s.periodStart);
    expect([...periods].sort().reverse()).toEqual(periods);
    for (const summary of list.data.records) {
      expect(summary.provider.reference).toBe('fenland_fresh');
      const one = await call<RemittanceStatement>(
        processor,
        `/api/remittance/statements/${summary.id}`,
      );
      expect(one.status).toBe(200);
      expect(one.data.totals).toMatchObject(byHand(one.data.lines));
      expect(summary.totals).toEqual(one.data.totals);
      for (const line of one.data.lines) expect(Number.isInteger(line.amountPence)).toBe(true);
      expect(one.data.loads).toBe(one.data.lines.filter((l) => l.kind === 'load').length);
    }
  });

  it('filters by grower, period and search', async () => {
    const growers = await call<RemittanceGrower[]>(processor, '/api/remittance/growers');
    expect(growers.data.map((g) => g.name)).toContain('Highfield Arable');
    const own = await call<ApiPaged<StatementSummary>>(
      processor,
      `/api/remittance/statements?unit=${arable}&per_page=100`,
    );
    expect(own.data.total_records).toBeGreaterThan(3);
    expect(new Set(own.data.records.map((s) => s.unit.name))).toEqual(
      new Set(['Highfield Arable']),
    );
    const autumn = await call<ApiPaged<StatementSummary>>(
      processor,
      `/api/remittance/statements?unit=${arable}&from=2026-08&to=2026-10&per_page=100`,
    );
    expect(autumn.data.records.map((s) => s.periodStart).sort()).toEqual(
      own.data.records
        .map((s) => s.periodStart)
        .filter((p) => p >= '2026-08-01' && p <= '2026-10-01')
        .sort(),
    );
    const searched = await call<ApiPaged<StatementSummary>>(
      processor,
      '/api/remittance/statements?search=highfield%20arable&per_page=100',
    );
    expect(searched.data.total_records).toBe(own.data.total_records);
    expect((await call(processor, '/api/remittance/statements?from=2026-13')).status).toBe(400);
    expect(
      (await call(processor, '/api/remittance/statements?from=2026-10&to=2026-01')).status,
    ).toBe(400);
  });

  it('reconciles each load to its QC result, and shows a deduction that differs from it', async () => {
    const own = await call<ApiPaged<StatementSummary>>(
      processor,
      `/api/remittance/statements?unit=${arable}&per_page=100`,
    );
    const id = own.data.records[0]?.id;
    const before = await call<RemittanceStatement>(processor, `/api/remittance/statements/${id}`);
    const loads = before.data.lines.filter((l) => l.kind === 'load');
    expect(before.data.reconciliation.map((r) => r.lineId)).toEqual(loads.map((l) => l.id));
    for (const r of before.data.reconciliation) {
      expect(r.qc?.recordId).toBeGreaterThan(0);
      expect(['agrees', 'differs']).toContain(r.status);
    }
    // A deduction the QC result does not call for: taken from the first load, straight in the table.
    const load = loads[0];
    await t.db.query(
      `insert into remittance_lines (statement_id, position, kind, description, passport_number, amount_pence,
         vat_rate_basis_points, vat_treatment)
       values ($1, 999, 'quality', 'Claim: soil on the load', $2, -2500, 0, 'Zero-rated (food)')`,
      [id, load?.passportNumber],
    );
    const after = await call<RemittanceStatement>(processor, `/api/remittance/statements/${id}`);
    const first = after.data.reconciliation[0];
    expect(first?.status).toBe('differs');
    expect((first?.appliedPence ?? 0) - (first?.expectedPence ?? 0)).toBe(-2500);
    expect(after.data.totals.qualityPence).toBe(before.data.totals.qualityPence - 2500);
    expect(after.data.totals).toMatchObject(byHand(after.data.lines));
  });

  it('exports a statement and the list as CSV, the amounts adding up to the totals', async () => {
    const own = await call<ApiPaged<StatementSummary>>(
      processor,
      `/api/remittance/statements?unit=${arable}&per_page=100`,
    );
    const id = own.data.records.at(-1)?.id;
    const one = await call<RemittanceStatement>(processor, `/api/remittance/statements/${id}`);
    const csv = await call(processor, `/api/remittance/statements/${id}.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parseCsv<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      columns: true,
    });
    const lines = rows.filter((r) => r.Kind !== 'total');
    expect(lines).toHaveLength(one.data.lines.length);
    const pence = (text: string | undefined) => Math.round(Number(text) * 100);
    const sum = lines.reduce((s, r) => s + pence(r['Amount (£)']), 0);
    expect(sum).toBe(one.data.totals.netBeforeVatPence);
    const total = (what: string) => pence(rows.find((r) => r.Description === what)?.['Amount (£)']);
    expect(total('Net paid')).toBe(one.data.totals.netPaidPence);
    expect(total('VAT')).toBe(one.data.totals.vatPence);

    const listCsv = await call(processor, `/api/remittance/statements.csv?unit=${arable}`);
    const listRows = parseCsv<Record<string, string>>(listCsv.body.replace(/^\uFEFF/, ''), {
      columns: true,
    });
    expect(listRows).toHaveLength(own.data.total_records);
    expect(listCsv.headers['x-total-count']).toBe(String(own.data.total_records));
    const row = listRows.find((r) => r.Statement === one.data.number);
    expect(pence(row?.['Net paid (£)'])).toBe(one.data.totals.netPaidPence);
  });

  it('refuses the adviser (no grower payments), other providers’ staff and farm users on the staff API', async () => {
    for (const who of [adviser, buyer, farmer, multi]) {
      expect((await call(who, '/api/remittance/statements')).status).toBe(403);
      expect((await call(who, '/api/remittance/growers')).status).toBe(403);
    }
    const refused = await call(adviser, '/api/remittance/statements');
    expect(refused.body).toContain('You do not have access to Remittance Advice.');
  });

  it("gives a farm user their own unit's statements only", async () => {
    const list = await call<ApiPaged<StatementSummary>>(
      multi,
      `/api/units/${arable}/remittance/statements?per_page=100`,
    );
    expect(list.status).toBe(200);
    expect(list.data.total_records).toBeGreaterThan(3);
    expect(new Set(list.data.records.map((s) => s.unit.id))).toEqual(new Set([arable]));
    const id = list.data.records[0]?.id;
    const own = await call<RemittanceStatement>(
      multi,
      `/api/units/${arable}/remittance/statements/${id}`,
    );
    expect(own.status).toBe(200);
    expect(own.data.totals).toMatchObject(byHand(own.data.lines));
    expect((await call(multi, `/api/units/${arable}/remittance/statements/${id}.csv`)).status).toBe(
      200,
    );
    // Another grower's statement through Highfield Arable's path: as if it did not exist.
    const other = await call<ApiPaged<StatementSummary>>(
      processor,
      '/api/remittance/statements?per_page=100',
    );
    const elsewhere = other.data.records.find((s) => s.unit.id !== arable);
    expect(elsewhere).toBeDefined();
    expect(
      (await call(multi, `/api/units/${arable}/remittance/statements/${elsewhere?.id}`)).status,
    ).toBe(404);
    // Highfield Beef holds no Fenland Fresh plan; the farmer's farm is not Highfield.
    expect((await call(multi, `/api/units/${beef}/remittance/statements`)).status).toBe(403);
    expect((await call(farmer, `/api/units/${arable}/remittance/statements`)).status).toBe(403);
    expect((await call(farmer, `/api/units/${arable}/remittance/statements/${id}`)).status).toBe(
      403,
    );
    // Staff use their own API, not the farm's.
    expect((await call(processor, `/api/units/${arable}/remittance/statements`)).status).toBe(403);
  });

  it("lists the farm's statements of the last three months on its dashboard, each linked to it", async () => {
    const plan = (
      await t.db.query<{ id: number }>(
        "select id from packages where reference = 'fenland_fresh_grower_scheme'",
      )
    ).rows[0]?.id;
    const dashboard = await call<DashboardResult>(
      multi,
      `/api/units/${arable}/dashboard?plan=${plan}`,
    );
    expect(dashboard.status).toBe(200);
    expect(dashboard.data.actionSources.map((s) => s.id)).toContain('remittance-statements');
    const actions = dashboard.data.actions.filter((a) => a.source === 'remittance-statements');
    const list = await call<ApiPaged<StatementSummary>>(
      multi,
      `/api/units/${arable}/remittance/statements?from=2026-09&per_page=100`,
    );
    expect(list.data.total_records).toBeGreaterThan(0);
    // The dashboard lists them soonest payment first; the list, newest period first.
    expect(actions.map((a) => a.path).sort()).toEqual(
      list.data.records.map((s) => `/unit/remittance/${s.id}`).sort(),
    );
    const newest = list.data.records[0];
    const shown = actions.find((a) => a.path === `/unit/remittance/${newest?.id}`);
    expect(shown).toMatchObject({
      title: `Statement ${newest?.number}: October 2026`,
      due: newest?.paymentDate,
      // Paid on the 20th of November, before the server's day.
      dueLabel: 'Paid',
    });
    expect(shown?.detail).toMatch(/^Fenland Fresh Produce · net paid £[\d,]+\.\d{2}$/);
    // The Tillwell plan of the same unit is not with Fenland Fresh: no statements there.
    const tillwell = (
      await t.db.query<{ id: number }>(
        "select id from packages where reference = 'tillwell_agronomy_service'",
      )
    ).rows[0]?.id;
    const other = await call<DashboardResult>(
      multi,
      `/api/units/${arable}/dashboard?plan=${tillwell}`,
    );
    expect(other.data.actionSources.map((s) => s.id)).not.toContain('remittance-statements');
  });

  it("keeps another provider's statement from Fenland Fresh's staff and from the grower's Fenland plan", async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `insert into remittance_statements (provider_id, unit_id, statement_number, period_start, period_end, payment_date)
       values ((select id from providers where reference = 'tillwell_agronomy'), $1, 'TW-0001',
               '2026-09-01', '2026-09-30', '2026-10-20') returning id`,
      [arable],
    );
    const id = rows[0]?.id;
    expect((await call(processor, `/api/remittance/statements/${id}`)).status).toBe(404);
    const list = await call<ApiPaged<StatementSummary>>(
      processor,
      `/api/remittance/statements?unit=${arable}&per_page=100`,
    );
    expect(list.data.records.map((s) => s.number)).not.toContain('TW-0001');
    const farm = await call<ApiPaged<StatementSummary>>(
      multi,
      `/api/units/${arable}/remittance/statements?per_page=100`,
    );
    expect(farm.data.records.map((s) => s.number)).not.toContain('TW-0001');
    expect((await call(multi, `/api/units/${arable}/remittance/statements/${id}`)).status).toBe(
      404,
    );
  });
});
