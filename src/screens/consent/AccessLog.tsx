import { useId, useState } from 'react';
import type { AccessLogEntry, ConsentProvider } from '../../../shared/consent/types.ts';
import { useApiPaged } from '../../core/api/use-api.ts';
import { formatNumber } from '../../core/format/numbers.ts';
import { ListView } from '../../ui/list/ListView.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { ACTION_WORDS, momentWords } from './consent-words.ts';
import styles from './Consent.module.css';
import { Heading, type HeadingLevel } from './Heading.tsx';
import { FilterSelect } from '../../ui/filters/FilterSelect.tsx';

const PER_PAGE = 20;

const COLUMNS: Column<AccessLogEntry>[] = [
  { key: 'when', header: 'When', rowHeader: true, hideLabel: true, cell: (e) => momentWords(e.at) },
  { key: 'who', header: 'Who', cell: (e) => e.user },
  { key: 'organisation', header: 'Organisation', cell: (e) => e.provider.name },
  { key: 'data', header: 'Data', cell: (e) => e.category.title },
  { key: 'through', header: 'Seen through', cell: (e) => e.what },
  { key: 'action', header: 'Action', cell: (e) => ACTION_WORDS[e.action] },
];

interface AccessLogProps {
  unitId: number;
  /** The providers whose staff the log may be narrowed to. */
  providers: readonly ConsentProvider['provider'][];
  retentionDays: number;
  level: HeadingLevel;
}

/**
 * The unit's access log (GET /api/units/{unit}/access-log): every read of its data by company
 * staff, newest first, paged, narrowed to one provider's staff if asked, and downloaded as CSV
 * with the same filter.
 */
export function AccessLog({ unitId, providers, retentionDays, level }: AccessLogProps) {
  const headingId = useId();
  const [provider, setProvider] = useState('');
  const [page, setPage] = useState(1);
  const base = `/units/${String(unitId)}/access-log`;
  // The list's query; the CSV takes the same, so the file holds what the list does.
  const query = provider === '' ? {} : { provider };
  const list = useApiPaged<AccessLogEntry>(base, { page, perPage: PER_PAGE }, query);
  const chosen = providers.find((p) => String(p.id) === provider);

  return (
    <section className={styles.log} aria-labelledby={headingId}>
      <Heading level={level} id={headingId}>
        Access log
      </Heading>
      <p className={styles.lead}>
        Each time company staff open this unit&apos;s data it is listed here, newest first. Entries
        are kept for {formatNumber(retentionDays)} days.
      </p>
      <ListView
        read={list}
        what="The access log"
        skeleton={{ shape: 'table', columns: COLUMNS.length }}
        empty={
          chosen
            ? `No staff of ${chosen.name} have opened this unit's data yet.`
            : "No company staff have opened this unit's data yet."
        }
        toolbar={
          <FilterSelect
            label="Organisation"
            value={provider}
            anyLabel="All organisations"
            options={providers.map((p) => ({ value: String(p.id), label: p.name }))}
            onChange={(value) => {
              setProvider(value);
              setPage(1);
            }}
          />
        }
        exports={{ csv: { path: `${base}.csv`, params: query }, what: 'the access log' }}
        perPage={PER_PAGE}
        onPageChange={setPage}
        pagesLabel="Access log pages"
      >
        {(data) => (
          <DataTable
            narrow="cards"
            caption={`${formatNumber(data.total_records)} ${
              data.total_records === 1 ? 'entry' : 'entries'
            }, newest first`}
            columns={COLUMNS}
            rows={data.records}
            rowKey={(e) => e.id}
          />
        )}
      </ListView>
    </section>
  );
}
