import type { FastifyInstance } from 'fastify';
import type { ApiPackage, ApiRecord, ApiUnitSummary } from '../../shared/api.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { NotifiedCache } from '../db/notified-cache.ts';
import { notFound } from '../http/errors.ts';
import { ok } from '../http/respond.ts';
import { RECORD_COLUMNS } from '../records/columns.ts';
import type { RecordType } from '../records/record-types.ts';
import { ACCESS_CHANGED_CHANNEL, type AccessRules } from '../access/rules.ts';
import { flagsIn } from '../../shared/access/conditions.ts';
import { recordRule } from '../../shared/access/rule-book.ts';
import { recordsCategory } from '../../shared/consent/types.ts';
import { noteRead } from '../consent/access-log.ts';
import { postalAddress, type AddressColumns } from './address.ts';
import { positiveId } from './access.ts';

interface UnitFarmRow extends AddressColumns {
  id: number;
  name: string;
  unit_type_id: number;
  unit_type_name: string;
  holding_number: string;
  supports_mifarm: boolean;
  supports_bcms_cts: boolean;
  farm_id: number;
  farm_name: string;
  contact_first_name: string;
  contact_last_name: string;
  contact_email: string;
  contact_phone: string;
}

interface SummaryRow {
  plan: (ApiPackage & { joined_on: string }) | null;
  unit: UnitFarmRow | null;
  counts: { record_type: string; count: number; last: string | null }[];
  latest: ApiRecord[];
}

/** The channel 0024_read_notices.sql's triggers on records notify, with a unit's id or ''. */
export const RECORDS_CHANGED_CHANNEL = 'records_changed';

/**
 * Plan, unit and farm, and each record type's count and latest entry, in one round trip: $1 the
 * unit, $2 the plan, $3 the record types to count.
 */
const SUMMARY_SQL = `
with counts as (
  select record_type, count(*)::int as count,
         to_char(max(updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last
  from records where unit_id = $1 and record_type = any ($3::text[]) group by record_type
), latest as (
  select distinct on (record_type) ${RECORD_COLUMNS} from records
  where unit_id = $1 and record_type = any ($3::text[])
  order by record_type, updated_at desc, id desc
)
select
  (select row_to_json(x) from (
     select p.id, p.name, p.reference, p.visible_name, pr.id as provider_id,
            pr.reference as provider_reference, pr.name as provider_name, p.features,
            to_char(up.joined_on, 'YYYY-MM-DD') as joined_on
     from unit_packages up join packages p on p.id = up.package_id
     join providers pr on pr.id = p.provider_id
     where up.unit_id = $1 and up.package_id = $2) x) as plan,
  (select row_to_json(x) from (
     select un.id, un.name, un.unit_type_id, ut.name as unit_type_name, un.holding_number,
            un.supports_mifarm, un.supports_bcms_cts, f.id as farm_id, f.name as farm_name,
            f.contact_first_name, f.contact_last_name, f.contact_email, f.contact_phone,
            f.address_line1, f.address_line2, f.town, f.county, f.postcode
     from units un join farms f on f.id = un.farm_id
     join unit_types ut on ut.id = un.unit_type_id
     where un.id = $1) x) as unit,
  coalesce((select json_agg(c) from counts c), '[]') as counts,
  coalesce((select json_agg(l) from latest l), '[]') as latest`;

/** What a unit's summaries are held under: a records_changed notice naming the unit drops them. */
export const unitTag = (unitId: number | string) => `unit:${String(unitId)}`;

/**
 * What the summary reads of a unit, held until the database announces a change to it: a unit,
 * farm, unit type, plan or provider anywhere (access_changed: everything goes), or this unit's
 * records (records_changed with its id: its entries go). The key is the unit, the plan and the
 * record types the caller may see there, so two callers share an entry only where the query
 * would answer them the same; each still passes the access check and, for company staff, has
 * the read logged. A few thousand entries, a minute at most.
 */
export function unitSummaryCache(db: Db, clock?: () => number) {
  return new NotifiedCache<SummaryRow | undefined>(
    db,
    [
      { channel: ACCESS_CHANGED_CHANNEL },
      {
        channel: RECORDS_CHANGED_CHANNEL,
        tagOf: (payload) => (/^\d+$/.test(payload) ? unitTag(payload) : undefined),
      },
    ],
    { lifetimeMs: 60_000, maxEntries: 5_000 },
    clock,
  );
}

export type UnitSummaryCache = ReturnType<typeof unitSummaryCache>;

/**
 * The unit summary the dashboard shows once farm, unit and plan are chosen: unit and farm facts,
 * the plan, and for each record type of the plan its count and latest entry.
 */
export function registerUnitSummary(
  app: FastifyInstance,
  db: Db,
  recordTypes: Map<string, RecordType>,
  access: AccessRules,
  cache?: UnitSummaryCache,
): void {
  app.get<{ Params: { unitId: string; planId: string } }>(
    '/accounts/units/:unitId/summary/:planId',
    {
      config: {
        access: 'user',
        // The dashboard of a unit and plan the caller may see; each record type in it is listed
        // only where its own rule holds, evaluated below for exactly this plan.
        guard: { ownAccount: 'the dashboard of a unit and plan the caller may see' },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const unitId = positiveId(request.params.unitId, 'unitId');
      const planId = positiveId(request.params.planId, 'planId');
      // The record types whose rule holds with this plan selected, as the portal's menu shows them.
      const needs = new Set(
        [...recordTypes.values()].flatMap((t) =>
          flagsIn({ rule: recordRule(t.name) }, access.book.lookup),
        ),
      );
      // The checks every unit call makes, in the same order and words: the unit is the user's to
      // see (404, 403), the plan is held by it (404) and is one the user may see (403).
      const [scoped] = await access.states(user, { unitId, planId }, needs);
      if (!scoped) throw new Error('AccessRules.states gave no state for the plan it was named.');

      // The record types of the plan this user may see on this unit, as the menu shows them.
      const types = [...recordTypes.values()].filter((t) =>
        access.holds(recordRule(t.name), scoped.state),
      );
      const names = types.map((t) => t.name);
      const read = async () =>
        (await db.query<SummaryRow>(SUMMARY_SQL, [unitId, planId, names])).rows[0];
      const found = cache
        ? await cache.get(`${String(unitId)}/${String(planId)}/${names.join(',')}`, read, [
            unitTag(unitId),
          ])
        : await read();
      if (!found?.plan) throw notFound(`Plan ${planId} is not held by unit ${unitId}.`);
      if (!found.unit) throw notFound(`Unit ${unitId} does not exist.`);
      const { plan, unit } = found;

      const countOf = new Map(found.counts.map((r) => [r.record_type, r]));
      const latestOf = new Map(found.latest.map((r) => [r.record_type, r]));
      const lastUpdated =
        found.counts
          .map((r) => r.last)
          .filter((v): v is string => v !== null)
          .sort()
          .at(-1) ?? null;

      noteRead(request, {
        unitId,
        categories: types.map((t) => recordsCategory(t.name)),
        what: 'Current Unit Dashboard',
      });
      const summary: ApiUnitSummary = {
        unit: {
          id: unit.id,
          name: unit.name,
          unit_type_id: unit.unit_type_id,
          unit_type_name: unit.unit_type_name,
          holding_number: unit.holding_number,
          supports: { mifarm: unit.supports_mifarm, bcms_cts: unit.supports_bcms_cts },
        },
        farm: {
          id: unit.farm_id,
          name: unit.farm_name,
          main_contact: {
            first_name: unit.contact_first_name,
            last_name: unit.contact_last_name,
            email: unit.contact_email,
            phone: unit.contact_phone,
          },
          address: postalAddress(unit),
        },
        plan,
        records: types.map((t) => ({
          record_type: t.name,
          title: t.title,
          count: countOf.get(t.name)?.count ?? 0,
          latest: latestOf.get(t.name) ?? null,
        })),
        last_updated_at: lastUpdated,
      };
      return ok(summary);
    },
  );
}
