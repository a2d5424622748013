import type { ReleaseLog } from '../../shared/benchmarking/confidential.ts';
import { sha256Hex } from '../../shared/signing.ts';
import type { Db } from '../db/index.ts';

/**
 * The memberships released for one metric and period (table benchmark_releases), for
 * shared/benchmarking/confidential.ts. `fn` runs in a transaction holding an advisory lock on the
 * metric and period, so that two servers (or two requests) on one PostgreSQL cannot both release
 * overlapping groups by checking against the same old log at once.
 */
export async function withReleaseLog<T>(
  db: Db,
  metric: string,
  period: string,
  fn: (log: ReleaseLog) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`benchmark ${metric} ${period}`]);
    let released: number[][] | undefined;
    return fn({
      released: async () => {
        if (!released) {
          const { rows } = await tx.query<{ members: number[] }>(
            'select members from benchmark_releases where metric = $1 and period = $2 order by id',
            [metric, period],
          );
          released = rows.map((r) => r.members);
        }
        return released;
      },
      record: async (members) => {
        await tx.query(
          `insert into benchmark_releases (metric, period, members, member_count, members_hash)
           values ($1, $2, $3::int[], $4, $5) on conflict do nothing`,
          [metric, period, members, members.length, await sha256Hex(members.join(','))],
        );
        released?.push([...members]);
      },
    });
  });
}
