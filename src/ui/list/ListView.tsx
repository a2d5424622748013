import type { ReactNode } from 'react';
import type { ApiPaged } from '../../../shared/api.ts';
import { LoadFailed } from '../errors/LoadFailed.tsx';
import { ExportActions, type ExportActionsProps } from '../export/ExportActions.tsx';
import { Pagination } from '../pagination/Pagination.tsx';
import { Skeleton, type SkeletonShape } from '../skeleton/Skeleton.tsx';
import styles from './ListView.module.css';

/** The read behind a list, as useApiPaged answers it; `Page` when the list says more. */
export interface ListRead<Row, Page extends ApiPaged<Row> = ApiPaged<Row>> {
  data: Page | undefined;
  error: unknown;
  isLoading: boolean;
  isValidating: boolean;
  mutate: () => unknown;
}

export interface ListViewProps<Row, Page extends ApiPaged<Row> = ApiPaged<Row>> {
  read: ListRead<Row, Page>;
  /** What failed to load, as a sentence's subject: "The documents". */
  what: string;
  /** The shape of the first load's skeleton, and its table's columns. */
  skeleton: { shape: SkeletonShape; columns?: number };
  /** Said when the list holds nothing (for the search, when there is one). */
  empty: ReactNode;
  /** Said when a page past the end was asked for; the rows (none) are drawn otherwise. */
  pastTheEnd?: ReactNode;
  /** The list's controls (Add, search), before its export actions on one row. */
  toolbar?: ReactNode;
  /** Download CSV and Print for the list (src/ui/export/ExportActions.tsx). */
  exports?: ExportActionsProps;
  perPage: number;
  onPageChange: (page: number) => void;
  /** Names the pagination ("Document pages"). */
  pagesLabel: string;
  /** Draws a loaded page that holds rows: a DataTable, or a list of cards. */
  children: (page: Page) => ReactNode;
}

/**
 * The frame of every paged list (records, units, documents, articles): its toolbar with the
 * export actions, then the first load's skeleton, the failed read with a Retry, the empty list,
 * or the page of rows and its pagination. Each screen says only what differs.
 */
export function ListView<Row, Page extends ApiPaged<Row> = ApiPaged<Row>>({
  read: { data, error, isLoading, isValidating, mutate },
  what,
  skeleton,
  empty,
  pastTheEnd,
  toolbar,
  exports,
  perPage,
  onPageChange,
  pagesLabel,
  children,
}: ListViewProps<Row, Page>) {
  const hasExports = exports !== undefined && (exports.csv !== undefined || exports.print === true);
  return (
    <>
      {(toolbar !== undefined || hasExports) && (
        <div className={styles.toolbar}>
          {toolbar}
          {hasExports && <ExportActions {...exports} />}
        </div>
      )}
      {isLoading && !data ? (
        <Skeleton shape={skeleton.shape} columns={skeleton.columns} />
      ) : error ? (
        <LoadFailed
          what={what}
          error={error}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
      ) : data && data.total_records === 0 ? (
        <p>{empty}</p>
      ) : data && data.records.length === 0 && pastTheEnd !== undefined ? (
        <p>{pastTheEnd}</p>
      ) : data ? (
        <>
          {children(data)}
          <Pagination
            page={data.current_page}
            totalRecords={data.total_records}
            perPage={perPage}
            onPageChange={onPageChange}
            label={pagesLabel}
          />
        </>
      ) : null}
    </>
  );
}
