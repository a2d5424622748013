import { useId, useState } from 'react';
import type { ApiCalculation, ApiCalculationSummary } from '../../../shared/api.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiDelete, apiGet, apiPost } from '../../core/api/client.ts';
import { keptOnDevice } from '../../core/outbox/outbox-item.ts';
import { submitWrite } from '../../core/outbox/outbox-store.ts';
import { ApiError } from '../../core/api/errors.ts';
import { useApiPaged } from '../../core/api/use-api.ts';
import { useDialogs } from '../../core/dialogs/dialog-store.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { formatDate } from '../../core/format/dates.ts';
import { Button } from '../Button.tsx';
import { LoadFailed } from '../errors/LoadFailed.tsx';
import { Pagination } from '../pagination/Pagination.tsx';
import { Skeleton } from '../skeleton/Skeleton.tsx';
import { DataTable, type Column } from '../table/DataTable.tsx';
import { WaitingWrites } from '../outbox/WaitingWrites.tsx';
import styles from './Saved.module.css';

/** A saved calculation as its unit's list shows it, and in full (shared/api.ts). */
export type SavedCalculationItem = ApiCalculationSummary;
export type SavedCalculation = ApiCalculation;

export type CalculationRole = SavedCalculationItem['role'];

/** A saved result's headline figure in the list: its column's header and its text. */
export interface TotalColumn {
  header: string;
  text: (totals: SavedCalculationItem['totals']) => string;
}

/** How a calculator names what it saves: both roles when it compares, one when it does not. */
const COMPARED: readonly CalculationRole[] = ['baseline', 'scenario'];
const SINGLE: readonly CalculationRole[] = ['baseline'];

/** The message of a refused save's name field, when that is why it was refused. */
function nameRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 406) return undefined;
  const errors = error.body?.errors;
  if (!errors || Array.isArray(errors)) return error.message;
  const first = Object.values(errors)[0];
  return (Array.isArray(first) ? first[0] : first) ?? error.message;
}

interface SavedCalculationsProps {
  unitId: number;
  /** The calculator's API name (ghg-dairy…). */
  calculator: string;
  /**
   * Whether the calculator compares a scenario with a baseline (both are saved, each under its
   * role) or works out one result (saved as a calculation, stored with the role baseline).
   */
  compares: boolean;
  /** The saved result's headline figure, for the list. */
  total: TotalColumn;
  /** The inputs of each side as they would be saved (the method choice included). */
  inputsOf: (role: CalculationRole) => Record<string, unknown>;
  /** The saved baseline the scenario compares with, once there is one. */
  baselineId?: string | null;
  onSaved?: (calculation: SavedCalculation) => void;
  onOpen: (calculation: SavedCalculation, baseline: SavedCalculation | null) => void;
}

/** What a saved item is called: its role where the calculator compares, else a calculation. */
const PER_PAGE = 10;

const kindOf = (compares: boolean, role: CalculationRole) => (compares ? role : 'calculation');

/**
 * Saving a calculator's inputs under a name (the baseline and the scenario, where it compares
 * them), and the unit's saved calculations of this calculator: open (as computed then), copy
 * and delete. Every calculator screen saves through this one component.
 */
export function SavedCalculations({
  unitId,
  calculator,
  compares,
  total,
  inputsOf,
  baselineId = null,
  onSaved,
  onOpen,
}: SavedCalculationsProps) {
  const base = `/units/${String(unitId)}/calculations`;
  const [page, setPage] = useState(1);
  const list = useApiPaged<SavedCalculationItem>(base, { page, perPage: PER_PAGE }, { calculator });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState<CalculationRole | null>(null);
  const [busyRow, setBusyRow] = useState<string | null>(null);
  const nameId = useId();

  const save = async (role: CalculationRole) => {
    const kind = kindOf(compares, role);
    if (name.trim() === '') {
      setNameError(`Name the ${kind} to save it`);
      return;
    }
    setSaving(role);
    setNameError(null);
    try {
      // Through the outbox: with no signal the calculation waits on this device, listed below.
      const outcome = await submitWrite<{ calculation: SavedCalculation }>({
        method: 'POST',
        path: base,
        body: {
          calculator,
          name: name.trim(),
          role,
          ...(role === 'scenario' && baselineId !== null ? { baselineId } : {}),
          inputs: inputsOf(role),
        },
        label: `${kind.charAt(0).toUpperCase()}${kind.slice(1)} “${name.trim()}”`,
      });
      if (outcome.kind === 'refused') {
        const refusal = nameRefusal(outcome.error);
        if (refusal === undefined) reportError(outcome.error);
        else setNameError(refusal);
        return;
      }
      setName('');
      if (outcome.kind === 'queued') {
        useAlerts.getState().info(keptOnDevice(`The ${kind} “${name.trim()}”`));
        return;
      }
      const { calculation } = outcome.data;
      useAlerts.getState().success(`The ${kind} “${calculation.name}” was saved.`);
      onSaved?.(calculation);
      // The newest is first: show it.
      if (page === 1) await list.mutate();
      else setPage(1);
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(null);
    }
  };

  const open = async (item: SavedCalculationItem) => {
    setBusyRow(item.id);
    try {
      const { calculation } = await apiGet<{ calculation: SavedCalculation }>(`${base}/${item.id}`);
      const baseline =
        calculation.role === 'scenario' && calculation.baselineId !== null
          ? (await apiGet<{ calculation: SavedCalculation }>(`${base}/${calculation.baselineId}`))
              .calculation
          : null;
      onOpen(calculation, baseline);
    } catch (error) {
      reportError(error);
    } finally {
      setBusyRow(null);
    }
  };

  const copy = async (item: SavedCalculationItem) => {
    setBusyRow(item.id);
    try {
      const { calculation } = await apiPost<{ calculation: SavedCalculation }>(
        `${base}/${item.id}/copy`,
        { name: `${item.name} (copy ${new Date().toISOString().slice(11, 19)})` },
      );
      useAlerts.getState().success(`Copied as “${calculation.name}”.`);
      if (page === 1) await list.mutate();
      else setPage(1);
    } catch (error) {
      reportError(error);
    } finally {
      setBusyRow(null);
    }
  };

  const remove = async (item: SavedCalculationItem) => {
    const confirmed = await useDialogs.getState().confirm({
      title: `Delete this ${kindOf(compares, item.role)}?`,
      message: `“${item.name}” will be removed for everyone who can see this unit. This cannot be undone.`,
      confirmLabel: 'Delete',
      style: 'danger',
    });
    if (!confirmed) return;
    setBusyRow(item.id);
    try {
      await apiDelete(`${base}/${item.id}`);
      useAlerts.getState().success(`“${item.name}” was deleted.`);
      // The page's last item gone: show the page before it.
      if (items.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      reportError(error);
    } finally {
      await list.mutate();
      setBusyRow(null);
    }
  };

  const columns: Column<SavedCalculationItem>[] = [
    { key: 'name', header: 'Name', rowHeader: true, cell: (c) => c.name },
    ...(compares
      ? [
          {
            key: 'role',
            header: 'Kind',
            cell: (c: SavedCalculationItem) => (c.role === 'baseline' ? 'Baseline' : 'Scenario'),
          },
        ]
      : []),
    { key: 'total', header: total.header, numeric: true, cell: (c) => total.text(c.totals) },
    { key: 'method', header: 'Method', cell: (c) => c.methodVersion },
    { key: 'saved', header: 'Saved', cell: (c) => formatDate(c.updatedAt, 'medium') },
    { key: 'by', header: 'By', cell: (c) => c.createdBy?.name ?? '—' },
  ];

  const items = list.data?.records ?? [];
  const headingId = `${nameId}-heading`;
  return (
    <section className={styles.saved} aria-labelledby={headingId}>
      <h2 id={headingId}>Saved calculations</h2>
      <WaitingWrites
        what="Calculations saved on this device, waiting to be sent"
        of={(item) =>
          item.method === 'POST' &&
          item.path === base &&
          (item.body as { calculator?: unknown } | undefined)?.calculator === calculator
        }
      />
      <div className={styles.saveRow}>
        <div className={styles.nameField}>
          <label htmlFor={nameId}>Name</label>
          <input
            id={nameId}
            value={name}
            maxLength={120}
            aria-invalid={nameError !== null}
            aria-describedby={nameError !== null ? `${nameId}-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {nameError !== null && (
            <span id={`${nameId}-error`} className={styles.fieldError}>
              {nameError}
            </span>
          )}
        </div>
        {(compares ? COMPARED : SINGLE).map((role) => (
          <Button
            key={role}
            busy={saving === role}
            busyLabel="Saving…"
            onClick={() => void save(role)}
          >
            {compares ? `Save ${role}` : 'Save calculation'}
          </Button>
        ))}
      </div>
      {list.error ? (
        <LoadFailed
          what="The saved calculations"
          error={list.error}
          onRetry={() => void list.mutate()}
        />
      ) : !list.data ? (
        <Skeleton shape="table" columns={columns.length} />
      ) : items.length === 0 ? (
        <p>Nothing saved yet for this unit.</p>
      ) : (
        <DataTable
          narrow="cards"
          caption={compares ? 'Saved baselines and scenarios' : 'Saved calculations'}
          columns={columns}
          rows={items}
          rowKey={(c) => c.id}
          actions={(c) => (
            <span className={styles.rowActions}>
              <Button
                variant="secondary"
                aria-label={`Open ${c.name}`}
                busy={busyRow === c.id}
                busyLabel="Opening…"
                onClick={() => void open(c)}
              >
                Open
              </Button>
              <Button
                variant="secondary"
                aria-label={`Copy ${c.name}`}
                onClick={() => void copy(c)}
              >
                Copy
              </Button>
              <Button
                variant="secondary"
                aria-label={`Delete ${c.name}`}
                onClick={() => void remove(c)}
              >
                Delete
              </Button>
            </span>
          )}
        />
      )}
      {list.data && (
        <Pagination
          page={list.data.current_page}
          totalRecords={list.data.total_records}
          perPage={PER_PAGE}
          onPageChange={setPage}
          label="Saved calculation pages"
        />
      )}
    </section>
  );
}
