import { useState } from 'react';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiPost } from '../../core/api/client.ts';
import { formatDate } from '../../core/format/dates.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { Button } from '../Button.tsx';
import type { SavedCalculation, TotalColumn } from './SavedCalculations.tsx';
import styles from './Saved.module.css';

interface OpenedCalculationProps {
  unitId: number;
  opened: SavedCalculation;
  /** Whether the calculator saves baselines and scenarios (shown with the name) or results. */
  compares: boolean;
  total: TotalColumn;
  /** The calculation as recomputed on the current method, replacing the opened one. */
  onRecomputed: (calculation: SavedCalculation) => void;
}

/**
 * A saved calculation as it was computed when saved (its method version and headline figure),
 * with an offer to recompute it on the calculator's current method when that has changed.
 */
export function OpenedCalculation({
  unitId,
  opened,
  compares,
  total,
  onRecomputed,
}: OpenedCalculationProps) {
  const [recomputing, setRecomputing] = useState(false);
  const recompute = async () => {
    setRecomputing(true);
    try {
      const { calculation } = await apiPost<{ calculation: SavedCalculation }>(
        `/units/${String(unitId)}/calculations/${opened.id}/recompute`,
      );
      onRecomputed(calculation);
      useAlerts
        .getState()
        .success(`“${calculation.name}” was recomputed on ${calculation.methodVersion}.`);
    } catch (error) {
      reportError(error);
    } finally {
      setRecomputing(false);
    }
  };
  return (
    <section className={styles.opened} aria-labelledby={`opened-${opened.id}`}>
      <h2 id={`opened-${opened.id}`}>
        Opened: {opened.name}
        {compares ? ` (${opened.role})` : ''}
      </h2>
      <p>
        Saved {formatDate(opened.updatedAt, 'medium')} with method {opened.methodVersion}. As
        computed then: {total.header} <strong>{total.text(opened.result.totals)}</strong>.
      </p>
      {opened.methodVersion !== opened.currentMethodVersion && (
        <Button
          variant="secondary"
          busy={recomputing}
          busyLabel="Recomputing…"
          onClick={() => void recompute()}
        >
          Recompute on the current method ({opened.currentMethodVersion})
        </Button>
      )}
    </section>
  );
}
