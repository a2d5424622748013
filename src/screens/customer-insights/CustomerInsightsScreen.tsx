import { useState } from 'react';
import type { CustomerInsights } from '../../../shared/benchmarking/api.ts';
import { useApi } from '../../core/api/use-api.ts';
import { dateTimeFormat } from '../../core/format/numbers.ts';
import { ConfidentialityNote } from '../../ui/benchmarking/ConfidentialityNote.tsx';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { ExportActions } from '../../ui/export/ExportActions.tsx';
import { DelayedProgress } from '../../ui/progress/ProgressBar.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import { Choosers } from './Choosers.tsx';
import { Groups } from './Groups.tsx';
import { KpiInsight } from './KpiInsight.tsx';
import { SuppliersList } from './SuppliersList.tsx';
import { Uptake } from './Uptake.tsx';
import styles from './CustomerInsights.module.css';

const computedAt = dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** Supplying units a page of the units table shows. */
const PER_PAGE = 20;

/** What the page asks for; unset enterprise and period are the server's defaults. */
interface Query {
  enterprise?: string;
  period?: string;
  page: number;
}

/**
 * Customer Insights (issue 19 point 3): for a provider's staff with `insights`, the KPIs of its
 * supplying units against the comparison group, trends, survey completion, calculator uptake and
 * the units themselves (GET /api/insights). Every group figure has been through the server's
 * confidential aggregates; this page only shows them, and what was suppressed says why.
 */
export default function CustomerInsightsScreen() {
  const [query, setQuery] = useState<Query>({ page: 1 });
  const insights = useApi<CustomerInsights>(
    '/insights',
    {
      ...(query.enterprise ? { enterprise: query.enterprise } : {}),
      ...(query.period ? { period: query.period } : {}),
      page: query.page,
      per_page: PER_PAGE,
    },
    // A new page or period keeps the figures on screen until the next answer replaces them.
    { keepPreviousData: true },
  );
  const { data, error, isValidating, mutate } = insights;

  if (!data) {
    return (
      <>
        <h1>Insights</h1>
        {error ? (
          <LoadFailed
            what="Your suppliers' insights"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : (
          <>
            <DelayedProgress active label="Working out the figures…" />
            <Skeleton shape="report" />
          </>
        )}
      </>
    );
  }

  const enterpriseUnits = data.enterprises.find((e) => e.id === data.enterprise.id)?.units ?? 0;
  return (
    <>
      <h1>Insights</h1>
      <p className={styles.lead}>
        {data.provider.name}&rsquo;s supplying farms: their key figures against{' '}
        {data.comparison.title.toLowerCase()}, how many answer your surveys and use the calculators,
        and each unit&rsquo;s own figures.
      </p>
      <div className={styles.toolbar}>
        <Choosers
          insights={data}
          busy={isValidating}
          onEnterprise={(enterprise) => setQuery({ enterprise, page: 1 })}
          onPeriod={(period) => setQuery({ enterprise: data.enterprise.id, period, page: 1 })}
        />
        {/* The file holds the enterprise and period on screen, every unit of them. */}
        <ExportActions
          what={`Insights for ${data.enterprise.title}, ${data.period}`}
          print
          csv={{
            path: '/insights.csv',
            params: { enterprise: data.enterprise.id, period: data.period },
          }}
        />
      </div>
      {error ? (
        <LoadFailed
          what="The figures asked for"
          error={error}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
      ) : null}
      {enterpriseUnits === 0 && (
        <p className={styles.empty} role="status">
          {data.provider.name} has no supplying {data.enterprise.title.toLowerCase()} units, so
          there are no suppliers&rsquo; figures to show; {data.comparison.title.toLowerCase()} are
          shown on their own.
        </p>
      )}
      <Groups insights={data} />
      <section aria-labelledby="kpis-heading">
        <h2 id="kpis-heading">
          Key figures, {data.periodTitle.toLowerCase()} {data.period}
        </h2>
        <div className={styles.kpis}>
          {data.kpis.map((kpi) => (
            <KpiInsight key={kpi.id} kpi={kpi} insights={data} />
          ))}
        </div>
      </section>
      <Uptake uptake={data.uptake} />
      <SuppliersList
        insights={insights}
        onPage={(page) => setQuery({ enterprise: data.enterprise.id, period: data.period, page })}
      />
      <ConfidentialityNote rules={data.confidentiality} />
      <p className={styles.computed}>
        Figures worked out {computedAt.format(new Date(data.computedAt))}; they are refreshed every
        few minutes.
      </p>
    </>
  );
}
