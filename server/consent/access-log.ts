import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessAction } from '../../shared/consent/types.ts';
import type { Db, Queryable } from '../db/index.ts';
import { GroupCommit } from '../db/group-commit.ts';

/** What a call read of one unit: the categories and what the portal calls the screen or file. */
export interface DataRead {
  unitId: number;
  categories: readonly string[];
  what: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The unit data this call reads for company staff, logged once the answer is a success. */
    dataReads?: DataRead[];
  }
}

/**
 * Notes that the call reads a unit's data for company staff; installAccessLog writes it to the
 * unit's access log when the call succeeds. The farm's own users' reads are theirs, not logged.
 */
export function noteRead(request: FastifyRequest, ...reads: DataRead[]): void {
  if (request.auth?.user.type !== 'company_employee') return;
  const kept = reads.filter((r) => r.categories.length > 0);
  if (kept.length === 0) return;
  (request.dataReads ??= []).push(...kept);
}

/** How the portal would put what the call did: a file is downloaded, a write changes. */
function actionOf(request: FastifyRequest): AccessAction {
  const path = request.url.split('?')[0] ?? '';
  if (request.method === 'DELETE') return 'deleted';
  if (request.method !== 'GET') return 'changed';
  return path.endsWith('.csv') || path.endsWith('/content') ? 'downloaded' : 'viewed';
}

/**
 * Writes each successful call's reads (noteRead) to data_access_log before the answer leaves: a
 * read that cannot be logged is answered with the error instead, so nothing the farm shared is
 * seen without the farm being able to see who saw it. Concurrent calls share one commit
 * (GroupCommit): every call still waits for its own entries to be on disk.
 */
export function installAccessLog(app: FastifyInstance, db: Db, clock: () => number): void {
  const log = new GroupCommit<LogRow>((rows) => insertRows(db, rows));
  app.addHook('onSend', async (request, reply, payload) => {
    const reads = request.dataReads;
    if (!reads || reply.statusCode >= 300 || !request.auth) return payload;
    request.dataReads = undefined;
    await log.add(rowsOf(request, reads, new Date(clock()).toISOString()));
    return payload;
  });
}

/**
 * Writes reads to the access log at once, for an answer streamed in batches (a CSV): each batch
 * is logged before it is sent, so a download cut short logs only what left.
 */
export async function logReadsNow(
  db: Queryable,
  request: FastifyRequest,
  reads: readonly DataRead[],
  clock: () => number,
): Promise<void> {
  if (request.auth?.user.type !== 'company_employee') return;
  const kept = reads.filter((r) => r.categories.length > 0);
  await insertRows(db, rowsOf(request, kept, new Date(clock()).toISOString()));
}

/** One data_access_log row, as inserted. */
interface LogRow {
  unitId: number;
  providerId: number | null;
  userId: number;
  userName: string;
  category: string;
  what: string;
  action: AccessAction;
  at: string;
}

function rowsOf(request: FastifyRequest, reads: readonly DataRead[], at: string): LogRow[] {
  const { user } = request.auth ?? {};
  if (!user) return [];
  const action = actionOf(request);
  return reads.flatMap((r) =>
    r.categories.map((category) => ({
      unitId: r.unitId,
      providerId: user.provider?.id ?? null,
      userId: user.id,
      userName: `${user.first_name} ${user.last_name}`,
      category,
      what: r.what,
      action,
      at,
    })),
  );
}

async function insertRows(db: Queryable, rows: readonly LogRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into data_access_log
       (unit_id, provider_id, user_id, user_name, provider_name, category, what, action, at)
     select r.unit_id, p.id, r.user_id, r.user_name, coalesce(p.name, ''), r.category, r.what,
            r.action, r.at
     from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[],
                 $8::timestamptz[])
          as r (unit_id, provider_id, user_id, user_name, category, what, action, at)
     left join providers p on p.id = r.provider_id`,
    [
      rows.map((r) => r.unitId),
      rows.map((r) => r.providerId),
      rows.map((r) => r.userId),
      rows.map((r) => r.userName),
      rows.map((r) => r.category),
      rows.map((r) => r.what),
      rows.map((r) => r.action),
      rows.map((r) => r.at),
    ],
  );
}
