import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorType } from '../../shared/api.ts';
import {
  cleanFieldName,
  DEFAULT_LAND_USE,
  fieldNameProblem,
  isLandUse,
  LAND_USES,
  SBI_HINT,
  SBI_PATTERN,
} from '../../shared/mifarm/rules.ts';
import type {
  FieldImportResult,
  FieldRecords,
  MiFarmFieldDetail,
  MiFarmProfile,
} from '../../shared/mifarm/types.ts';
import type { ReportDeclaration } from '../../shared/reports/declaration.ts';
import { positiveId } from '../accounts/access.ts';
import type { RouteGuard } from '../access/route-rules.ts';
import type { AccessRules } from '../access/rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { fieldErrorMap, HttpError, notFound } from '../http/errors.ts';
import { ok } from '../http/respond.ts';
import {
  cropHistory,
  deleteField,
  fieldNamed,
  findField,
  insertField,
  labResults,
  listFields,
  storeImport,
  updateField,
} from './fields.ts';
import { readFieldBoundaries } from './geojson.ts';
import { herdSizes } from './herd.ts';
import { readProfile } from './profile.ts';

/** The mifarm rule of config/rules.json, for the unit in the path: the farm's own users. */
const MIFARM: RouteGuard = { rule: 'mifarm', scope: 'unit' };

/** A GeoJSON file of a farm's field boundaries is far smaller than this. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

interface UnitParams {
  unitId: string;
}
interface FieldParams extends UnitParams {
  fieldId: string;
}

const invalid = (msg: string, errors: Record<string, string[]>) =>
  new HttpError(406, msg, ErrorType.Validation, errors);

/** A field's name and land use from a request body, checked, or a 406 naming what is wrong. */
function fieldInput(body: unknown): { name: string; landUse: string } {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors = fieldErrorMap();
  const nameProblem = fieldNameProblem(input.name);
  if (nameProblem) errors.name = [nameProblem];
  const landUse = input.land_use ?? DEFAULT_LAND_USE;
  if (!isLandUse(landUse)) errors.land_use = [`must be one of ${LAND_USES.join(', ')}`];
  if (Object.keys(errors).length > 0) throw invalid('The field cannot be saved as it is.', errors);
  return { name: cleanFieldName(input.name as string), landUse: landUse as string };
}

const duplicateName = (name: string) =>
  invalid(`This unit already has a field called ${name}.`, {
    name: ['is the name of another field of this unit'],
  });

/**
 * MiFarm (issue 20 point 2; docs/openapi.yaml, tag MiFarm), the farm's own area, for the farm's
 * users under the rule `mifarm`: the unit's profile (the SBI is theirs to set), and its fields,
 * each with a boundary imported from a GeoJSON file (areas worked out here, never taken from the
 * file), added, renamed, given a land use or deleted by hand; a field's page lists the crop and
 * lab records naming it, each where the user may read that record type on the unit.
 */
export function registerMiFarmRoutes(
  app: FastifyInstance,
  db: Db,
  access: AccessRules,
  reports: ReadonlyMap<string, ReportDeclaration>,
  clock: () => number = Date.now,
): void {
  const unitOf = (request: FastifyRequest<{ Params: UnitParams }>) =>
    positiveId(request.params.unitId, 'unitId');

  const profile = async (request: FastifyRequest<{ Params: UnitParams }>) => {
    const unitId = unitOf(request);
    const today = new Date(clock()).toISOString().slice(0, 10);
    const read = await readProfile(db, unitId);
    const herd = await herdSizes(db, access, reports, authOf(request).user, unitId, today);
    const answer: MiFarmProfile = { ...read, herd };
    return answer;
  };

  app.get<{ Params: UnitParams }>(
    '/units/:unitId/mifarm/profile',
    { config: { access: 'user', guard: MIFARM } },
    async (request) => ok(await profile(request)),
  );

  app.put<{ Params: UnitParams; Body: unknown }>(
    '/units/:unitId/mifarm/profile',
    { config: { access: 'user', guard: MIFARM } },
    async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const raw = body.sbi;
      const sbi = typeof raw === 'string' ? raw.replace(/\s+/g, '') : raw;
      if (!(sbi === null || sbi === '' || (typeof sbi === 'string' && SBI_PATTERN.test(sbi))))
        throw invalid(`The SBI ${SBI_HINT}.`, { sbi: [SBI_HINT] });
      await db.query('update units set sbi = $2 where id = $1', [
        unitOf(request),
        sbi === '' ? null : sbi,
      ]);
      return ok(await profile(request));
    },
  );

  app.get<{ Params: UnitParams }>(
    '/units/:unitId/fields',
    { config: { access: 'user', guard: MIFARM } },
    async (request) => ok(await listFields(db, unitOf(request))),
  );

  app.post<{ Params: UnitParams; Body: unknown }>(
    '/units/:unitId/fields',
    { config: { access: 'user', guard: MIFARM } },
    async (request, reply) => {
      const unitId = unitOf(request);
      const input = fieldInput(request.body);
      if ((await fieldNamed(db, unitId, input.name)) !== undefined) throw duplicateName(input.name);
      const id = await insertField(db, unitId, authOf(request).user.id, {
        ...input,
        geometry: null,
        areaHa: null,
      });
      return reply.code(201).send(ok(await findField(db, unitId, id)));
    },
  );

  app.post<{ Params: UnitParams; Body: Buffer }>(
    '/units/:unitId/fields/import',
    { config: { access: 'user', guard: MIFARM }, bodyLimit: MAX_IMPORT_BYTES },
    async (request) => {
      const unitId = unitOf(request);
      if (!Buffer.isBuffer(request.body)) {
        throw new HttpError(
          415,
          'Send the GeoJSON file itself as the request body, with Content-Type: application/octet-stream.',
          'Request_UnsupportedMediaType',
        );
      }
      const outcome = readFieldBoundaries(request.body);
      if (!outcome.ok) {
        const { problems } = outcome;
        if ('file' in problems)
          throw invalid(`The file ${problems.file}.`, { file: [problems.file] });
        const names = Object.keys(problems.features);
        const first = names[0] ?? '';
        throw invalid(
          `Nothing was imported: ${String(names.length)} of the file's features cannot be fields. ${first} ${problems.features[first]?.[0] ?? ''}.`,
          problems.features,
        );
      }
      const stored = await db.transaction((tx) =>
        storeImport(tx, unitId, authOf(request).user.id, outcome.fields),
      );
      const result: FieldImportResult = { ...stored, fields: await listFields(db, unitId) };
      return ok(result);
    },
  );

  const fieldOf = async (request: FastifyRequest<{ Params: FieldParams }>) => {
    const unitId = unitOf(request);
    const fieldId = positiveId(request.params.fieldId, 'fieldId');
    const field = await findField(db, unitId, fieldId);
    if (!field) throw notFound(`There is no field ${String(fieldId)} on this unit.`);
    return { unitId, field };
  };

  /** Rows of a record type where its rule lets the user read it on the unit, else why not. */
  const readable = async <T>(
    request: FastifyRequest,
    unitId: number,
    rule: string,
    what: string,
    rows: () => Promise<T[]>,
  ): Promise<FieldRecords<T>> => {
    const granted = await access.grants(authOf(request).user, rule, { unitId });
    return granted.length > 0
      ? { readable: true, rows: await rows() }
      : { readable: false, reason: `${what} are not part of this unit's plans.` };
  };

  app.get<{ Params: FieldParams }>(
    '/units/:unitId/fields/:fieldId',
    { config: { access: 'user', guard: MIFARM } },
    async (request) => {
      const { unitId, field } = await fieldOf(request);
      const detail: MiFarmFieldDetail = {
        ...field,
        crops: await readable(request, unitId, 'record:crop', 'Crop records', () =>
          cropHistory(db, unitId, field.name),
        ),
        lab_results: await readable(request, unitId, 'record:lab-results', 'Lab results', () =>
          labResults(db, unitId, field.name),
        ),
      };
      return ok(detail);
    },
  );

  app.put<{ Params: FieldParams; Body: unknown }>(
    '/units/:unitId/fields/:fieldId',
    { config: { access: 'user', guard: MIFARM } },
    async (request) => {
      const { unitId, field } = await fieldOf(request);
      const input = fieldInput(request.body);
      if ((await fieldNamed(db, unitId, input.name, field.id)) !== undefined)
        throw duplicateName(input.name);
      await updateField(db, field.id, authOf(request).user.id, input);
      return ok(await findField(db, unitId, field.id));
    },
  );

  app.delete<{ Params: FieldParams }>(
    '/units/:unitId/fields/:fieldId',
    { config: { access: 'user', guard: MIFARM } },
    async (request, reply) => {
      const { field } = await fieldOf(request);
      await deleteField(db, field.id);
      return reply.code(204).send();
    },
  );
}
