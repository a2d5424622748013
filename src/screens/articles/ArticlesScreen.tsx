import { Link, useSearchParams } from 'react-router-dom';
import type { ApiArticle, ApiArticleSummary } from '../../../shared/api.ts';
import { useAccessScope } from '../../core/account/use-access-scope.ts';
import { useApi, useApiPaged } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { useScreenHandle } from '../../engine/use-screen-handle.ts';
import { SafeHtml } from '../../ui/content/SafeHtml.tsx';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { ListView } from '../../ui/list/ListView.tsx';
import styles from './ArticlesScreen.module.css';

const PER_PAGE = 10;
const MAX_PAGE = 1_000_000;

/**
 * News or Knowledge Exchange (the route's options.kind): the articles the user's providers
 * publish, newest first; ?article=ID opens one, so that it can be bookmarked and shared.
 */
export default function ArticlesScreen() {
  const handle = useScreenHandle();
  const kind = handle?.options.kind;
  const title = handle?.title ?? 'Articles';
  const [params, setParams] = useSearchParams();
  const articleId = Number(params.get('article'));
  // A hand-edited ?page= is kept to whole pages the server accepts.
  const page = Math.min(MAX_PAGE, Math.max(1, Math.trunc(Number(params.get('page'))) || 1));
  if (!kind)
    return <p>This page names no kind of article; check its route in config/routes.json.</p>;
  if (Number.isInteger(articleId) && articleId > 0) {
    return <Article kind={kind} id={articleId} listTitle={title} />;
  }
  return (
    <ArticleList
      kind={kind}
      title={title}
      page={page}
      onPageChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
    />
  );
}

function ArticleList(props: {
  kind: string;
  title: string;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const scope = useAccessScope();
  const list = useApiPaged<ApiArticleSummary>(
    `/articles/${props.kind}`,
    { page: props.page, perPage: PER_PAGE },
    scope,
  );
  return (
    <>
      <h1>{props.title}</h1>
      <ListView
        read={list}
        what="The articles"
        skeleton={{ shape: 'cards' }}
        empty="Nothing has been published here yet."
        pastTheEnd={
          <>
            There is no page {props.page}. <Link to=".">Back to the first page</Link>
          </>
        }
        perPage={PER_PAGE}
        onPageChange={props.onPageChange}
        pagesLabel={`${props.title} pages`}
      >
        {(data) => (
          <ul className={styles.list} aria-label={props.title}>
            {data.records.map((article) => (
              <li key={article.id} className={styles.card}>
                <h2 className={styles.heading}>
                  <Link to={`?article=${String(article.id)}`}>{article.title}</Link>
                </h2>
                <p className={styles.meta}>
                  {formatDate(article.published_on, 'long')} · {article.provider_name} ·{' '}
                  {article.author}
                </p>
                <p>{article.summary}</p>
              </li>
            ))}
          </ul>
        )}
      </ListView>
    </>
  );
}

function Article({ kind, id, listTitle }: { kind: string; id: number; listTitle: string }) {
  const { data, error, isValidating, mutate } = useApi<ApiArticle>(
    `/articles/${kind}/${String(id)}`,
    useAccessScope(),
  );
  const back = <Link to=".">Back to {listTitle}</Link>;
  if (error && !data) {
    return (
      <>
        <LoadFailed
          what="This article"
          error={error}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
        <p>{back}</p>
      </>
    );
  }
  if (!data) return <PageLoading />;
  return (
    <article className={styles.article}>
      <p>{back}</p>
      <h1>{data.title}</h1>
      <p className={styles.meta}>
        {formatDate(data.published_on, 'long')} · {data.provider_name} · {data.author}
      </p>
      <SafeHtml html={data.body_html} className={styles.body} />
    </article>
  );
}
