import type {
  FieldCropRow,
  FieldGeometry,
  FieldLabRow,
  MiFarmField,
} from '../../shared/mifarm/types.ts';
import { DEFAULT_LAND_USE } from '../../shared/mifarm/rules.ts';
import type { Queryable } from '../db/index.ts';
import type { ImportedField } from './geojson.ts';

interface FieldRow {
  id: number;
  name: string;
  land_use: string;
  geometry: FieldGeometry | null;
  area_ha: number | null;
  updated_at: Date | string;
  updated_by: string | null;
}

const COLUMNS = `f.id, f.name, f.land_use, f.geometry, f.area_ha::float8 as area_ha, f.updated_at,
  case when u.id is null then null else u.first_name || ' ' || u.last_name end as updated_by`;
const FROM = 'fields f left join users u on u.id = f.updated_by';

const toApi = (row: FieldRow): MiFarmField => ({
  ...row,
  updated_at: new Date(row.updated_at).toISOString(),
});

/** The unit's fields, by name. */
export async function listFields(db: Queryable, unitId: number): Promise<MiFarmField[]> {
  const { rows } = await db.query<FieldRow>(
    `select ${COLUMNS} from ${FROM} where f.unit_id = $1 order by lower(f.name), f.id`,
    [unitId],
  );
  return rows.map(toApi);
}

export async function findField(
  db: Queryable,
  unitId: number,
  fieldId: number,
): Promise<MiFarmField | undefined> {
  const { rows } = await db.query<FieldRow>(
    `select ${COLUMNS} from ${FROM} where f.unit_id = $1 and f.id = $2`,
    [unitId, fieldId],
  );
  const row = rows[0];
  return row ? toApi(row) : undefined;
}

/** The id of the unit's field of this name whatever its case, other than `except`. */
export async function fieldNamed(
  db: Queryable,
  unitId: number,
  name: string,
  except = 0,
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    'select id from fields where unit_id = $1 and lower(name) = lower($2) and id <> $3',
    [unitId, name, except],
  );
  return rows[0]?.id;
}

export async function insertField(
  db: Queryable,
  unitId: number,
  userId: number,
  field: { name: string; landUse: string; geometry: FieldGeometry | null; areaHa: number | null },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into fields (unit_id, name, land_use, geometry, area_ha, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6, $6) returning id`,
    [
      unitId,
      field.name,
      field.landUse,
      field.geometry === null ? null : JSON.stringify(field.geometry),
      field.areaHa,
      userId,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into fields returned no id');
  return id;
}

export async function updateField(
  db: Queryable,
  fieldId: number,
  userId: number,
  field: { name: string; landUse: string },
): Promise<void> {
  await db.query(
    `update fields set name = $2, land_use = $3, updated_by = $4, updated_at = now() where id = $1`,
    [fieldId, field.name, field.landUse, userId],
  );
}

export async function deleteField(db: Queryable, fieldId: number): Promise<void> {
  await db.query('delete from fields where id = $1', [fieldId]);
}

/**
 * Stores an import's fields in one transaction: a field whose name the unit has (whatever its
 * case) gets the new boundary and area (and the file's land use, if it gives one); the others are
 * added. Returns the names added and updated.
 */
export async function storeImport(
  tx: Queryable,
  unitId: number,
  userId: number,
  fields: readonly ImportedField[],
): Promise<{ created: string[]; updated: string[] }> {
  const created: string[] = [];
  const updated: string[] = [];
  for (const field of fields) {
    const existing = await fieldNamed(tx, unitId, field.name);
    if (existing === undefined) {
      await insertField(tx, unitId, userId, {
        name: field.name,
        landUse: field.landUse ?? DEFAULT_LAND_USE,
        geometry: field.geometry,
        areaHa: field.areaHa,
      });
      created.push(field.name);
    } else {
      await tx.query(
        `update fields set geometry = $2, area_ha = $3, land_use = coalesce($4, land_use),
                updated_by = $5, updated_at = now()
          where id = $1`,
        [existing, JSON.stringify(field.geometry), field.areaHa, field.landUse, userId],
      );
      updated.push(field.name);
    }
  }
  return { created, updated };
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

interface RecordRow {
  id: number;
  data: Record<string, unknown>;
}

/** Records of a type on the unit whose field_name is the field's name, whatever its case. */
async function recordsNaming(
  db: Queryable,
  unitId: number,
  type: string,
  name: string,
  orderBy: string,
): Promise<RecordRow[]> {
  const { rows } = await db.query<RecordRow>(
    `select id, data from records
      where unit_id = $1 and record_type = $2 and lower(btrim(data->>'field_name')) = lower($3)
      order by ${orderBy}, id desc`,
    [unitId, type, name],
  );
  return rows;
}

/** The field's crop history: its crop records, newest harvest first. */
export async function cropHistory(
  db: Queryable,
  unitId: number,
  name: string,
): Promise<FieldCropRow[]> {
  const rows = await recordsNaming(
    db,
    unitId,
    'crop',
    name,
    "data->>'harvest_date' desc nulls last, data->>'drilling_date' desc nulls last",
  );
  return rows.map(({ id, data }) => {
    const harvest = str(data.harvest_date);
    return {
      record_id: id,
      harvest_year: harvest && /^\d{4}/.test(harvest) ? Number(harvest.slice(0, 4)) : null,
      crop: str(data.crop) ?? '',
      variety: str(data.variety),
      yield_t_per_ha: num(data.yield_t_per_ha),
      nitrogen_kg_per_ha: num(data.nitrogen_kg_per_ha),
    };
  });
}

/** The lab results naming the field, newest sample first. */
export async function labResults(
  db: Queryable,
  unitId: number,
  name: string,
): Promise<FieldLabRow[]> {
  const rows = await recordsNaming(
    db,
    unitId,
    'lab-results',
    name,
    "data->>'sample_date' desc nulls last",
  );
  return rows.map(({ id, data }) => ({
    record_id: id,
    sample_date: str(data.sample_date) ?? '',
    sample_type: str(data.sample_type) ?? '',
    sample_reference: str(data.sample_reference),
    laboratory: str(data.laboratory),
  }));
}
