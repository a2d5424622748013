import { useEffect, useRef, useState } from 'react';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import type { QueryParams } from '../../core/api/client.ts';
import type { DownloadProgress } from '../../core/api/download.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { formatFileSize } from '../../core/format/file-size.ts';
import { formatNumber } from '../../core/format/numbers.ts';
import { Button } from '../Button.tsx';
import { DelayedProgress } from '../progress/ProgressBar.tsx';
import styles from './ExportActions.module.css';

/** A CSV export of the API: its path (under /api) and query, and a name to save it under. */
export interface CsvExport {
  /** e.g. `/units/12/records/monthly.csv`; signed and fetched like any other read. */
  path: string;
  /** The query the list on screen was read with (search, sort…), so the file holds the same. */
  params?: QueryParams;
  /** Saves under this name; the server's Content-Disposition names the file otherwise. */
  fileName?: string;
}

export interface ExportActionsProps {
  /** Offers "Download CSV" of this export. */
  csv?: CsvExport;
  /** Offers "Print", which prints the page with the portal's print style sheet. */
  print?: boolean;
  /** What is exported ("Monthly Records"): names the buttons for screen readers. */
  what?: string;
}

const rowsText = ({ rows, totalRows, bytes }: DownloadProgress) =>
  `${totalRows === null ? formatNumber(rows) : `${formatNumber(rows)} of ${formatNumber(totalRows)}`} rows · ${formatFileSize(bytes)}`;

/**
 * A list's or report's export toolbar: Download CSV (streamed from the server through the signed
 * client, a progress bar with the rows and bytes so far once it passes a second, cancellable) and
 * Print. Hidden on paper.
 */
export function ExportActions({ csv, print = false, what }: ExportActionsProps) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const download = useRef<AbortController | null>(null);
  // Leaving the screen cancels a download still going, quietly.
  useEffect(
    () => () => {
      const going = download.current;
      download.current = null;
      going?.abort();
    },
    [],
  );

  const start = async (target: CsvExport) => {
    if (download.current) return;
    const controller = new AbortController();
    download.current = controller;
    setProgress({ bytes: 0, rows: 0, totalRows: null });
    try {
      // The streaming download's code comes with the first click, not with every list.
      const { downloadCsv } = await import('../../core/api/download.ts');
      const file = await downloadCsv(target.path, {
        params: target.params,
        fileName: target.fileName,
        signal: controller.signal,
        onProgress: setProgress,
      });
      useAlerts
        .getState()
        .success(
          `“${file.fileName}” was downloaded: ${formatNumber(file.rows)} row${file.rows === 1 ? '' : 's'}.`,
        );
    } catch (e) {
      if (controller.signal.aborted) {
        if (download.current === controller)
          useAlerts.getState().info('The download was cancelled.');
      } else reportError(e);
    } finally {
      if (download.current === controller) {
        download.current = null;
        setProgress(null);
      }
    }
  };

  if (!csv && !print) return null;
  const of = what === undefined ? '' : ` ${what}`;
  return (
    <div className={styles.actions}>
      <div className={styles.buttons} role="group" aria-label={`Export${of}`}>
        {csv && (
          <Button
            variant="secondary"
            onClick={() => void start(csv)}
            busy={progress !== null}
            busyLabel="Downloading…"
            aria-label={what === undefined ? undefined : `Download CSV of${of}`}
          >
            Download CSV
          </Button>
        )}
        {print && (
          <Button
            variant="secondary"
            onClick={() => window.print()}
            aria-label={what === undefined ? undefined : `Print${of}`}
          >
            Print
          </Button>
        )}
      </div>
      {progress && (
        <DelayedProgress
          active
          label="Downloading CSV"
          value={progress.totalRows === null ? undefined : progress.rows}
          max={progress.totalRows ?? undefined}
          valueText={rowsText(progress)}
        >
          <Button variant="secondary" onClick={() => download.current?.abort()}>
            Cancel download
          </Button>
        </DelayedProgress>
      )}
    </div>
  );
}
