import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ErrorType,
  type ApiCalculation,
  type ApiCalculationSummary,
  type ApiCalculationTable,
} from '../../shared/api.ts';
import {
  CALCULATORS,
  isCalculatorName,
  type CalculatorName,
  type EvaluationResult,
} from '../../shared/calc/index.ts';
import { methodFor, TABLES, type CalculatorKind } from '../../shared/calc/tables.ts';
import { assertUnitVisible, positiveId } from '../accounts/access.ts';
import type { RouteGuard } from '../access/route-rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db, Queryable } from '../db/index.ts';
import { badRequest, fieldErrorMap, HttpError, notFound } from '../http/errors.ts';
import { pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import { checkInputs, runEvaluation, withSources } from './routes.ts';

/**
 * Saved calculations per unit (issue 16, point 7): baselines and scenarios of a calculator,
 * named, each stored with its inputs, the result as computed then (the evaluation API's
 * answer), its method version and a snapshot of the coefficient tables the method read. A
 * saved result is never recomputed behind the user's back: GET answers it as stored, with the
 * calculator's default method now (`currentMethodVersion`) so the screen can offer to
 * recompute (POST …/recompute).
 *
 * Access: every route is guarded by the calculator's own rule (CALCULATORS[name].rule, the
 * rule its screen's route and the evaluation API name) for the unit in the path, trying each
 * plan of the unit the user may see, as the records API does; the calculator comes from the
 * query (list), the body (create) or the stored calculation (the others).
 */

export type CalculationRole = 'baseline' | 'scenario';

/** One table a saved result read (shared/api.ts, the portal reads the same type). */
export type TableSnapshot = ApiCalculationTable;

interface CalculationRow {
  id: number;
  unit_id: number;
  calculator: string;
  name: string;
  role: CalculationRole;
  baseline_id: number | null;
  method_version: string;
  inputs: Record<string, unknown>;
  result: ApiCalculation['result'];
  tables: Record<string, TableSnapshot>;
  created_at: string;
  updated_at: string;
  created_by: number | null;
  created_by_name: string | null;
}

const ISO = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const COLUMNS = `c.id, c.unit_id, c.calculator, c.name, c.role, c.baseline_id, c.method_version,
  c.inputs, c.result, c.tables, ${ISO('c.created_at')} as created_at,
  ${ISO('c.updated_at')} as updated_at, c.created_by,
  case when u.id is null then null else u.first_name || ' ' || u.last_name end as created_by_name`;

const FROM = 'calculations c left join users u on u.id = c.created_by';

/**
 * The name a calculation is stored under: the first API name of the same calculator and rule
 * (ghg-what-if-dairy → ghg-dairy, bps-what-if → bps), so a screen may use either.
 */
export function storedName(name: CalculatorName): CalculatorName {
  const { kind, rule } = CALCULATORS[name];
  const first = (Object.keys(CALCULATORS) as CalculatorName[]).find(
    (n) => CALCULATORS[n].kind === kind && CALCULATORS[n].rule === rule,
  );
  return first ?? name;
}

/**
 * What the result read of each table: the entries its lines cite (`<ref>#<key>`, or a JSON
 * pointer such as `bands/2/rates/2023`); for a table none of its lines cites (the GWPs, which
 * weigh the totals), all its values.
 */
export function snapshotTables(result: EvaluationResult<object>): Record<string, TableSnapshot> {
  const cited = new Map<string, Set<string>>();
  for (const line of result.lines) {
    for (const use of line.uses) {
      const at = use.indexOf('#');
      if (at < 0) continue;
      const ref = use.slice(0, at);
      const key = use.slice(at + 1);
      if (!cited.has(ref)) cited.set(ref, new Set());
      cited.get(ref)?.add(key);
    }
  }
  const out: Record<string, TableSnapshot> = {};
  for (const [role, ref] of Object.entries(result.tables)) {
    const table = TABLES.get(ref);
    if (!table) continue;
    const values: Record<string, unknown> = {};
    const keys = cited.get(ref);
    if (keys && keys.size > 0) {
      for (const key of [...keys].sort()) {
        values[key] = key.includes('/') ? pointerInto(table, key) : table.entries?.[key];
      }
    } else {
      Object.assign(values, table.entries ?? {});
      if (table.bands) values.bands = table.bands;
      if (table.caps) values.caps = table.caps;
    }
    out[ref] = {
      role,
      title: table.title,
      source: table.source,
      ...(table.sourceUrl ? { sourceUrl: table.sourceUrl } : {}),
      year: table.year,
      gwpBasis: table.gwpBasis,
      ...(table.unit ? { unit: table.unit } : {}),
      values,
    };
  }
  return out;
}

function pointerInto(value: unknown, pointer: string): unknown {
  let at: unknown = value;
  for (const segment of pointer.split('/')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}

/** The calculation as the API answers it; `full` adds its inputs, result and tables. */
function present(row: CalculationRow, full: false): ApiCalculationSummary;
function present(row: CalculationRow, full: true): ApiCalculation;
function present(row: CalculationRow, full: boolean): ApiCalculationSummary | ApiCalculation {
  const kind = calculatorKind(row.calculator);
  const item: ApiCalculationSummary = {
    id: String(row.id),
    name: row.name,
    calculator: row.calculator,
    role: row.role,
    baselineId: row.baseline_id === null ? null : String(row.baseline_id),
    methodVersion: row.method_version,
    currentMethodVersion: kind ? methodFor(kind).version : row.method_version,
    totals: row.result.totals,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy:
      row.created_by === null
        ? null
        : { id: String(row.created_by), name: row.created_by_name ?? '' },
  };
  if (!full) return item;
  return { ...item, inputs: row.inputs, result: row.result, tables: row.tables };
}

const calculatorKind = (name: string): CalculatorKind | undefined =>
  isCalculatorName(name) ? CALCULATORS[name].kind : undefined;

/** A calculation's computed parts: the stored result (as evaluate answers) and the snapshot. */
function computed(name: CalculatorName, inputs: unknown, method: string | undefined) {
  const kind = CALCULATORS[name].kind;
  const result = runEvaluation(kind, inputs, method);
  return {
    methodVersion: result.methodVersion,
    result: { ...withSources(result), calculator: name, kind },
    tables: snapshotTables(result),
  };
}

const NAME_MAX = 120;

/** A plain problem with the name, or undefined for a good one. */
function nameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.trim() === '') return 'Name is required';
  if (name.trim().length > NAME_MAX) return `Name must be at most ${String(NAME_MAX)} characters`;
  return undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const cantSave = (errors: Record<string, string[]>) =>
  new HttpError(
    406,
    'The calculation could not be saved: correct the fields listed and try again.',
    ErrorType.Validation,
    errors,
  );

/** Postgres and PGlite both report a unique violation as SQLSTATE 23505. */
const isUniqueViolation = (error: unknown) =>
  isObject(error) && (error as { code?: unknown }).code === '23505';

interface Params {
  unitId: string;
  id?: string;
}

/**
 * `db` is the app's JoinableDb: the writes are 'joined' (server/idempotency/install.ts), committed
 * with their Idempotency-Key's answer, so they return their answer instead of sending it.
 */
export function registerSavedCalculationRoutes(app: FastifyInstance, db: Db): void {
  const base = '/units/:unitId/calculations';

  async function find(q: Queryable, unitId: number, id: number): Promise<CalculationRow> {
    const { rows } = await q.query<CalculationRow>(
      `select ${COLUMNS} from ${FROM} where c.id = $1 and c.unit_id = $2`,
      [id, unitId],
    );
    const row = rows[0];
    if (!row) throw notFound(`There is no saved calculation ${String(id)} on this unit.`);
    return row;
  }

  /**
   * The unit and calculation a call names. When the guard found no calculation to take the
   * rule from, the unit is checked here (403/404 as for records) before the 404, so a call
   * about another farm's unit learns nothing of its calculations.
   */
  async function target(request: FastifyRequest<{ Params: Params }>) {
    const { user } = authOf(request);
    const unitId = positiveId(request.params.unitId, 'unitId');
    const id = positiveId(request.params.id, 'id');
    if (!request.grants) await assertUnitVisible(db, user, unitId);
    return { user, unitId, row: await find(db, unitId, id) };
  }

  /** 406 on the name when another calculation of the calculator on the unit has it. */
  async function assertNameFree(
    unitId: number,
    calculator: string,
    name: string,
    except: number | null,
  ) {
    const { rows } = await db.query<{ name: string }>(
      `select name from calculations where unit_id = $1 and calculator = $2
         and lower(name) = lower($3) and id is distinct from $4::integer limit 1`,
      [unitId, calculator, name, except],
    );
    const other = rows[0];
    if (other) throw duplicate(other.name);
  }

  const duplicate = (name: string) => {
    const message = `A saved calculation named "${name}" already exists for this calculator on this unit: choose another name`;
    const errors = fieldErrorMap();
    errors.name = [message];
    return new HttpError(406, `${message}.`, ErrorType.Validation, errors);
  };

  /** Runs a write, answering a name taken meanwhile (the unique index) as the 406 above. */
  async function uniquely<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(name);
      throw error;
    }
  }

  /** A scenario's baseline: a baseline of the same calculator on the same unit. */
  async function baselineProblem(
    unitId: number,
    calculator: string,
    baselineId: unknown,
  ): Promise<{ id: number | null; problem?: string }> {
    if (baselineId === undefined || baselineId === null) return { id: null };
    const text = typeof baselineId === 'number' ? String(baselineId) : baselineId;
    if (typeof text !== 'string' || !/^\d{1,9}$/.test(text) || Number(text) <= 0) {
      return { id: null, problem: 'Baseline must be the id of a saved baseline' };
    }
    const { rows } = await db.query<{ role: string; calculator: string }>(
      'select role, calculator from calculations where id = $1 and unit_id = $2',
      [Number(text), unitId],
    );
    const row = rows[0];
    if (!row || row.calculator !== calculator || row.role !== 'baseline') {
      return {
        id: null,
        problem: `Baseline ${text} is not a saved baseline of this calculator on this unit`,
      };
    }
    return { id: Number(text) };
  }

  // The rule of the calculator the call is about: from ?calculator= (list), the body (create),
  // or the stored calculation (the rest). Undefined when none is named or found: the handler
  // then answers 400, 406 or 404 after checking the unit.
  const listGuard: RouteGuard = {
    rule: (request) => {
      const { calculator } = request.query as { calculator?: unknown };
      return typeof calculator === 'string' && isCalculatorName(calculator)
        ? CALCULATORS[calculator].rule
        : undefined;
    },
    scope: 'unit',
  };
  const createGuard: RouteGuard = {
    rule: (request) => {
      const body = request.body as { calculator?: unknown } | null | undefined;
      const calculator = isObject(body) ? body.calculator : undefined;
      return typeof calculator === 'string' && isCalculatorName(calculator)
        ? CALCULATORS[calculator].rule
        : undefined;
    },
    scope: 'unit',
  };
  const storedGuard: RouteGuard = {
    rule: async (request) => {
      const { unitId, id } = request.params as Params;
      if (!/^\d{1,9}$/.test(unitId) || id === undefined || !/^\d{1,9}$/.test(id)) return undefined;
      const { rows } = await db.query<{ calculator: string }>(
        'select calculator from calculations where id = $1 and unit_id = $2',
        [Number(id), Number(unitId)],
      );
      const calculator = rows[0]?.calculator;
      return calculator !== undefined && isCalculatorName(calculator)
        ? CALCULATORS[calculator].rule
        : undefined;
    },
    scope: 'unit',
  };

  app.get<{
    Params: Params;
    Querystring: { calculator?: string; page?: string; per_page?: string };
  }>(base, { config: { access: 'user', guard: listGuard } }, async (request) => {
    const { user } = authOf(request);
    const unitId = positiveId(request.params.unitId, 'unitId');
    const { calculator } = request.query;
    if (!request.grants) await assertUnitVisible(db, user, unitId);
    if (calculator === undefined || calculator === '') {
      throw badRequest('Name the calculator: ?calculator=ghg-dairy (or bps, stir, eiq…).', {
        calculator: 'is required',
      });
    }
    if (!isCalculatorName(calculator)) throw notFound(`There is no calculator "${calculator}".`);
    const page = pageRequest(request.query);
    const where = 'c.unit_id = $1 and c.calculator = $2';
    const params = [unitId, storedName(calculator)];
    const [{ rows }, count] = await Promise.all([
      db.query<CalculationRow>(
        `select ${COLUMNS} from ${FROM} where ${where}
           order by c.created_at desc, c.id desc limit $3 offset $4`,
        [...params, page.perPage, page.offset],
      ),
      db.query<{ total: number }>(
        `select count(*)::integer as total from calculations c where ${where}`,
        params,
      ),
    ]);
    const total = count.rows[0]?.total ?? 0;
    return ok(
      pagedResult(
        page,
        total,
        rows.map((row) => present(row, false)),
      ),
    );
  });

  app.get<{ Params: Params }>(
    `${base}/:id`,
    { config: { access: 'user', guard: storedGuard } },
    async (request) => {
      const { row } = await target(request);
      return ok({ calculation: present(row, true) });
    },
  );

  app.post<{ Params: Params }>(
    base,
    { config: { access: 'user', guard: createGuard, idempotency: 'joined' } },
    async (request, reply) => {
      const { user } = authOf(request);
      const unitId = positiveId(request.params.unitId, 'unitId');
      if (!request.grants) await assertUnitVisible(db, user, unitId);
      const body: unknown = request.body;
      if (!isObject(body)) {
        throw badRequest(
          'Send a JSON object: {"calculator", "name", "role", "baselineId"?, "method"?, "inputs"}.',
        );
      }
      const { calculator, name, role, baselineId, method, inputs, ...rest } = body;
      const errors = fieldErrorMap();
      for (const extra of Object.keys(rest)) {
        errors[extra] = [
          `${extra} is not part of a saved calculation: send calculator, name, role, baselineId, method and inputs`,
        ];
      }
      if (typeof calculator !== 'string' || !isCalculatorName(calculator)) {
        errors.calculator = [`Calculator must be one of ${Object.keys(CALCULATORS).join(', ')}`];
      }
      const nameIssue = nameProblem(name);
      if (nameIssue) errors.name = [nameIssue];
      if (role !== 'baseline' && role !== 'scenario') {
        errors.role = ['Role must be baseline or scenario'];
      }
      if (method !== undefined && typeof method !== 'string') {
        errors.method = ['Method must be a method version, e.g. ghg-2019t1-desnz2024@1'];
      }
      if (errors.calculator || typeof calculator !== 'string' || !isCalculatorName(calculator)) {
        throw cantSave(errors);
      }
      const stored = storedName(calculator);
      if (inputs === undefined) errors.inputs = ['Inputs is required'];
      else checkInputs(CALCULATORS[calculator].kind, inputs, 'inputs', '', errors);
      let baseline: number | null = null;
      if (role === 'baseline' && baselineId !== undefined && baselineId !== null) {
        errors.baselineId = ['A baseline has no baseline of its own: leave baselineId out'];
      } else if (role === 'scenario') {
        const found = await baselineProblem(unitId, stored, baselineId);
        if (found.problem) errors.baselineId = [found.problem];
        baseline = found.id;
      }
      if (Object.keys(errors).length > 0) throw cantSave(errors);
      const title = (name as string).trim();
      await assertNameFree(unitId, stored, title, null);
      const done = computed(stored, inputs, method as string | undefined);
      const id = await uniquely(title, async () => {
        const { rows } = await db.query<{ id: number }>(
          `insert into calculations (unit_id, calculator, name, role, baseline_id, method_version,
             inputs, result, tables, created_by, updated_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
          [
            unitId,
            stored,
            title,
            role,
            baseline,
            done.methodVersion,
            JSON.stringify(inputs),
            JSON.stringify(done.result),
            JSON.stringify(done.tables),
            user.id,
          ],
        );
        return rows[0]?.id ?? 0;
      });
      reply.code(201);
      return ok({ calculation: present(await find(db, unitId, id), true) });
    },
  );

  app.put<{ Params: Params }>(
    `${base}/:id`,
    { config: { access: 'user', guard: storedGuard, idempotency: 'joined' } },
    async (request) => {
      const { user, unitId, row } = await target(request);
      const body: unknown = request.body;
      if (!isObject(body)) {
        throw badRequest('Send a JSON object: {"name"?, "inputs"?, "method"?}.');
      }
      const { name, inputs, method, ...rest } = body;
      const errors = fieldErrorMap();
      for (const extra of Object.keys(rest)) {
        errors[extra] = [
          `${extra} cannot be changed here: send name, inputs or method (copy a calculation to change its role)`,
        ];
      }
      if (name !== undefined) {
        const nameIssue = nameProblem(name);
        if (nameIssue) errors.name = [nameIssue];
      }
      if (method !== undefined && typeof method !== 'string') {
        errors.method = ['Method must be a method version, e.g. ghg-2019t1-desnz2024@1'];
      }
      const calculator = row.calculator;
      if (!isCalculatorName(calculator)) throw notFound(`There is no calculator "${calculator}".`);
      if (inputs !== undefined)
        checkInputs(CALCULATORS[calculator].kind, inputs, 'inputs', '', errors);
      if (Object.keys(errors).length > 0) throw cantSave(errors);
      const title = typeof name === 'string' ? name.trim() : row.name;
      if (title !== row.name) await assertNameFree(unitId, calculator, title, row.id);
      // New inputs or a method re-evaluate: on the method named, else the one it was computed on.
      const redo =
        inputs !== undefined || method !== undefined
          ? computed(
              calculator,
              inputs ?? row.inputs,
              (method as string | undefined) ?? row.method_version,
            )
          : undefined;
      await uniquely(title, () =>
        db.query(
          `update calculations set name = $2, method_version = $3, inputs = $4, result = $5,
             tables = $6, updated_by = $7, updated_at = now() where id = $1`,
          [
            row.id,
            title,
            redo?.methodVersion ?? row.method_version,
            JSON.stringify(inputs ?? row.inputs),
            JSON.stringify(redo?.result ?? row.result),
            JSON.stringify(redo?.tables ?? row.tables),
            user.id,
          ],
        ),
      );
      return ok({ calculation: present(await find(db, unitId, row.id), true) });
    },
  );

  app.post<{ Params: Params }>(
    `${base}/:id/copy`,
    { config: { access: 'user', guard: storedGuard, idempotency: 'joined' } },
    async (request, reply) => {
      const { user, unitId, row } = await target(request);
      const body: unknown = request.body ?? {};
      if (!isObject(body)) throw badRequest('Send a JSON object: {"name", "role"?}.');
      const { name, role, ...rest } = body;
      const errors = fieldErrorMap();
      for (const extra of Object.keys(rest)) {
        errors[extra] = [`${extra} is not part of a copy: send name and role`];
      }
      const nameIssue = nameProblem(name);
      if (nameIssue) errors.name = [nameIssue];
      if (role !== undefined && role !== 'baseline' && role !== 'scenario') {
        errors.role = ['Role must be baseline or scenario'];
      }
      if (Object.keys(errors).length > 0) throw cantSave(errors);
      const title = (name as string).trim();
      await assertNameFree(unitId, row.calculator, title, null);
      const newRole = (role as CalculationRole | undefined) ?? row.role;
      // A scenario copied from a baseline compares with it; a scenario's copy keeps its baseline.
      const baseline =
        newRole === 'baseline' ? null : row.role === 'baseline' ? row.id : row.baseline_id;
      const id = await uniquely(title, async () => {
        const { rows } = await db.query<{ id: number }>(
          `insert into calculations (unit_id, calculator, name, role, baseline_id, method_version,
             inputs, result, tables, created_by, updated_by)
           select unit_id, calculator, $2, $3, $4, method_version, inputs, result, tables, $5, $5
           from calculations where id = $1 returning id`,
          [row.id, title, newRole, baseline, user.id],
        );
        return rows[0]?.id ?? 0;
      });
      reply.code(201);
      return ok({ calculation: present(await find(db, unitId, id), true) });
    },
  );

  app.post<{ Params: Params }>(
    `${base}/:id/recompute`,
    { config: { access: 'user', guard: storedGuard, idempotency: 'joined' } },
    async (request) => {
      const { user, unitId, row } = await target(request);
      const calculator = row.calculator;
      if (!isCalculatorName(calculator)) throw notFound(`There is no calculator "${calculator}".`);
      const redo = computed(calculator, row.inputs, undefined);
      await db.query(
        `update calculations set method_version = $2, result = $3, tables = $4, updated_by = $5,
           updated_at = now() where id = $1`,
        [
          row.id,
          redo.methodVersion,
          JSON.stringify(redo.result),
          JSON.stringify(redo.tables),
          user.id,
        ],
      );
      return ok({ calculation: present(await find(db, unitId, row.id), true) });
    },
  );

  app.delete<{ Params: Params }>(
    `${base}/:id`,
    { config: { access: 'user', guard: storedGuard, idempotency: 'joined' } },
    async (request, reply) => {
      const { row } = await target(request);
      await db.query('delete from calculations where id = $1', [row.id]);
      reply.code(204);
      return undefined;
    },
  );
}
