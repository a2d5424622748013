import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import { LoadFailed } from '../errors/LoadFailed.tsx';
import { PageLoading } from '../PageLoading.tsx';
import styles from './DetailPage.module.css';

interface DetailPageProps<T> {
  /** The read of the one thing the page shows (useApi). */
  read: Pick<SWRResponse<T, unknown>, 'data' | 'error' | 'mutate' | 'isValidating'>;
  /** The link back to the list the thing was opened from. */
  back: { to: To; label: string; relative?: 'path' | 'route' };
  /** The page's heading while the thing cannot be read: "Survey". */
  title: string;
  /** The failure's subject: "The survey". */
  what: string;
  /** The page once the thing is read, under the link back. */
  children: (data: T) => ReactNode;
}

/**
 * A page about one thing read from the API (a survey, a submitted record, a response): the link
 * back to its list on top; while it loads, the page skeleton; when it cannot be read, a heading
 * and the failure with Retry; once read, the page itself. A failed re-read keeps what was read.
 */
export function DetailPage<T>({ read, back, title, what, children }: DetailPageProps<T>) {
  const backLink = (
    <p className={styles.back}>
      <Link to={back.to} {...(back.relative ? { relative: back.relative } : {})}>
        {back.label}
      </Link>
    </p>
  );
  if (read.data === undefined) {
    if (!read.error) return <PageLoading />;
    return (
      <>
        {backLink}
        <h1>{title}</h1>
        <LoadFailed
          what={what}
          error={read.error}
          onRetry={() => void read.mutate()}
          retrying={read.isValidating}
        />
      </>
    );
  }
  return (
    <>
      {backLink}
      {children(read.data)}
    </>
  );
}
