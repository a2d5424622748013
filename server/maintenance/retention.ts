import consent from '../../config/consent.json' with { type: 'json' };
import type { Db } from '../db/index.ts';

/**
 * How long the server keeps what it collects as a side effect of use, as the Privacy Policy
 * (src/screens/legal/PrivacyPolicyScreen.tsx) promises. Change both together.
 */
export const RETENTION = {
  analyticsMonths: 14,
  clientLogDays: 90,
  /** config/consent.json: the farm's log of company reads of its data. */
  accessLogDays: consent.accessLog.retentionDays,
  /**
   * A write's Idempotency-Key and its answer (server/idempotency/): an outbox retries for at most
   * this long. Swept every six hours, so kept 24 to 30 hours.
   */
  idempotencyKeyHours: 24,
} as const;

const SWEEPS = [
  // Expired sessions and used or expired sign-on tokens are of no further use.
  'delete from auth_tokens where expires_at < now()',
  'delete from sso_tokens where expires_at < now() or used_at is not null',
  `delete from analytics_sessions
     where created_at < now() - make_interval(months => ${RETENTION.analyticsMonths})`,
  `delete from client_logs where received_at < now() - make_interval(days => ${RETENTION.clientLogDays})`,
  `delete from data_access_log where at < now() - make_interval(days => ${RETENTION.accessLogDays})`,
  `delete from idempotency_keys
     where created_at < now() - make_interval(hours => ${RETENTION.idempotencyKeyHours})`,
] as const;

/** Lock id shared by every server, so that one sweep runs at a time (PostgreSQL). */
const RETENTION_LOCK = 7_302_114;

/** Deletes what is past its retention period; returns the number of rows removed. */
export async function sweepExpiredData(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>(
      'select pg_try_advisory_xact_lock($1) as locked',
      [RETENTION_LOCK],
    );
    if (rows[0]?.locked !== true) return 0;
    let removed = 0;
    for (const sql of SWEEPS) {
      removed += (await tx.query(`with gone as (${sql} returning 1) select 1 from gone`)).rows
        .length;
    }
    return removed;
  });
}

const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/** Sweeps at start and every six hours; the timer never keeps the process alive. */
export function scheduleRetention(db: Db, log: (msg: string, error?: unknown) => void): () => void {
  const run = () =>
    sweepExpiredData(db).then(
      (removed) => {
        if (removed > 0) log(`retention: removed ${removed} expired rows`);
      },
      (error: unknown) => log('retention sweep failed', error),
    );
  void run();
  const timer = setInterval(() => void run(), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
