import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiDocument } from '../../../shared/api.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiDelete, apiRequest, apiUpload, type UploadProgress } from '../../core/api/client.ts';
import { saveFile } from '../../core/api/download.ts';
import { useApiPaged } from '../../core/api/use-api.ts';
import { appPaths } from '../../core/config.ts';
import { withDelayedProgress } from '../../core/dialogs/delayed-progress.ts';
import { useDialogs } from '../../core/dialogs/dialog-store.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { formatDate } from '../../core/format/dates.ts';
import { Button } from '../../ui/Button.tsx';
import { DelayedProgress } from '../../ui/progress/ProgressBar.tsx';
import { ListView } from '../../ui/list/ListView.tsx';
import { SearchBox } from '../../ui/search/SearchBox.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { useSearchPaging } from '../../ui/search/use-search-paging.ts';
import { formatFileSize, MAX_UPLOAD_BYTES, UPLOAD_HINT } from './file-size.ts';
import styles from './DocumentsScreen.module.css';

const PER_PAGE = 10;
/** What the file picker offers; the server decides by the file's content, not this list. */
const ACCEPT = 'image/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.csv,.txt';

const COLUMNS: Column<ApiDocument>[] = [
  { key: 'name', header: 'Name', hideLabel: true, className: styles.name, cell: (doc) => doc.name },
  { key: 'size', header: 'Size', cell: (doc) => formatFileSize(doc.size_bytes) },
  { key: 'uploaded', header: 'Uploaded', cell: (doc) => formatDate(doc.uploaded_at, 'medium') },
  { key: 'by', header: 'By', cell: (doc) => doc.uploaded_by?.name ?? '—' },
];

/** Farm documents of the active unit: listed, searched, uploaded, downloaded and deleted. */
export default function DocumentsScreen() {
  const unit = useAccount((s) => s.unit);
  if (!unit) {
    return (
      <>
        <h1>Farm Documents</h1>
        <p>
          Choose a unit first. <Link to={appPaths.home}>Go to the dashboard</Link>
        </p>
      </>
    );
  }
  return <DocumentsOfUnit key={unit.id} unitId={unit.id} unitName={unit.name} />;
}

function DocumentsOfUnit({ unitId, unitName }: { unitId: number; unitName: string }) {
  const base = `/units/${String(unitId)}/documents`;
  const { typed, setTyped, search, page, setPage } = useSearchPaging();
  /** The document whose delete is under way: its Delete button shows it is busy. */
  const [deleting, setDeleting] = useState<number | null>(null);
  // The list's query; its CSV export takes the same, so the file holds what the list does.
  const query = search ? { search } : {};
  const list = useApiPaged<ApiDocument>(base, { page, perPage: PER_PAGE }, query);
  const { mutate } = list;

  const download = async (doc: ApiDocument) => {
    try {
      // A large file on a slow line takes a while: past a second the progress dialog says so.
      const blob = await withDelayedProgress(`Downloading “${doc.name}”…`, () =>
        apiRequest<Blob>('GET', `${base}/${String(doc.id)}/content`, { responseType: 'blob' }),
      );
      saveFile(blob, doc.name);
    } catch (e) {
      reportError(e);
    }
  };

  const remove = async (doc: ApiDocument) => {
    const confirmed = await useDialogs.getState().confirm({
      title: 'Delete this document?',
      message: `“${doc.name}” will be removed for everyone who can see this unit. This cannot be undone.`,
      confirmLabel: 'Delete',
      style: 'danger',
    });
    if (!confirmed) return;
    setDeleting(doc.id);
    try {
      await apiDelete(`${base}/${String(doc.id)}`);
      useAlerts.getState().success(`“${doc.name}” was deleted.`);
    } catch (e) {
      reportError(e);
    } finally {
      await mutate();
      setDeleting(null);
    }
  };

  return (
    <>
      <h1>Farm Documents</h1>
      <p className={styles.lead}>Files kept for {unitName}.</p>
      <UploadForm path={base} onUploaded={() => void mutate()} />
      <ListView
        read={list}
        what="The documents"
        skeleton={{ shape: 'table', columns: 5 }}
        empty={search ? `No documents match “${search}”.` : 'No documents have been uploaded yet.'}
        toolbar={<SearchBox label="Search documents" value={typed} onChange={setTyped} />}
        exports={{ csv: { path: `${base}.csv`, params: query }, print: true, what: 'documents' }}
        perPage={PER_PAGE}
        onPageChange={setPage}
        pagesLabel="Document pages"
      >
        {(data) => (
          <DataTable
            narrow="cards"
            caption={`${String(data.total_records)} ${
              data.total_records === 1 ? 'document' : 'documents'
            }`}
            columns={COLUMNS}
            rows={data.records}
            rowKey={(doc) => doc.id}
            actions={(doc) => (
              <>
                <Button
                  variant="secondary"
                  onClick={() => void download(doc)}
                  aria-label={`Download ${doc.name}`}
                >
                  Download
                </Button>
                {doc.can_delete && (
                  <Button
                    variant="secondary"
                    onClick={() => void remove(doc)}
                    aria-label={`Delete ${doc.name}`}
                    busy={deleting === doc.id}
                    busyLabel="Deleting…"
                  >
                    Delete
                  </Button>
                )}
              </>
            )}
          />
        )}
      </ListView>
    </>
  );
}

function UploadForm({ path, onUploaded }: { path: string; onUploaded: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  /** Bytes sent of the total while an upload is under way; null when none is. */
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useRef<AbortController | null>(null);
  const uploading = progress !== null;
  const tooLarge = file !== null && file.size >= MAX_UPLOAD_BYTES;
  // Leaving the screen cancels an upload still going, quietly.
  useEffect(
    () => () => {
      const going = upload.current;
      upload.current = null;
      going?.abort();
    },
    [],
  );

  const submit = async () => {
    if (!file || tooLarge || uploading) return;
    const controller = new AbortController();
    upload.current = controller;
    setProgress({ loaded: 0, total: file.size });
    try {
      const saved = await apiUpload<ApiDocument>(
        path,
        file,
        { name: file.name },
        { signal: controller.signal, onProgress: setProgress },
      );
      useAlerts.getState().success(`“${saved.name}” was uploaded.`);
      setFile(null);
      if (input.current) input.current.value = '';
      onUploaded();
    } catch (e) {
      if (controller.signal.aborted) {
        if (upload.current === controller) {
          useAlerts.getState().info(`The upload of “${file.name}” was cancelled.`);
        }
      } else reportError(e);
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setProgress(null);
      }
    }
  };

  return (
    <form
      className={styles.upload}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor="document-file">Upload a document</label>
      <input
        ref={input}
        id="document-file"
        type="file"
        accept={ACCEPT}
        aria-describedby="document-file-hint"
        aria-invalid={tooLarge}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <p id="document-file-hint" className={tooLarge ? styles.error : styles.hint}>
        {tooLarge
          ? `This file is ${formatFileSize(file.size)}: files must be under 5Mb.`
          : UPLOAD_HINT}
      </p>
      <Button type="submit" disabled={!file || tooLarge} busy={uploading} busyLabel="Uploading…">
        Upload
      </Button>
      {file && progress && (
        <DelayedProgress
          active
          label={`Uploading “${file.name}”`}
          value={progress.loaded}
          max={progress.total}
          valueText={`${formatFileSize(progress.loaded)} of ${formatFileSize(progress.total)}`}
        >
          <Button variant="secondary" onClick={() => upload.current?.abort()}>
            Cancel upload
          </Button>
        </DelayedProgress>
      )}
    </form>
  );
}
