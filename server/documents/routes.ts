import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorType, type ApiDocument, type ApiUser } from '../../shared/api.ts';
import { DOCUMENT_UPLOAD_HINT, MAX_DOCUMENT_BYTES } from '../../shared/documents.ts';
import { forbidden, positiveId } from '../accounts/access.ts';
import type { RouteGuard } from '../access/route-rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { likePattern, pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import { exportFileName, sendCsv, type CsvColumn } from '../export/csv-export.ts';
import { unitName } from '../export/unit-name.ts';
import { acceptedKind } from './file-kind.ts';
import { attachmentDisposition, cleanFileName } from './file-name.ts';

interface UnitParams {
  unitId: string;
}
interface DocumentParams extends UnitParams {
  documentId: string;
}

/** Farm users may delete any file on their farm's units; company staff only their own uploads. */
const canDeleteSql = (userParam: string, typeParam: string) =>
  `(${typeParam} = 'farm_employee' or d.uploaded_by = ${userParam})`;

const COLUMNS = (userParam: string, typeParam: string) => `d.id, d.unit_id, d.name, d.media_type,
  d.size_bytes, d.uploaded_at,
  case when u.id is null then null
       else json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) end as uploaded_by,
  ${canDeleteSql(userParam, typeParam)} as can_delete`;

interface DocumentRow extends Omit<ApiDocument, 'uploaded_at'> {
  uploaded_at: Date | string;
}

const toApi = (row: DocumentRow): ApiDocument => ({
  ...row,
  uploaded_at: new Date(row.uploaded_at).toISOString(),
});

const invalidFile = (msg: string, problem: string) =>
  new HttpError(406, msg, ErrorType.Validation, { file: [problem] });

/**
 * The Farm Documents table's columns after the document's id: the name, the size in bytes (the
 * screen rounds it to KB or MB), when it was uploaded (ISO 8601 UTC) and by whom, with their id.
 */
const DOCUMENT_CSV_COLUMNS: readonly CsvColumn<ApiDocument>[] = [
  { title: 'Document ID', value: (doc) => doc.id },
  { title: 'Unit ID', value: (doc) => doc.unit_id },
  { title: 'Name', value: (doc) => doc.name },
  { title: 'Size (bytes)', value: (doc) => doc.size_bytes },
  { title: 'Uploaded', value: (doc) => doc.uploaded_at },
  { title: 'By', value: (doc) => doc.uploaded_by?.name },
  { title: 'By (user ID)', value: (doc) => doc.uploaded_by?.id },
];

/** The documents rule of config/rules.json, for the unit in the path. */
const DOCUMENTS: RouteGuard = { rule: 'documents', scope: 'unit' };

/**
 * Documents per unit: list, upload (the raw bytes, named in the query so that the signature covers
 * both), download and delete. Reachable when the unit is the user's to see and the "documents"
 * rule of config/rules.json holds with a plan on it that the user may see.
 */
export function registerDocumentRoutes(app: FastifyInstance, db: Db): void {
  async function findDocument(user: ApiUser, unitId: number, idText: string): Promise<DocumentRow> {
    const documentId = positiveId(idText, 'documentId');
    const { rows } = await db.query<DocumentRow>(
      `select ${COLUMNS('$3', '$4')} from documents d left join users u on u.id = d.uploaded_by
       where d.id = $1 and d.unit_id = $2`,
      [documentId, unitId, user.id, user.type],
    );
    const row = rows[0];
    if (!row) throw notFound(`There is no document ${documentId} on this unit.`);
    return row;
  }

  /**
   * The one definition of the documents list, for its JSON pages and its CSV: the unit's files
   * whose name holds the search, newest first, then by id (a total order, so that an export's
   * batches never overlap).
   */
  const selection = (unitId: number, query: { search?: string }) => {
    const search = (query.search ?? '').trim();
    return {
      where: `d.unit_id = $1 and ($2 = '' or d.name ilike $3)`,
      params: [unitId, search, likePattern(search)],
    };
  };
  type Selection = ReturnType<typeof selection>;

  const countDocuments = async ({ where, params }: Selection) =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from documents d where ${where}`,
        params,
      )
    ).rows[0]?.n ?? 0;

  const selectDocuments = async (
    user: ApiUser,
    { where, params }: Selection,
    limit: number,
    offset: number,
  ) =>
    (
      await db.query<DocumentRow>(
        `select ${COLUMNS('$4', '$5')} from documents d left join users u on u.id = d.uploaded_by
         where ${where} order by d.uploaded_at desc, d.id desc limit $6 offset $7`,
        [...params, user.id, user.type, limit, offset],
      )
    ).rows.map(toApi);

  app.get<{
    Params: UnitParams;
    Querystring: { page?: string; per_page?: string; search?: string };
  }>(
    '/units/:unitId/documents',
    { config: { access: 'user', guard: DOCUMENTS } },
    async (request) => {
      const { user } = authOf(request);
      const unitId = positiveId(request.params.unitId, 'unitId');
      const page = pageRequest(request.query);
      const chosen = selection(unitId, request.query);
      const total = await countDocuments(chosen);
      const rows = await selectDocuments(user, chosen, page.perPage, page.offset);
      return ok(pagedResult(page, total, rows));
    },
  );

  // The same list as a file: the same guard, search and order, every row, read in batches.
  app.get<{ Params: UnitParams; Querystring: { search?: string } }>(
    '/units/:unitId/documents.csv',
    { config: { access: 'user', guard: DOCUMENTS } },
    async (request, reply) => {
      const { user } = authOf(request);
      const unitId = positiveId(request.params.unitId, 'unitId');
      const chosen = selection(unitId, request.query);
      const total = await countDocuments(chosen);
      const unit = await unitName(db, unitId);
      return sendCsv(
        reply,
        { name: exportFileName([unit, 'documents'], new Date()), totalRows: total },
        DOCUMENT_CSV_COLUMNS,
        (limit, offset) => selectDocuments(user, chosen, limit, offset),
      );
    },
  );

  app.post<{ Params: UnitParams; Querystring: { name?: string }; Body: Buffer }>(
    '/units/:unitId/documents',
    // Files must be under MAX_DOCUMENT_BYTES; anything larger is refused before it is read.
    { config: { access: 'user', guard: DOCUMENTS }, bodyLimit: MAX_DOCUMENT_BYTES - 1 },
    async (request, reply) => {
      const { user } = authOf(request);
      const unitId = positiveId(request.params.unitId, 'unitId');
      if (!Buffer.isBuffer(request.body)) {
        throw new HttpError(
          415,
          'Send the file itself as the request body, with Content-Type: application/octet-stream.',
          'Request_UnsupportedMediaType',
        );
      }
      const content = request.body;
      if (content.length === 0) throw invalidFile('The file is empty.', 'is empty');
      const kind = await acceptedKind(content, request.query.name ?? '');
      if (!kind) {
        throw invalidFile(
          `This file cannot be kept here: choose ${DOCUMENT_UPLOAD_HINT}.`,
          `must be ${DOCUMENT_UPLOAD_HINT}`,
        );
      }
      const name = cleanFileName(request.query.name ?? '', kind);
      if (name === '') {
        throw new HttpError(406, 'The file needs a name.', ErrorType.Validation, {
          name: ['is required'],
        });
      }
      const { rows } = await db.query<{ id: number }>(
        `insert into documents (unit_id, name, media_type, size_bytes, sha256, content, uploaded_by)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [
          unitId,
          name,
          kind.mediaType,
          content.length,
          createHash('sha256').update(content).digest('hex'),
          content,
          user.id,
        ],
      );
      const created = await findDocument(user, unitId, String(rows[0]?.id));
      return reply.code(201).send(ok(toApi(created)));
    },
  );

  app.get<{ Params: DocumentParams }>(
    '/units/:unitId/documents/:documentId/content',
    { config: { access: 'user', guard: DOCUMENTS } },
    async (request, reply) => {
      const { user } = authOf(request);
      const unitId = positiveId(request.params.unitId, 'unitId');
      const document = await findDocument(user, unitId, request.params.documentId);
      const { rows } = await db.query<{ content: Uint8Array; sha256: string }>(
        'select content, sha256 from documents where id = $1',
        [document.id],
      );
      const row = rows[0];
      if (!row) throw notFound(`There is no document ${document.id} on this unit.`);
      const bytes = Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength);
      return (
        reply
          .header('content-type', document.media_type)
          .header('content-disposition', attachmentDisposition(document.name))
          .header('content-length', String(bytes.length))
          .header('etag', `"${row.sha256}"`)
          .header('cache-control', 'private, no-store')
          // Even if opened in place, the file runs no script and reaches nothing.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(bytes)
      );
    },
  );

  app.delete<{ Params: DocumentParams }>(
    '/units/:unitId/documents/:documentId',
    { config: { access: 'user', guard: DOCUMENTS } },
    async (request, reply) => {
      const { user } = authOf(request);
      const unitId = positiveId(request.params.unitId, 'unitId');
      const document = await findDocument(user, unitId, request.params.documentId);
      if (!document.can_delete) {
        throw forbidden('Only the farm, or the person who uploaded it, can delete this document.');
      }
      await db.query('delete from documents where id = $1', [document.id]);
      return reply.code(204).send();
    },
  );
}
