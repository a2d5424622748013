import type { MiFarmPlan, MiFarmProfile } from '../../shared/mifarm/types.ts';
import type { Queryable } from '../db/index.ts';
import { notFound } from '../http/errors.ts';

interface UnitRow {
  id: number;
  name: string;
  enterprise: string;
  cph: string;
  sbi: string | null;
  farm_id: number;
  farm_name: string;
  contact_first_name: string;
  contact_last_name: string;
  contact_email: string;
  contact_phone: string;
  address_line1: string;
  address_line2: string | null;
  town: string;
  county: string;
  postcode: string;
}

/**
 * The profile of a unit (MiFarm): its farm's name, address and contact, the unit's holding
 * numbers and enterprise, the plans it holds with their providers, and the people on the farm's
 * account (its farm users: name and e-mail, nothing else). Herd sizes are added by the caller.
 */
export async function readProfile(
  db: Queryable,
  unitId: number,
): Promise<Omit<MiFarmProfile, 'herd'>> {
  const { rows } = await db.query<UnitRow>(
    `select un.id, un.name, ut.name as enterprise, un.holding_number as cph, un.sbi,
            f.id as farm_id, f.name as farm_name, f.contact_first_name, f.contact_last_name,
            f.contact_email, f.contact_phone, f.address_line1, f.address_line2, f.town, f.county,
            f.postcode
       from units un join unit_types ut on ut.id = un.unit_type_id join farms f on f.id = un.farm_id
      where un.id = $1`,
    [unitId],
  );
  const u = rows[0];
  if (!u) throw notFound(`There is no unit ${String(unitId)}.`);
  const plans = await db.query<MiFarmPlan>(
    `select p.id, p.visible_name as name, pr.name as provider
       from unit_packages up join packages p on p.id = up.package_id
       join providers pr on pr.id = p.provider_id
      where up.unit_id = $1 order by pr.name, p.visible_name, p.id`,
    [unitId],
  );
  // A farm's id is its business's id (migration 0009): its people are that business's users.
  const people = await db.query<{ name: string; email: string }>(
    `select first_name || ' ' || last_name as name, username as email from users
      where business_id = $1 and type = 'farm_employee' order by last_name, first_name, id`,
    [u.farm_id],
  );
  return {
    farm: {
      name: u.farm_name,
      address: [u.address_line1, u.address_line2, u.town, u.county, u.postcode].filter(
        (line): line is string => line !== null && line.trim() !== '',
      ),
      contact: {
        name: `${u.contact_first_name} ${u.contact_last_name}`,
        email: u.contact_email,
        phone: u.contact_phone,
      },
    },
    unit: { id: u.id, name: u.name, enterprise: u.enterprise, cph: u.cph, sbi: u.sbi },
    plans: plans.rows,
    people: people.rows,
  };
}
