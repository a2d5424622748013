import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { RemittanceGrower, StatementSummary } from '../../../shared/remittance/types.ts';
import { useApi, useApiPaged } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { formatNumber } from '../../core/format/numbers.ts';
import { ListView } from '../../ui/list/ListView.tsx';
import { SearchBox } from '../../ui/search/SearchBox.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { formatPence, formatTonnes } from './money.ts';
import styles from './Remittance.module.css';
import { FilterSelect } from '../../ui/filters/FilterSelect.tsx';

const PER_PAGE = 20;
/** The months the period filters offer: from the first statements (the 2025 season) to now. */
const FIRST_MONTH = '2025-01';

function monthsUpToNow(): string[] {
  const now = new Date();
  const months: string[] = [];
  for (let y = now.getFullYear(), m = now.getMonth() + 1; ; m--) {
    if (m === 0) {
      y--;
      m = 12;
    }
    const month = `${String(y)}-${String(m).padStart(2, '0')}`;
    if (month < FIRST_MONTH) break;
    months.push(month);
  }
  return months;
}

const monthWords = (month: string) => formatDate(`${month}-01`, 'monthYear');

function columnsFor(showGrower: boolean): Column<StatementSummary>[] {
  return [
    {
      key: 'number',
      header: 'Statement',
      rowHeader: true,
      hideLabel: true,
      cell: (s) => (
        <Link
          to={String(s.id)}
          aria-label={`Statement ${s.number}, ${s.unit.name}, ${formatDate(s.periodStart, 'monthYear')}`}
        >
          {s.number}
        </Link>
      ),
    },
    ...(showGrower
      ? [
          {
            key: 'grower',
            header: 'Grower',
            cell: (s: StatementSummary) => `${s.unit.name} (${s.farm.name})`,
          },
        ]
      : []),
    { key: 'period', header: 'Period', cell: (s) => formatDate(s.periodStart, 'monthYear') },
    { key: 'paid', header: 'Payment date', cell: (s) => formatDate(s.paymentDate, 'medium') },
    { key: 'loads', header: 'Loads', numeric: true, cell: (s) => formatNumber(s.loads) },
    { key: 'tonnes', header: 'Tonnes', numeric: true, cell: (s) => formatTonnes(s.tonnes) },
    {
      key: 'net',
      header: 'Net before VAT',
      numeric: true,
      cell: (s) => formatPence(s.totals.netBeforeVatPence),
    },
    { key: 'vat', header: 'VAT', numeric: true, cell: (s) => formatPence(s.totals.vatPence) },
    {
      key: 'paidAmount',
      header: 'Net paid',
      numeric: true,
      cell: (s) => <span className={styles.netPaid}>{formatPence(s.totals.netPaidPence)}</span>,
    },
  ];
}

export interface StatementsListProps {
  /** The API path of the list: /remittance/statements or /units/{unit}/remittance/statements. */
  base: string;
  /** The provider's staff choose a grower and search; a farm sees only its own unit. */
  staff: boolean;
}

/**
 * Remittance statements, newest period first, each linked to its lines: filtered by grower
 * (staff), by the months from and to, and by a search (staff); downloaded as CSV with the same
 * filters, or printed. Its totals are the server's, worked out from each statement's lines.
 */
export function StatementsList({ base, staff }: StatementsListProps) {
  const [grower, setGrower] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const growers = useApi<RemittanceGrower[]>(staff ? '/remittance/growers' : null);
  const query = {
    ...(grower ? { unit: grower } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  const list = useApiPaged<StatementSummary>(base, { page, perPage: PER_PAGE }, query);
  const months = monthsUpToNow();
  const filtered = Object.keys(query).length > 0;
  const columns = columnsFor(staff);
  const choose = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
    <ListView
      read={list}
      what="The remittance statements"
      skeleton={{ shape: 'table', columns: columns.length }}
      empty={
        filtered
          ? 'No statements match these filters.'
          : staff
            ? 'No remittance statements have been issued yet.'
            : 'No remittance statements have been issued to this unit yet.'
      }
      toolbar={
        <div className={styles.filters}>
          {staff && (
            <FilterSelect
              label="Grower"
              value={grower}
              anyLabel="All growers"
              options={(growers.data ?? []).map((g) => ({
                value: String(g.id),
                label: `${g.name} (${g.farmName})`,
              }))}
              onChange={choose(setGrower)}
            />
          )}
          <FilterSelect
            label="From"
            value={from}
            anyLabel="Any month"
            options={months.map((m) => ({
              value: m,
              label: monthWords(m),
              disabled: to !== '' && m > to,
            }))}
            onChange={choose(setFrom)}
          />
          <FilterSelect
            label="To"
            value={to}
            anyLabel="Any month"
            options={months.map((m) => ({
              value: m,
              label: monthWords(m),
              disabled: from !== '' && m < from,
            }))}
            onChange={choose(setTo)}
          />
          {staff && (
            <SearchBox
              label="Search statements"
              value={search}
              onChange={choose(setSearch)}
              placeholder="Grower, farm or statement number"
            />
          )}
        </div>
      }
      exports={{ csv: { path: `${base}.csv`, params: query }, print: true, what: 'Statements' }}
      perPage={PER_PAGE}
      onPageChange={setPage}
      pagesLabel="Statement pages"
    >
      {(data) => (
        <DataTable
          narrow="cards"
          caption={`${formatNumber(data.total_records)} statement${data.total_records === 1 ? '' : 's'}`}
          columns={columns}
          rows={data.records}
          rowKey={(s) => s.id}
        />
      )}
    </ListView>
  );
}
