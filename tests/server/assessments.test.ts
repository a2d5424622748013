import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPaged, ApiSuccess, AuthResponse } from '../../shared/api.ts';
import type {
  Assessment,
  AssessmentInput,
  AssessmentSummary,
  AssessmentTemplate,
  AssessmentTemplates,
} from '../../shared/assessments/types.ts';
import { loadAssessmentTemplates } from '../../server/assessments/templates.ts';
import { loginAs, signedInject, startTestApp, type TestApp, unitIdNamed } from './test-app.ts';

/**
 * Vet Vision assessments (issue 20 point 1) on a real server and the seeded demo: Moorland Vale's
 * staff (dairy@) complete and sign one on farmer@'s Lower Dale Dairy (Milk Pool Premium has
 * vetvision); signing locks it; the farm marks its actions done; adviser@ (Fenland Fresh: no plan
 * there), buyer@ (Acme Foods) and another farm's user (multi@) are refused; an assessment keeps
 * the template version it was started on after a newer one is published.
 */
describe('Vet Vision assessments', () => {
  let t: TestApp;
  let dairy: AuthResponse;
  let farmer: AuthResponse;
  let adviser: AuthResponse;
  let buyer: AuthResponse;
  let multi: AuthResponse;
  let unit = 0;
  let dir = '';
  const now = Date.parse('2026-11-24T10:00:00Z');

  const call = async <T = unknown>(
    who: AuthResponse,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
  ) => {
    const r = await signedInject(t.app, who.auth_token, method, `/api${url}`, body, {
      timestamp: Math.floor(now / 1000),
    });
    return {
      status: r.statusCode,
      data: r.statusCode < 300 ? r.json<ApiSuccess<T>>().data : (undefined as T),
      error: r.statusCode >= 300 ? r.json<{ msg: string; errors: unknown }>() : undefined,
    };
  };

  const complete: AssessmentInput['answers'] = {
    herd: { average_cows: 200 },
    mobility: { score_0: 60, score_1: 25, score_2: 12, score_3: 3 },
    condition: { thin: 10, target: 80, fat: 10 },
    udder: { clinical_cases: 40, scc: 180 },
    losses: { calves_born: 190, calves_died: 9, adults_died: 6 },
    medicines: { mg_per_pcu: 12.4, hp_cia_used: false },
    biosecurity: {
      bvd_status_known: true,
      purchases_tested: true,
      boundaries_secure: true,
      visitors_controlled: false,
      footbath_routine: true,
      vaccination_plan: true,
    },
    findings: { findings: 'Lameness down since the spring; footbath twice a week.' },
  };
  const visit = (answers: AssessmentInput['answers']): AssessmentInput => ({
    template: 'dairy-herd-health',
    visitDate: '2026-11-20',
    vetName: 'Ruth Ellison',
    practice: 'Dale Vets',
    answers,
    actions: [{ description: 'Trim cows scoring 2 or 3', owner: 'Tom', dueOn: '2026-12-15' }],
  });

  beforeAll(async () => {
    // The real templates and a second version of the dairy one, published after the first.
    dir = mkdtempSync(path.join(tmpdir(), 'assessments-'));
    const source = new URL('../../config/assessments/', import.meta.url);
    for (const name of ['dairy-herd-health@1.json', 'beef-herd-health@1.json']) {
      writeFileSync(path.join(dir, name), readFileSync(new URL(name, source)));
    }
    const v2 = JSON.parse(
      readFileSync(new URL('dairy-herd-health@1.json', source), 'utf8'),
    ) as AssessmentTemplate;
    v2.version = 2;
    v2.title = 'Dairy herd health assessment (2027)';
    for (const kpi of v2.kpis) kpi.decimals = 0;
    writeFileSync(path.join(dir, 'dairy-herd-health@2.json'), JSON.stringify(v2));

    t = await startTestApp({ clock: () => now, assessmentTemplates: loadAssessmentTemplates(dir) });
    dairy = await loginAs(t.app, 'dairy@example.com');
    farmer = await loginAs(t.app, 'farmer@example.com');
    adviser = await loginAs(t.app, 'adviser@example.com');
    buyer = await loginAs(t.app, 'buyer@example.com');
    multi = await loginAs(t.app, 'multi@example.com');
    unit = await unitIdNamed(t.db, 'Lower Dale Dairy');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets dairy@ complete and sign an assessment with an action, worked out by the shared KPIs', async () => {
    const started = await call<Assessment>(
      dairy,
      'POST',
      `/units/${String(unit)}/assessments`,
      visit({ mobility: complete.mobility ?? {} }),
    );
    expect(started.status).toBe(200);
    expect(started.data).toMatchObject({
      status: 'draft',
      template: { id: 'dairy-herd-health', version: 2 },
      createdBy: { name: 'Helen Metcalfe', side: 'provider' },
      kpis: { lame: 15, scc: null },
      openActions: 1,
      may: { edit: true, sign: true, markActionsDone: false },
    });
    const id = String(started.data.id);

    // Half done: signing is refused by question, and nothing is signed.
    const early = await call(dairy, 'POST', `/units/${String(unit)}/assessments/${id}/sign`);
    expect(early.status).toBe(406);
    expect(early.error?.errors).toMatchObject({ '/udder/scc': [expect.any(String)] });

    const saved = await call<Assessment>(
      dairy,
      'PUT',
      `/units/${String(unit)}/assessments/${id}`,
      visit(complete),
    );
    expect(saved.status).toBe(200);
    expect(saved.data.kpis).toMatchObject({ lame: 15, scc: 180, mastitis: 20, biosecurity: 83 });

    const signed = await call<Assessment>(
      dairy,
      'POST',
      `/units/${String(unit)}/assessments/${id}/sign`,
    );
    expect(signed.status).toBe(200);
    expect(signed.data).toMatchObject({
      status: 'signed',
      signedBy: { name: 'Helen Metcalfe', side: 'provider' },
      signedAt: '2026-11-24T10:00:00Z',
      may: { edit: false, sign: false, markActionsDone: false },
    });

    // Signed is read-only, for its signer and the farm alike.
    for (const who of [dairy, farmer]) {
      const edit = await call(
        who,
        'PUT',
        `/units/${String(unit)}/assessments/${id}`,
        visit(complete),
      );
      expect(edit.status).toBe(409);
      const again = await call(who, 'POST', `/units/${String(unit)}/assessments/${id}/sign`);
      expect(again.status).toBe(409);
    }
  });

  it('shows farmer@ the signed assessment read-only, and lets only the farm mark its action done', async () => {
    const list = await call<ApiPaged<AssessmentSummary>>(
      farmer,
      'GET',
      `/units/${String(unit)}/assessments?status=signed`,
    );
    expect(list.status).toBe(200);
    const [first] = list.data.records;
    expect(first).toMatchObject({ vetName: 'Ruth Ellison', openActions: 1, kpis: { lame: 15 } });
    const id = String(first?.id);
    const read = await call<Assessment>(farmer, 'GET', `/units/${String(unit)}/assessments/${id}`);
    expect(read.data.may).toEqual({ edit: false, sign: false, markActionsDone: true });
    const action = String(read.data.actions[0]?.id);
    const done = `/units/${String(unit)}/assessments/${id}/actions/${action}/done`;

    expect((await call(dairy, 'POST', done)).status).toBe(403);
    const marked = await call<Assessment>(farmer, 'POST', done);
    expect(marked.status).toBe(200);
    expect(marked.data.openActions).toBe(0);
    expect(marked.data.actions[0]).toMatchObject({
      doneAt: '2026-11-24T10:00:00Z',
      doneBy: { name: 'Tom Hargreaves', side: 'farm' },
    });
    expect((await call(farmer, 'POST', done)).status).toBe(409);
  });

  it('lets a farm user enter their vet’s visit, stored as theirs', async () => {
    const entered = await call<Assessment>(farmer, 'POST', `/units/${String(unit)}/assessments`, {
      ...visit(complete),
      template: 'beef-herd-health',
      answers: {},
    });
    expect(entered.status).toBe(200);
    expect(entered.data.createdBy).toMatchObject({ name: 'Tom Hargreaves', side: 'farm' });
    const bad = await call(farmer, 'POST', `/units/${String(unit)}/assessments`, {
      ...visit({ udder: { scc: 1 } }),
      template: 'beef-herd-health',
      visitDate: '2026-02-30',
    });
    expect(bad.status).toBe(406);
    expect(Object.keys(bad.error?.errors ?? {}).sort()).toEqual(['/udder', 'visitDate']);
  });

  it('keeps an assessment on the template version it was started on', async () => {
    // Started before version 2 was published.
    const { rows } = await t.db.query<{ id: number }>(
      `insert into assessments (unit_id, template_id, template_version, visit_date, vet_name, practice, created_by)
       values ($1, 'dairy-herd-health', 1, '2026-05-01', 'Ruth Ellison', 'Dale Vets', $2) returning id`,
      [unit, dairy.user.id],
    );
    const id = String(rows[0]?.id);
    const thirds = { mobility: { score_0: 2, score_1: 0, score_2: 1, score_3: 0 } };
    const saved = await call<Assessment>(
      dairy,
      'PUT',
      `/units/${String(unit)}/assessments/${id}`,
      visit(thirds),
    );
    expect(saved.data.template).toEqual({
      id: 'dairy-herd-health',
      version: 1,
      title: 'Dairy herd health assessment',
    });
    // Version 1 shows lameness to one decimal; version 2 would have said 33.
    expect(saved.data.kpis.lame).toBe(33.3);
    const templates = await call<AssessmentTemplates>(
      farmer,
      'GET',
      `/units/${String(unit)}/assessments/templates`,
    );
    expect(templates.data.current).toEqual({ 'beef-herd-health': 1, 'dairy-herd-health': 2 });
    expect(templates.data.templates.map((x) => `${x.id}@${String(x.version)}`).sort()).toEqual([
      'beef-herd-health@1',
      'dairy-herd-health@1',
      'dairy-herd-health@2',
    ]);
  });

  it.each([
    [
      'adviser@ (Fenland Fresh: its plans have no vetvision, and none is on the unit)',
      () => adviser,
    ],
    ['buyer@ (Acme Foods: no plan on the unit)', () => buyer],
    ['multi@ (another farm)', () => multi],
  ])('refuses %s', async (_who, who) => {
    const base = `/units/${String(unit)}/assessments`;
    const list = await call(who(), 'GET', base);
    expect(list.status).toBe(403);
    const create = await call(who(), 'POST', base, visit(complete));
    expect(create.status).toBe(403);
    const any = (await t.db.query<{ id: number }>('select id from assessments limit 1')).rows[0];
    expect((await call(who(), 'GET', `${base}/${String(any?.id)}`)).status).toBe(403);
  });
});
