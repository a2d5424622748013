import { withDelayedProgress } from '../../core/dialogs/delayed-progress.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { Button } from '../Button.tsx';
import { downloadCalculatorCsv, type CalculatorCsv } from './csv.ts';
import styles from './Calculator.module.css';

/**
 * Print and Download CSV under a calculator's results. The CSV (inputs and results with the
 * method version) is built only when asked for.
 */
export function CalculatorActions({
  calculator,
  csv,
}: {
  /** The calculator's name, which starts the file's name (stir-home-farm-2026-11-24.csv). */
  calculator: string;
  csv: () => CalculatorCsv;
}) {
  const download = () =>
    void withDelayedProgress('Preparing the CSV…', () => {
      downloadCalculatorCsv(csv(), calculator);
      return Promise.resolve();
    }).catch((error: unknown) => reportError(error));
  return (
    <div className={styles.exportActions}>
      <Button variant="secondary" onClick={() => window.print()}>
        Print
      </Button>
      <Button variant="secondary" onClick={download}>
        Download CSV
      </Button>
    </div>
  );
}
