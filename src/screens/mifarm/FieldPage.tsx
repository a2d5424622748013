import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type {
  FieldCropRow,
  FieldInput,
  FieldLabRow,
  FieldRecords,
  MiFarmField,
  MiFarmFieldDetail,
} from '../../../shared/mifarm/types.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiDelete, apiPut } from '../../core/api/client.ts';
import { useApi } from '../../core/api/use-api.ts';
import { useDialogs } from '../../core/dialogs/dialog-store.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { formatDate } from '../../core/format/dates.ts';
import { formatNumber } from '../../core/format/numbers.ts';
import { Button } from '../../ui/Button.tsx';
import { DetailPage } from '../../ui/detail/DetailPage.tsx';
import facts from '../../ui/facts/Facts.module.css';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { FieldForm } from './FieldForm.tsx';
import { FieldMap } from './FieldMap.tsx';
import styles from './MiFarm.module.css';
import { hectares } from './words.ts';

const figure = (value: number | null, decimals: number) =>
  value === null ? '' : formatNumber(value, decimals);

const cropColumns: Column<FieldCropRow>[] = [
  {
    key: 'year',
    header: 'Harvest year',
    rowHeader: true,
    cell: (r) => (r.harvest_year === null ? 'Not harvested' : String(r.harvest_year)),
  },
  { key: 'crop', header: 'Crop', cell: (r) => r.crop },
  { key: 'variety', header: 'Variety', cell: (r) => r.variety ?? '' },
  { key: 'yield', header: 'Yield (t/ha)', numeric: true, cell: (r) => figure(r.yield_t_per_ha, 2) },
  { key: 'n', header: 'N (kg/ha)', numeric: true, cell: (r) => figure(r.nitrogen_kg_per_ha, 0) },
];

const labColumns: Column<FieldLabRow>[] = [
  {
    key: 'date',
    header: 'Sample date',
    rowHeader: true,
    cell: (r) => (r.sample_date === '' ? '' : formatDate(r.sample_date, 'medium')),
  },
  { key: 'type', header: 'Sample type', cell: (r) => r.sample_type },
  { key: 'reference', header: 'Reference', cell: (r) => r.sample_reference ?? '' },
  { key: 'lab', header: 'Laboratory', cell: (r) => r.laboratory ?? '' },
];

/** A list of records naming the field, or why the user cannot see that record type here. */
function RecordsNaming<T>({
  title,
  records,
  columns,
  none,
}: {
  title: string;
  records: FieldRecords<T>;
  columns: Column<T>[];
  none: string;
}) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2>{title}</h2>
      {!records.readable ? (
        <p>{records.reason}</p>
      ) : records.rows.length === 0 ? (
        <p>{none}</p>
      ) : (
        <DataTable
          caption={title}
          columns={columns}
          rows={records.rows}
          rowKey={(_r, i) => i}
          narrow="cards"
        />
      )}
    </section>
  );
}

function FieldView({
  field,
  path,
  onChanged,
}: {
  field: MiFarmFieldDetail;
  path: string;
  onChanged: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const save = async (input: FieldInput) => {
    await apiPut<MiFarmField>(path, input);
    useAlerts.getState().success(`${input.name.trim()} was saved.`);
    await onChanged();
  };
  const remove = async () => {
    const confirmed = await useDialogs.getState().confirm({
      title: `Delete ${field.name}?`,
      message: `${field.name} and its boundary will be removed from MiFarm. The crop and lab records naming it are kept.`,
      confirmLabel: 'Delete',
      style: 'danger',
    });
    if (!confirmed) return;
    setDeleting(true);
    try {
      await apiDelete(path);
      useAlerts.getState().success(`${field.name} was deleted.`);
      void navigate('../..', { relative: 'path' });
    } catch (e) {
      reportError(e);
      setDeleting(false);
    }
  };
  return (
    <>
      <h1>{field.name}</h1>
      <dl className={facts.facts}>
        <dt>Area</dt>
        <dd>{hectares(field.area_ha)}</dd>
        <dt>Land use</dt>
        <dd>{field.land_use}</dd>
        {field.updated_by && (
          <>
            <dt>Last changed</dt>
            <dd>
              {formatDate(field.updated_at, 'medium')} by {field.updated_by}
            </dd>
          </>
        )}
      </dl>
      {field.geometry === null ? (
        <p>This field has no boundary yet: import one from a GeoJSON file with the field’s name.</p>
      ) : (
        <FieldMap fields={[field]} title={`Outline of ${field.name}`} linkTo={() => '.'} single />
      )}
      <RecordsNaming
        title="Crop history"
        records={field.crops}
        columns={cropColumns}
        none={`No crop record names ${field.name} yet.`}
      />
      <RecordsNaming
        title="Lab results"
        records={field.lab_results}
        columns={labColumns}
        none={`No lab result names ${field.name} yet.`}
      />
      <p className={styles.hint}>
        Records name a field by its name: records under an old name keep it after a rename.
      </p>
      <FieldForm
        key={`${field.name}:${field.land_use}`}
        legend="Rename or change the land use"
        submitLabel="Save field"
        initial={{ name: field.name, land_use: field.land_use }}
        onSubmit={save}
      />
      <Button variant="danger" busy={deleting} busyLabel="Deleting…" onClick={() => void remove()}>
        Delete field
      </Button>
    </>
  );
}

/** A field's page: its area, land use, outline, crop history and lab results. */
export function FieldPage({ unitId, fieldId }: { unitId: number; fieldId: number }) {
  const path = `/units/${String(unitId)}/fields/${String(fieldId)}`;
  const read = useApi<MiFarmFieldDetail>(path);
  return (
    <DetailPage
      read={read}
      back={{ to: '../..', label: 'Back to MiFarm', relative: 'path' }}
      title="Field"
      what="The field"
    >
      {(field) => <FieldView field={field} path={path} onChanged={() => read.mutate()} />}
    </DetailPage>
  );
}
