import { Link } from 'react-router-dom';
import type { FieldInput, MiFarmField } from '../../../shared/mifarm/types.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiPost } from '../../core/api/client.ts';
import { useApi } from '../../core/api/use-api.ts';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { DEFAULT_LAND_USE } from '../../../shared/mifarm/rules.ts';
import { FieldForm } from './FieldForm.tsx';
import { FieldMap } from './FieldMap.tsx';
import { ImportForm } from './ImportForm.tsx';
import styles from './MiFarm.module.css';
import { hectareFigure, hectares } from './words.ts';

/** The address of a field's page, relative to MiFarm's own (config/routes.json). */
export const fieldPath = (field: Pick<MiFarmField, 'id'>) => `fields/${String(field.id)}`;

const columns: Column<MiFarmField>[] = [
  {
    key: 'name',
    header: 'Field',
    rowHeader: true,
    hideLabel: true,
    cell: (f) => <Link to={fieldPath(f)}>{f.name}</Link>,
  },
  { key: 'use', header: 'Land use', cell: (f) => f.land_use },
  {
    key: 'area',
    header: 'Area (ha)',
    numeric: true,
    cell: (f) => (f.area_ha === null ? 'Not mapped' : hectareFigure(f.area_ha)),
  },
];

/**
 * The unit's fields: a map drawn from their boundaries and, as its text alternative and for the
 * fields with none, a table of name, land use and area; importing boundaries from GeoJSON and
 * adding a field by hand.
 */
export function FieldsSection({ unitId, unitName }: { unitId: number; unitName: string }) {
  const path = `/units/${String(unitId)}/fields`;
  const read = useApi<MiFarmField[]>(path);
  const fields = read.data;
  const add = async (input: FieldInput) => {
    const added = await apiPost<MiFarmField>(path, input);
    useAlerts.getState().success(`${added.name} was added. Import its boundary to map it.`);
    await read.mutate();
  };
  const total = (fields ?? []).reduce((sum, f) => sum + (f.area_ha ?? 0), 0);
  return (
    <section className={styles.section} aria-labelledby="mifarm-fields">
      <h2 id="mifarm-fields">Fields</h2>
      {fields === undefined ? (
        read.error ? (
          <LoadFailed
            what="The fields"
            error={read.error}
            onRetry={() => void read.mutate()}
            retrying={read.isValidating}
          />
        ) : (
          <Skeleton />
        )
      ) : (
        <>
          {fields.length === 0 ? (
            <p>No fields yet: import their boundaries from a GeoJSON file, or add them by hand.</p>
          ) : (
            <>
              <p className={styles.lead}>
                {fields.length} field{fields.length === 1 ? '' : 's'}, {hectares(total)} mapped.
                Open a field on the map or in the table for its crops and lab results.
              </p>
              <FieldMap
                fields={fields}
                title={`Map of ${unitName}'s fields`}
                linkTo={(f) => fieldPath(f)}
              />
              <DataTable
                caption={`${unitName}'s fields`}
                columns={columns}
                rows={fields}
                rowKey={(f) => f.id}
                narrow="cards"
              />
            </>
          )}
          <ImportForm
            path={`${path}/import`}
            onImported={(r) => void read.mutate(r.fields, { revalidate: false })}
          />
          <FieldForm
            key={fields.length}
            legend="Add a field by hand"
            submitLabel="Add field"
            initial={{ name: '', land_use: DEFAULT_LAND_USE }}
            onSubmit={add}
          />
        </>
      )}
    </section>
  );
}
