import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessAction } from '../../shared/consent/types.ts';
import type { Db, Queryable } from '../db/index.ts';

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
 * seen without the farm being able to see who saw it.
 */
export function installAccessLog(app: FastifyInstance, db: Db, clock: () => number): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const reads = request.dataReads;
    if (!reads || reply.statusCode >= 300 || !request.auth) return payload;
    request.dataReads = undefined;
    await writeReads(db, request, reads, new Date(clock()).toISOString());
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
  if (kept.length > 0) await writeReads(db, request, kept, new Date(clock()).toISOString());
}

async function writeReads(
  db: Queryable,
  request: FastifyRequest,
  reads: readonly DataRead[],
  at: string,
): Promise<void> {
  const { user } = request.auth ?? {};
  if (!user) return;
  const rows = reads.flatMap((r) => r.categories.map((category) => ({ ...r, category })));
  await db.query(
    `insert into data_access_log
       (unit_id, provider_id, user_id, user_name, provider_name, category, what, action, at)
     select r.unit_id, p.id, $2, $3, coalesce(p.name, ''), r.category, r.what, $4, $5::timestamptz
     from unnest($6::int[], $7::text[], $8::text[]) as r (unit_id, category, what)
     left join providers p on p.id = $1`,
    [
      user.provider?.id ?? null,
      user.id,
      `${user.first_name} ${user.last_name}`,
      actionOf(request),
      at,
      rows.map((r) => r.unitId),
      rows.map((r) => r.category),
      rows.map((r) => r.what),
    ],
  );
}
