import type { FastifyInstance } from 'fastify';
import { flagsIn } from '../../shared/access/conditions.ts';
import { recordRule } from '../../shared/access/rule-book.ts';
import { recordsCategory } from '../../shared/consent/types.ts';
import type { DashboardOverview } from '../../shared/dashboard/result.ts';
import { noteRead } from '../consent/access-log.ts';
import { visibleUnitsCondition } from '../accounts/access.ts';
import type { AccessRules } from '../access/rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { ok } from '../http/respond.ts';
import type { RecordType } from '../records/record-types.ts';

/** Units looked at for recent changes, and changes answered. */
const CANDIDATES = 10;
const SHOWN = 5;

/**
 * GET /api/accounts/activity: for company staff with no unit chosen, how many units they may open
 * (the units list's own rule, units-list, and its visibility condition) and the newest record
 * change on up to five of them. A change is shown only of a record type whose rule holds on that
 * unit under a plan the caller may see, as its records list would be; figures of the providers'
 * units wait for the confidential aggregates (issue 19).
 */
export function registerDashboardOverview(
  app: FastifyInstance,
  db: Db,
  recordTypes: ReadonlyMap<string, RecordType>,
  access: AccessRules,
): void {
  app.get(
    '/accounts/activity',
    { config: { access: 'user', guard: { rule: 'units-list', scope: 'none' } } },
    async (request) => {
      const { user } = authOf(request);
      const units = visibleUnitsCondition(user, 1);
      const count = await db.query<{ n: number }>(
        `select count(*)::int as n from units un where ${units.sql}`,
        units.params,
      );
      const candidates = await db.query<{ id: number; name: string; farm_name: string }>(
        `select un.id, un.name, f.name as farm_name from units un join farms f on f.id = un.farm_id
         join lateral (select max(r.updated_at) as last from records r where r.unit_id = un.id) c on true
         where ${units.sql} and c.last is not null
         order by c.last desc, un.id limit ${String(CANDIDATES)}`,
        units.params,
      );
      const needs = new Set(
        [...recordTypes.keys()].flatMap((t) =>
          flagsIn({ rule: recordRule(t) }, access.book.lookup),
        ),
      );
      const activity: DashboardOverview['activity'] = [];
      for (const unit of candidates.rows) {
        if (activity.length >= SHOWN) break;
        const states = await access.states(user, { unitId: unit.id }, needs);
        const types = [...recordTypes.keys()].filter((t) =>
          states.some(({ state }) => access.holds(recordRule(t), state)),
        );
        if (types.length === 0) continue;
        const newest = (
          await db.query<{ record_type: string; updated_at: string }>(
            `select record_type,
                    to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
             from records where unit_id = $1 and record_type = any ($2::text[])
             order by records.updated_at desc, id desc limit 1`,
            [unit.id, types],
          )
        ).rows[0];
        if (!newest) continue;
        noteRead(request, {
          unitId: unit.id,
          categories: [recordsCategory(newest.record_type)],
          what: 'My Dashboard (recent changes)',
        });
        activity.push({
          unit_id: unit.id,
          unit_name: unit.name,
          farm_name: unit.farm_name,
          record_type: newest.record_type,
          record_title: recordTypes.get(newest.record_type)?.title ?? newest.record_type,
          updated_at: newest.updated_at,
        });
      }
      activity.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
      const overview: DashboardOverview = { units: count.rows[0]?.n ?? 0, activity };
      return ok(overview);
    },
  );
}
