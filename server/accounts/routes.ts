import type { FastifyInstance } from 'fastify';
import type { ApiFarm, ApiPackage, ApiUnit, ApiUser } from '../../shared/api.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { ok } from '../http/respond.ts';
import {
  forbidden,
  positiveId,
  visiblePackagesCondition,
  visibleUnitsCondition,
} from './access.ts';

interface UnitPackageRow {
  unit_id: number;
  unit_name: string;
  unit_type_id: number;
  supports_mifarm: boolean;
  supports_bcms_cts: boolean;
  package: ApiPackage | null;
}

type FarmAction = (query: Record<string, string | undefined>, user: ApiUser) => Promise<unknown>;

export function registerAccountRoutes(app: FastifyInstance, db: Db): void {
  const farmActions: Record<string, FarmAction> = {
    async get_farm_unit_and_package_details(query, user) {
      const farmId = positiveId(query.id, 'id');
      const farm = (
        await db.query<{ id: number; name: string }>('select id, name from farms where id = $1', [
          farmId,
        ])
      ).rows[0];
      if (!farm) throw notFound(`Farm ${farmId} does not exist.`);

      const units = visibleUnitsCondition(user, 2);
      const packages = visiblePackagesCondition(user, 2 + units.params.length);
      const { rows } = await db.query<UnitPackageRow>(
        `select un.id as unit_id, un.name as unit_name, un.unit_type_id, un.supports_mifarm, un.supports_bcms_cts,
                case when p.id is null then null else json_build_object(
                  'id', p.id, 'name', p.name, 'reference', p.reference, 'visible_name', p.visible_name,
                  'provider_id', pr.id, 'provider_reference', pr.reference, 'provider_name', pr.name,
                  'features', p.features) end as package
         from units un
         left join unit_packages up on up.unit_id = un.id
         left join packages p on p.id = up.package_id and (${packages.sql})
         left join providers pr on pr.id = p.provider_id
         where un.farm_id = $1 and (${units.sql})
         order by un.name, un.id, pr.name, p.name`,
        [farmId, ...units.params, ...packages.params],
      );
      if (rows.length === 0) throw forbidden('You do not have access to this farm.');

      const byId = new Map<number, ApiUnit>();
      for (const row of rows) {
        let unit = byId.get(row.unit_id);
        if (!unit) {
          unit = {
            id: row.unit_id,
            name: row.unit_name,
            unit_type_id: row.unit_type_id,
            supports: { mifarm: row.supports_mifarm, bcms_cts: row.supports_bcms_cts },
            packages: [],
          };
          byId.set(row.unit_id, unit);
        }
        if (row.package) unit.packages.push(row.package);
      }
      const result: ApiFarm = { id: farm.id, name: farm.name, units: [...byId.values()] };
      return result;
    },
  };

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/accounts/farms/',
    {
      config: {
        access: 'user',
        // The account picker: every unit and plan the user may see, before any is selected.
        guard: { ownAccount: 'the farm, units and plans the caller may see' },
      },
    },
    async (request) => {
      const actionName = request.query.api_action ?? '';
      const action = Object.hasOwn(farmActions, actionName) ? farmActions[actionName] : undefined;
      if (!action) throw badRequest(`Unknown api_action "${actionName}" for /accounts/farms/.`);
      return ok(await action(request.query, authOf(request).user));
    },
  );
}
