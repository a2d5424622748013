import type { FastifyInstance } from 'fastify';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import bpsSchema from '../../schemas/calculators/inputs/bps.schema.json' with { type: 'json' };
import eiqSchema from '../../schemas/calculators/inputs/eiq.schema.json' with { type: 'json' };
import ghgSchema from '../../schemas/calculators/inputs/ghg.schema.json' with { type: 'json' };
import stirSchema from '../../schemas/calculators/inputs/stir.schema.json' with { type: 'json' };
import { ErrorType } from '../../shared/api.ts';
import {
  CALCULATORS,
  compareTotals,
  evaluate,
  InputError,
  isCalculatorName,
  MethodError,
  type EvaluationResult,
} from '../../shared/calc/index.ts';
import { TABLES, type CalculatorKind } from '../../shared/calc/tables.ts';
import { plainMessage, type FieldsSchema } from '../../shared/field-messages.ts';
import type { RouteGuard } from '../access/route-rules.ts';
import { badRequest, fieldErrorMap, HttpError, notFound } from '../http/errors.ts';
import { ok } from '../http/respond.ts';

/** The JSON Schema of each calculator's inputs (schemas/calculators/inputs/), the forms' too. */
export const INPUT_SCHEMAS: Record<CalculatorKind, object> = {
  ghg: ghgSchema,
  bps: bpsSchema,
  stir: stirSchema,
  eiq: eiqSchema,
};

type Schema = {
  title?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
};

/** The schema of the value at a path of segments, as far as the schema names it. */
function schemaAt(schema: Schema, segments: readonly string[]): Schema | undefined {
  let at: Schema | undefined = schema;
  for (const segment of segments) {
    if (!at) return undefined;
    at = /^\d+$/.test(segment) && at.items ? at.items : at.properties?.[segment];
  }
  return at;
}

const unescape = (s: string) => s.replaceAll('~1', '/').replaceAll('~0', '~');

/**
 * ajv's problems as plain messages per field, the field named by its dotted path from the
 * inputs ("animals.0.storage.1.months"), its words by its title (shared/field-messages.ts, the
 * same words as record forms).
 */
export function inputFieldErrors(
  problems: readonly ErrorObject[],
  schema: object,
  prefix = '',
): Record<string, string[]> {
  const byField = fieldErrorMap();
  const root = schema as Schema;
  for (const problem of problems) {
    if (problem.schemaPath.includes('/oneOf/')) continue; // said once, by the oneOf itself
    const segments = problem.instancePath.split('/').slice(1).map(unescape);
    const named = problem.params as { missingProperty?: string; additionalProperty?: string };
    if (problem.keyword === 'required' && named.missingProperty) {
      segments.push(named.missingProperty);
    }
    if (problem.keyword === 'additionalProperties' && named.additionalProperty) {
      segments.push(named.additionalProperty);
    }
    const key = prefix + (segments.length > 0 ? segments.join('.') : 'inputs');
    const leaf = schemaAt(root, segments) ?? {};
    let message: string | undefined;
    if (problem.keyword === 'additionalProperties') {
      message = `${segments.at(-1) ?? key} is not an input of this calculator`;
    } else if (problem.keyword === 'oneOf') {
      const forms = (leaf.oneOf ?? []).map((f) => f.title ?? '?').join(' or ');
      message = `${leaf.title ?? key} must be given in one form: ${forms}`;
    } else {
      const fields: FieldsSchema = { properties: { [key]: { ...leaf, title: leaf.title ?? key } } };
      message = plainMessage({ ...problem, instancePath: `/${key}` }, fields);
    }
    if (message === undefined) continue;
    const messages = (byField[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return byField;
}

/** The 406 of inputs a calculator cannot use, with per-field errors. */
export const invalid = (errors: Record<string, string[]>) =>
  new HttpError(
    406,
    'The calculator could not use these inputs: correct the fields listed and try again.',
    ErrorType.Validation,
    errors,
  );

interface EvaluateBody {
  method?: unknown;
  inputs?: unknown;
  scenario?: unknown;
}

/** The result with the source of every table it read, for the screen to cite. */
export function withSources(result: EvaluationResult<object>) {
  const sources = Object.fromEntries(
    Object.values(result.tables).map((ref) => {
      const t = TABLES.get(ref);
      return [
        ref,
        t
          ? {
              title: t.title,
              source: t.source,
              ...(t.sourceUrl ? { sourceUrl: t.sourceUrl } : {}),
              year: t.year,
              gwpBasis: t.gwpBasis,
            }
          : null,
      ];
    }),
  );
  return { ...result, sources };
}

let validators: Map<CalculatorKind, ValidateFunction> | undefined;

/** Each calculator's input validator (ajv, compiled once). */
function validatorOf(kind: CalculatorKind): ValidateFunction | undefined {
  if (!validators) {
    const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: false });
    validators = new Map<CalculatorKind, ValidateFunction>(
      (Object.keys(INPUT_SCHEMAS) as CalculatorKind[]).map((kind) => [
        kind,
        ajv.compile(INPUT_SCHEMAS[kind]),
      ]),
    );
  }
  return validators.get(kind);
}

/**
 * Checks a calculator's inputs against its input schema, adding each problem to `errors` by
 * its dotted path after `prefix` (the evaluation API and the saved calculations alike).
 */
export function checkInputs(
  kind: CalculatorKind,
  value: unknown,
  field: string,
  prefix: string,
  errors: Record<string, string[]>,
): void {
  const validate = validatorOf(kind);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors[field] = [`${field === 'scenario' ? 'Scenario' : 'Inputs'} must be a set of fields`];
  } else if (validate && !validate(value)) {
    Object.assign(errors, inputFieldErrors(validate.errors ?? [], INPUT_SCHEMAS[kind], prefix));
  }
}

/**
 * The calculator's result for inputs that passed checkInputs, with the method named (its
 * default when none): 406 for a method it does not have or inputs it cannot use.
 */
export function runEvaluation(
  kind: CalculatorKind,
  values: unknown,
  method: string | undefined,
  prefix = '',
): EvaluationResult<object> {
  try {
    return evaluate(kind, values as never, method);
  } catch (error) {
    if (error instanceof MethodError) throw invalid({ method: [error.message] });
    if (error instanceof InputError) {
      throw invalid(
        Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [prefix + k, v])),
      );
    }
    throw error;
  }
}

/**
 * POST /api/calculators/{name}/evaluate: the calculator's result for the inputs, computed with
 * the method library the portal shows (shared/calc), saved nowhere. Open where the
 * calculator's rule holds (config/rules.json, the rule its screen's route names) for the
 * portal's selected unit and plan, or any of a farm user's units when none is sent.
 */
export function registerCalculatorRoutes(app: FastifyInstance): void {
  const guard: RouteGuard = {
    rule: (request) => {
      const { name } = request.params as { name?: string };
      return name !== undefined && isCalculatorName(name) ? CALCULATORS[name].rule : undefined;
    },
    scope: 'selection',
  };

  app.post<{ Params: { name: string }; Body: EvaluateBody }>(
    '/calculators/:name/evaluate',
    { config: { access: 'user', guard } },
    async (request) => {
      const { name } = request.params;
      if (!isCalculatorName(name)) throw notFound(`There is no calculator "${name}".`);
      const kind = CALCULATORS[name].kind;
      const body = request.body as unknown;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw badRequest('Send a JSON object: {"method"?: version, "inputs": {...}}.');
      }
      const { method, inputs, scenario, ...rest } = body as EvaluateBody;
      const errors = fieldErrorMap();
      for (const extra of Object.keys(rest)) {
        errors[extra] = [`${extra} is not part of an evaluation: send method, inputs and scenario`];
      }
      if (method !== undefined && typeof method !== 'string') {
        errors.method = ['Method must be a method version, e.g. ghg-2019t1-desnz2024@1'];
      }
      if (inputs === undefined) errors.inputs = ['Inputs is required'];
      else checkInputs(kind, inputs, 'inputs', '', errors);
      if (scenario !== undefined) checkInputs(kind, scenario, 'scenario', 'scenario.', errors);
      if (Object.keys(errors).length > 0) throw invalid(errors);

      const run = (values: unknown, prefix: string) =>
        runEvaluation(kind, values, method as string | undefined, prefix);
      const result = withSources(run(inputs, ''));
      if (scenario === undefined) return ok({ ...result, calculator: name, kind });
      const other = run(scenario, 'scenario.');
      return ok({
        ...result,
        calculator: name,
        kind,
        scenario: { totals: other.totals, lines: other.lines, notes: other.notes },
        change: compareTotals(result.totals, other.totals),
      });
    },
  );
}
