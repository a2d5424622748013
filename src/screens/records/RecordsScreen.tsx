import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RJSFSchema } from '@rjsf/utils';
import type { ApiRecord } from '../../../shared/api.ts';
import { listColumnTitle } from '../../../shared/record-columns.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiGet } from '../../core/api/client.ts';
import { useApiPaged } from '../../core/api/use-api.ts';
import { appPaths } from '../../core/config.ts';
import { useDialogs } from '../../core/dialogs/dialog-store.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { formatDate } from '../../core/format/dates.ts';
import type { ListColumn, RecordTypeConfig } from '../../engine/record-types.ts';
import { recordValidator } from '../../engine/record-validator.ts';
import { Button } from '../../ui/Button.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { ListView } from '../../ui/list/ListView.tsx';
import { SearchBox } from '../../ui/search/SearchBox.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { useSearchPaging } from '../../ui/search/use-search-paging.ts';
import { keptOnDevice, type OutboxItem } from '../../core/outbox/outbox-item.ts';
import { submitWrite, takeFix } from '../../core/outbox/outbox-store.ts';
import { WaitingWrites } from '../../ui/outbox/WaitingWrites.tsx';
import { RecordForm } from './RecordForm.tsx';
import { recordTarget } from './record-target.ts';
import { useRecordType } from './use-record-type.ts';
import { numberFormat } from '../../core/format/numbers.ts';

const PER_PAGE = 10;

// Its list is read from IndexedDB after the screen draws anyway: its code comes beside it.
const UnsavedDrafts = lazy(() =>
  import('./UnsavedDrafts.tsx').then(({ UnsavedDrafts }) => ({ default: UnsavedDrafts })),
);
const twoPlaces = numberFormat({ maximumFractionDigits: 2 });

const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);

/** A choice's title ("Accepted with deduction") rather than its stored code. */
function choiceTitle(schema: RJSFSchema | undefined, value: unknown): string | undefined {
  const choice = schema?.oneOf?.find(
    (option) => typeof option === 'object' && option.const === value,
  );
  return typeof choice === 'object' ? choice.title : undefined;
}

function cell(value: unknown, column: ListColumn, schema: RJSFSchema | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  const title = choiceTitle(schema, value);
  if (title !== undefined) return title;
  switch (column.format) {
    case 'number':
      return typeof value === 'number' ? twoPlaces.format(value) : text(value);
    case 'short':
    case 'medium':
    case 'long':
    case 'monthYear':
    case 'dayMonth':
      return formatDate(value, column.format) || text(value);
    default:
      return text(value);
  }
}

const heading = (type: RecordTypeConfig, column: ListColumn) =>
  listColumnTitle(column, type.schema.properties);

type Mode =
  | { kind: 'list' }
  | { kind: 'add' }
  | { kind: 'edit'; record: ApiRecord }
  /** A write the server refused from the outbox, opened to be fixed. */
  | { kind: 'fix'; item: OutboxItem };

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** A record type's records on the active unit: listed, searched, sorted, added, edited, deleted. */
export default function RecordsScreen() {
  const { type, loading } = useRecordType();
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  if (loading) return <PageLoading />;
  if (!type) return <p>This page shows no record type; check its route in config/routes.json.</p>;
  if (!unit || !plan) {
    return (
      <>
        <h1>{type.title}</h1>
        <p>
          Choose a unit and a plan first. <Link to={appPaths.home}>Go to the dashboard</Link>
        </p>
      </>
    );
  }
  return <RecordsOfUnit key={`${type.name}:${String(unit.id)}`} type={type} unitId={unit.id} />;
}

function RecordsOfUnit({ type, unitId }: { type: RecordTypeConfig; unitId: number }) {
  const [mode, setMode] = useState<Mode>(() => {
    const item = takeFix((i) => i.target?.recordType === type.name && i.target.unitId === unitId);
    return item ? { kind: 'fix', item } : { kind: 'list' };
  });
  const [sort, setSort] = useState(type.defaultSort);
  /** The record whose delete is under way: its Delete button shows it is busy. */
  const [deleting, setDeleting] = useState<number | null>(null);
  const { typed, setTyped, search, page, setPage } = useSearchPaging();
  const base = `/units/${String(unitId)}/records/${type.name}`;
  const item = type.itemTitle ?? 'record';

  // The form's validators load with the list, so that Add and Edit open at once; the form
  // reports a failure to load them when it opens.
  useEffect(() => {
    recordValidator(type).catch(() => undefined);
  }, [type]);

  // The list's query; its CSV export takes the same, so the file holds what the list does.
  const query = { sort: sort.field, direction: sort.direction, ...(search ? { search } : {}) };
  const list = useApiPaged<ApiRecord>(base, { page, perPage: PER_PAGE }, query);
  const { mutate } = list;

  const saved = (added: boolean) => {
    setMode({ kind: 'list' });
    useAlerts.getState().success(`The ${item} was ${added ? 'added' : 'saved'}.`);
    void mutate();
  };

  const queued = () => {
    setMode({ kind: 'list' });
    useAlerts.getState().info(keptOnDevice(`The ${item}`));
  };

  /** "Monthly record: Oct 2026": the item and its first column, as the list would show it. */
  const describe = (data: Record<string, unknown>) => {
    const first = type.listColumns[0];
    const shown = first && cell(data[first.field], first, type.schema.properties[first.field]);
    return shown && shown !== '—' ? `${capitalised(item)}: ${shown}` : capitalised(item);
  };

  const remove = async (record: ApiRecord) => {
    const confirmed = await useDialogs.getState().confirm({
      title: `Delete this ${item}?`,
      message: 'It will be removed for everyone who can see this unit. This cannot be undone.',
      confirmLabel: 'Delete',
      style: 'danger',
    });
    if (!confirmed) return;
    setDeleting(record.id);
    try {
      // Through the outbox: with no signal the deletion waits on this device, listed above.
      const outcome = await submitWrite({
        method: 'DELETE',
        path: `${base}/${String(record.id)}`,
        label: `Deletion of ${describe(record.data)}`,
        target: recordTarget(type.name, unitId, record.id),
      });
      if (outcome.kind === 'refused') reportError(outcome.error);
      else if (outcome.kind === 'queued') {
        useAlerts.getState().info(keptOnDevice(`The deletion of the ${item}`));
      } else {
        useAlerts.getState().success(`The ${item} was deleted.`);
        await mutate();
      }
    } catch (e) {
      reportError(e);
    } finally {
      setDeleting(null);
    }
  };

  /** A draft listed under Unsaved drafts: its form opens, and offers it. */
  const openDraft = async (recordId: number | undefined) => {
    if (recordId === undefined) {
      setMode({ kind: 'add' });
      return;
    }
    try {
      setMode({ kind: 'edit', record: await apiGet<ApiRecord>(`${base}/${String(recordId)}`) });
    } catch (e) {
      reportError(e);
    }
  };

  const columns: Column<ApiRecord>[] = type.listColumns.map((column, i) => ({
    key: column.field,
    header: heading(type, column),
    cell: (record) => cell(record.data[column.field], column, type.schema.properties[column.field]),
    numeric: column.format === 'number',
    sortable: true,
    // The first column (the month, the date, the tag) is the card's title on a phone.
    hideLabel: i === 0,
  }));

  const sortBy = (field: string) => {
    setSort((s) =>
      s.field === field
        ? { field, direction: s.direction === 'asc' ? 'desc' : 'asc' }
        : { field, direction: 'asc' },
    );
    setPage(1);
  };

  if (mode.kind !== 'list') {
    return (
      <>
        <h1>{type.title}</h1>
        <RecordForm
          type={type}
          unitId={unitId}
          record={mode.kind === 'edit' ? mode.record : undefined}
          fix={mode.kind === 'fix' ? mode.item : undefined}
          describe={describe}
          onSaved={() =>
            saved(mode.kind === 'add' || (mode.kind === 'fix' && !mode.item.target?.recordId))
          }
          onQueued={queued}
          onCancel={() => setMode({ kind: 'list' })}
        />
      </>
    );
  }

  const title = type.title.toLowerCase();
  return (
    <>
      <h1>{type.title}</h1>
      <WaitingWrites
        what={`${capitalised(title)} saved on this device, waiting to be sent`}
        of={(i) => i.target?.recordType === type.name && i.target.unitId === unitId}
      />
      <Suspense>
        <UnsavedDrafts type={type} unitId={unitId} onOpen={(id) => void openDraft(id)} />
      </Suspense>
      <ListView
        read={list}
        what={`The ${title}`}
        skeleton={{ shape: 'table', columns: type.listColumns.length + 1 }}
        empty={search ? `No ${title} match “${search}”.` : `No ${title} yet.`}
        toolbar={
          <>
            <Button onClick={() => setMode({ kind: 'add' })}>Add {item}</Button>
            <SearchBox label="Search" value={typed} onChange={setTyped} />
          </>
        }
        exports={{ csv: { path: `${base}.csv`, params: query }, print: true, what: type.title }}
        perPage={PER_PAGE}
        onPageChange={setPage}
        pagesLabel={`${type.title} pages`}
      >
        {(data) => (
          <DataTable
            narrow="cards"
            nowrap
            caption={`${String(data.total_records)} ${data.total_records === 1 ? item : title}`}
            columns={columns}
            rows={data.records}
            rowKey={(record) => record.id}
            sort={{ key: sort.field, direction: sort.direction }}
            onSort={sortBy}
            actions={(record) => (
              <>
                <Button variant="secondary" onClick={() => setMode({ kind: 'edit', record })}>
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => void remove(record)}
                  busy={deleting === record.id}
                  busyLabel="Deleting…"
                >
                  Delete
                </Button>
              </>
            )}
          />
        )}
      </ListView>
    </>
  );
}
