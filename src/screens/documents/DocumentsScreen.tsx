import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiDocument } from '../../../shared/api.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiDelete, apiRequest, apiUpload } from '../../core/api/client.ts';
import { useApiPaged } from '../../core/api/use-api.ts';
import { appPaths } from '../../core/config.ts';
import { useDialogs } from '../../core/dialogs/dialog-store.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { formatDate } from '../../core/format/dates.ts';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { Pagination } from '../../ui/pagination/Pagination.tsx';
import { SearchBox } from '../../ui/search/SearchBox.tsx';
import table from '../../ui/table/Table.module.css';
import { useSearchPaging } from '../../ui/search/use-search-paging.ts';
import { formatFileSize, MAX_UPLOAD_BYTES, UPLOAD_HINT } from './file-size.ts';
import styles from './DocumentsScreen.module.css';

const PER_PAGE = 10;
/** What the file picker offers; the server decides by the file's content, not this list. */
const ACCEPT = 'image/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.csv,.txt';

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
  const { data, error, isLoading, isValidating, mutate } = useApiPaged<ApiDocument>(
    base,
    { page, perPage: PER_PAGE },
    search ? { search } : {},
  );

  const download = async (doc: ApiDocument) => {
    try {
      const blob = await apiRequest<Blob>('GET', `${base}/${String(doc.id)}/content`, {
        responseType: 'blob',
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = doc.name;
      link.click();
      // The click has started the download; the object URL can go once the browser has it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
    try {
      await apiDelete(`${base}/${String(doc.id)}`);
      useAlerts.getState().success(`“${doc.name}” was deleted.`);
    } catch (e) {
      reportError(e);
    } finally {
      void mutate();
    }
  };

  return (
    <>
      <h1>Farm Documents</h1>
      <p className={styles.lead}>Files kept for {unitName}.</p>
      <UploadForm path={base} onUploaded={() => void mutate()} />
      <div className={styles.searchRow}>
        <SearchBox label="Search documents" value={typed} onChange={setTyped} />
      </div>
      {isLoading && !data ? (
        <Skeleton shape="table" columns={5} />
      ) : error ? (
        <LoadFailed
          what="The documents"
          error={error}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
      ) : data && data.total_records === 0 ? (
        <p>{search ? `No documents match “${search}”.` : 'No documents have been uploaded yet.'}</p>
      ) : data ? (
        <>
          <div className={table.wrap}>
            <table className={table.table}>
              <caption className={table.caption}>
                {data.total_records} {data.total_records === 1 ? 'document' : 'documents'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Size</th>
                  <th scope="col">Uploaded</th>
                  <th scope="col">By</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.records.map((doc) => (
                  <tr key={doc.id}>
                    <td className={styles.name}>{doc.name}</td>
                    <td>{formatFileSize(doc.size_bytes)}</td>
                    <td>{formatDate(doc.uploaded_at, 'medium')}</td>
                    <td>{doc.uploaded_by?.name ?? '—'}</td>
                    <td className={table.rowActions}>
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
                        >
                          Delete
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={data.current_page}
            totalRecords={data.total_records}
            perPage={PER_PAGE}
            onPageChange={setPage}
            label="Document pages"
          />
        </>
      ) : null}
    </>
  );
}

function UploadForm({ path, onUploaded }: { path: string; onUploaded: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const tooLarge = file !== null && file.size >= MAX_UPLOAD_BYTES;

  const submit = async () => {
    if (!file || tooLarge) return;
    setUploading(true);
    try {
      const saved = await apiUpload<ApiDocument>(path, file, { name: file.name });
      useAlerts.getState().success(`“${saved.name}” was uploaded.`);
      setFile(null);
      if (input.current) input.current.value = '';
      onUploaded();
    } catch (e) {
      reportError(e);
    } finally {
      setUploading(false);
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
      <Button type="submit" disabled={!file || tooLarge || uploading}>
        {uploading ? 'Uploading…' : 'Upload'}
      </Button>
    </form>
  );
}
