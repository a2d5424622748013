import type { FarmBenchmark } from '../../../shared/benchmarking/api.ts';
import { withDelayedProgress } from '../../core/dialogs/delayed-progress.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { Button } from '../../ui/Button.tsx';
import { csvFileName } from '../../ui/calculator/csv.ts';
import { downloadText } from '../../ui/calculator/download.ts';
import { benchmarkCsv } from './benchmark-csv.ts';
import styles from './Benchmarking.module.css';

/** Download CSV (built here from the answer on screen) and Print; hidden on paper. */
export function BenchmarkActions({ data, title }: { data: FarmBenchmark; title: string }) {
  const download = () =>
    void withDelayedProgress('Preparing the CSV…', () => {
      const name = csvFileName(`benchmarking-${data.period}`, data.unit.name, new Date());
      downloadText(benchmarkCsv(data), name, 'text/csv');
      return Promise.resolve();
    }).catch((error: unknown) => reportError(error));
  return (
    <div className={styles.actions} role="group" aria-label={`Export ${title}`}>
      <Button variant="secondary" onClick={download} aria-label={`Download CSV of ${title}`}>
        Download CSV
      </Button>
      <Button variant="secondary" onClick={() => window.print()} aria-label={`Print ${title}`}>
        Print
      </Button>
    </div>
  );
}
