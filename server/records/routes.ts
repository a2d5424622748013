import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorType, type ApiRecord } from '../../shared/api.ts';
import { recordRule } from '../../shared/access/rule-book.ts';
import { positiveId } from '../accounts/access.ts';
import type { RouteGuard } from '../access/route-rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import { RECORD_COLUMNS } from './columns.ts';
import { exportFileName, sendCsv } from '../export/csv-export.ts';
import { unitName } from '../export/unit-name.ts';
import { recordCsvColumns } from './csv-columns.ts';
import {
  countRecords,
  recordSelection,
  selectRecords,
  type RecordListQuery,
} from './list-query.ts';
import { fieldErrors, type RecordType } from './record-types.ts';
import { writeUnique } from './unique-key.ts';

interface RecordParams {
  unitId: string;
  type: string;
  recordId?: string;
}

interface ListQuery extends RecordListQuery {
  page?: string;
  per_page?: string;
}

/**
 * Generic CRUD for every record type in config/records/: reachable when the unit is the user's
 * to see and the record type's rule (record:<name>, its "access") holds with a plan on it that
 * the user may see, as the portal's menu and route evaluate it.
 */
export function registerRecordRoutes(
  app: FastifyInstance,
  db: Db,
  recordTypes: Map<string, RecordType>,
  /** Told of each write to a unit's records once it has committed, before it is answered. */
  changed: (unitId: number) => void = () => undefined,
): void {
  /** The unit and record type a call names; its guard has already enforced the type's rule. */
  function target(params: RecordParams): { unitId: number; type: RecordType } {
    const unitId = positiveId(params.unitId, 'unitId');
    const type = recordTypes.get(params.type);
    if (!type) throw notFound(`There is no record type "${params.type}".`);
    return { unitId, type };
  }

  function validData(type: RecordType, body: unknown): Record<string, unknown> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('The record must be sent as a JSON object of its fields.');
    }
    if (!type.validate(body)) {
      throw new HttpError(
        406,
        `The ${type.itemTitle ?? 'record'} could not be saved: correct the fields listed and try again.`,
        ErrorType.Validation,
        fieldErrors(type.validate.errors ?? [], type.schema),
      );
    }
    return body as Record<string, unknown>;
  }

  async function findRecord(
    unitId: number,
    type: RecordType,
    recordIdText: string | undefined,
  ): Promise<ApiRecord> {
    const recordId = positiveId(recordIdText, 'recordId');
    const { rows } = await db.query<ApiRecord>(
      `select ${RECORD_COLUMNS} from records where id = $1 and unit_id = $2 and record_type = $3`,
      [recordId, unitId, type.name],
    );
    const record = rows[0];
    if (!record)
      throw notFound(`There is no ${type.itemTitle ?? 'record'} ${recordId} on this unit.`);
    return record;
  }

  const routeBase = '/units/:unitId/records/:type';
  // The record type's rule, for the unit in the path; an unknown type is the handler's 404.
  const guard: RouteGuard = {
    rule: (request) => {
      const { type } = request.params as { type?: string };
      return type !== undefined && recordTypes.has(type) ? recordRule(type) : undefined;
    },
    scope: 'unit',
  };

  app.get<{ Params: RecordParams; Querystring: ListQuery }>(
    routeBase,
    { config: { access: 'user', guard } },
    async (request) => {
      const { unitId, type } = target(request.params);
      const page = pageRequest(request.query);
      const selection = recordSelection(type, unitId, request.query);
      const total = await countRecords(db, selection);
      const rows = await selectRecords(db, selection, page.perPage, page.offset);
      return ok(pagedResult(page, total, rows));
    },
  );

  // The same list as a file: the same guard, search and order (list-query.ts), every row.
  app.get<{ Params: RecordParams; Querystring: RecordListQuery }>(
    `${routeBase}.csv`,
    { config: { access: 'user', guard } },
    async (request, reply) => {
      const { unitId, type } = target(request.params);
      const selection = recordSelection(type, unitId, request.query);
      const total = await countRecords(db, selection);
      const unit = await unitName(db, unitId);
      return sendCsv(
        reply,
        { name: exportFileName([unit, type.name], new Date()), totalRows: total },
        recordCsvColumns(type),
        (limit, offset) => selectRecords(db, selection, limit, offset),
      );
    },
  );

  app.get<{ Params: RecordParams }>(
    `${routeBase}/:recordId`,
    { config: { access: 'user', guard } },
    async (request) => {
      const { unitId, type } = target(request.params);
      return ok(await findRecord(unitId, type, request.params.recordId));
    },
  );

  // The writes are 'joined' (server/idempotency/install.ts): with an Idempotency-Key they commit
  // together with its stored answer, so they return their answer instead of sending it. Either
  // way the write has committed by the time the answer is sent (onSend), which is when this
  // server forgets what it held of the unit: the database's notice may come a moment later, and
  // the caller's next read sooner.
  const write = {
    access: 'user',
    guard,
    idempotency: 'joined',
  } as const;
  const onSend = async (request: FastifyRequest<{ Params: RecordParams }>) => {
    const unitId = Number(request.params.unitId);
    if (Number.isInteger(unitId) && unitId > 0) changed(unitId);
  };
  app.post<{ Params: RecordParams }>(
    routeBase,
    { config: write, onSend },
    async (request, reply) => {
      const { user } = authOf(request);
      const { unitId, type } = target(request.params);
      const data = validData(type, request.body);
      const { rows } = await writeUnique(db, type, unitId, data, undefined, (q) =>
        q.query<ApiRecord>(
          `insert into records (unit_id, record_type, data, created_by, updated_by)
       values ($1, $2, $3, $4, $4) returning ${RECORD_COLUMNS}`,
          [unitId, type.name, JSON.stringify(data), user.id],
        ),
      );
      reply.code(201);
      return ok(rows[0]);
    },
  );

  app.put<{ Params: RecordParams }>(
    `${routeBase}/:recordId`,
    { config: write, onSend },
    async (request) => {
      const { user } = authOf(request);
      const { unitId, type } = target(request.params);
      const existing = await findRecord(unitId, type, request.params.recordId);
      const data = validData(type, request.body);
      const { rows } = await writeUnique(db, type, unitId, data, existing, (q) =>
        q.query<ApiRecord>(
          `update records set data = $2, updated_by = $3, updated_at = now() where id = $1 returning ${RECORD_COLUMNS}`,
          [existing.id, JSON.stringify(data), user.id],
        ),
      );
      return ok(rows[0]);
    },
  );

  app.delete<{ Params: RecordParams }>(
    `${routeBase}/:recordId`,
    { config: write, onSend },
    async (request, reply) => {
      const { unitId, type } = target(request.params);
      const existing = await findRecord(unitId, type, request.params.recordId);
      await db.query('delete from records where id = $1', [existing.id]);
      reply.code(204);
      return undefined;
    },
  );
}
