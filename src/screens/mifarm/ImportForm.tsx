import { useRef, useState } from 'react';
import type { FieldImportResult } from '../../../shared/mifarm/types.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiUpload } from '../../core/api/client.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './MiFarm.module.css';
import { refusalOf } from '../../core/api/refusal.ts';

/** The server's limit for an import file (server/mifarm/routes.ts, MAX_IMPORT_BYTES). */
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const names = (list: readonly string[]) => list.join(', ');

/** What an import did, in words: the fields added, and those redrawn because the name was known. */
export function importSummary({
  created,
  updated,
}: Pick<FieldImportResult, 'created' | 'updated'>) {
  const parts = [
    created.length > 0 && `Added ${String(created.length)}: ${names(created)}.`,
    updated.length > 0 &&
      `Updated ${String(updated.length)} you already had, with the new boundaries: ${names(updated)}.`,
  ].filter(Boolean);
  return parts.join(' ');
}

/**
 * Import field boundaries from a GeoJSON file, sent as its bytes through the signed path as
 * documents are. The server checks every feature and works out the areas; when it refuses the
 * file, each feature's problem is listed here by its name, and nothing was imported.
 */
export function ImportForm({
  path,
  onImported,
}: {
  path: string;
  onImported: (r: FieldImportResult) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ReturnType<typeof refusalOf>>(undefined);
  const tooLarge = file !== null && file.size > MAX_IMPORT_BYTES;
  // The file's own problem is the message itself; a feature's are listed under it by name.
  const featureProblems = (refusal?.problems ?? []).filter(([key]) => key !== 'file');
  const submit = async () => {
    if (!file || tooLarge) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      const result = await apiUpload<FieldImportResult>(path, file);
      useAlerts.getState().success(importSummary(result));
      setFile(null);
      if (input.current) input.current.value = '';
      onImported(result);
    } catch (e) {
      const refused = refusalOf(e);
      if (refused) setRefusal(refused);
      else reportError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor="field-boundaries">Import field boundaries (GeoJSON)</label>
      <input
        ref={input}
        id="field-boundaries"
        type="file"
        accept=".geojson,.json,application/geo+json,application/json"
        aria-describedby="field-boundaries-hint"
        aria-invalid={tooLarge || refusal !== undefined}
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          setRefusal(undefined);
        }}
      />
      <p id="field-boundaries-hint" className={tooLarge ? styles.error : styles.hint}>
        {tooLarge
          ? 'This file is over 5 MB, too large for a farm’s field boundaries.'
          : 'A GeoJSON FeatureCollection in WGS84 (longitude, latitude), one polygon per field with its name in the "name" property (and, if you like, "land_use"). A field with the name of one you have is redrawn; the others are added.'}
      </p>
      <Button type="submit" disabled={!file || tooLarge} busy={busy} busyLabel="Importing…">
        Import
      </Button>
      {refusal && (
        <div role="alert" className={styles.problems}>
          <p className={styles.error}>{refusal.message}</p>
          {featureProblems.length > 0 && (
            <ul>
              {featureProblems.map(([key, messages]) => (
                <li key={key}>
                  {key} {messages.join('; ')}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
