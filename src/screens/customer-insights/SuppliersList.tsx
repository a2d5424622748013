import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import { evaluate } from '../../../shared/access/conditions.ts';
import type { CustomerInsights, SupplierRow } from '../../../shared/benchmarking/api.ts';
import { appPaths } from '../../core/config.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { ruleBook } from '../../engine/rules.ts';
import { useAvailableFlags } from '../../engine/use-flags.ts';
import { kpiFigure } from '../../ui/benchmarking/statistic-text.ts';
import { Button } from '../../ui/Button.tsx';
import { ListView, type ListRead } from '../../ui/list/ListView.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { openSupplier } from './open-supplier.ts';

/** The table's columns: the unit and where it is, then each KPI's value. */
function columns(insights: CustomerInsights): Column<SupplierRow>[] {
  return [
    { key: 'unit', header: 'Unit', rowHeader: true, hideLabel: true, cell: (r) => r.unit },
    { key: 'farm', header: 'Farm', cell: (r) => r.farm },
    { key: 'region', header: 'Region', cell: (r) => r.region ?? '—' },
    { key: 'size', header: 'Size', cell: (r) => r.sizeBand ?? '—' },
    // The unit once, in the header, so the wide table's cells hold figures only.
    ...insights.kpis.map((kpi): Column<SupplierRow> => ({
      key: `kpi-${kpi.id}`,
      header: kpi.unit === '' ? kpi.title : `${kpi.title} (${kpi.unit})`,
      numeric: true,
      // A farm that withholds its figures from the provider (issue 20 point 3) is listed without.
      cell: (r) =>
        r.shared
          ? kpiFigure(r.values[kpi.id] ?? null, { unit: '', decimals: kpi.decimals })
          : 'Not shared',
    })),
  ];
}

/** The insights answer as the page of units ListView draws. */
function unitsRead(insights: SWRResponse<CustomerInsights, unknown>): ListRead<SupplierRow> {
  const { data, error, isLoading, isValidating, mutate } = insights;
  return {
    data: data && {
      total_records: data.total_records,
      current_page: data.page,
      records_per_page: data.per_page,
      records: data.units,
    },
    error,
    isLoading,
    isValidating,
    mutate,
  };
}

/**
 * The provider's own supplying units with each KPI's value in the period, paged by the server;
 * each opens as Select Farm opens a unit, for staff who may list units.
 */
export function SuppliersList({
  insights,
  onPage,
}: {
  insights: SWRResponse<CustomerInsights, unknown>;
  onPage: (page: number) => void;
}) {
  const flags = useAvailableFlags();
  const canOpen = evaluate({ rule: 'units-list' }, flags, ruleBook.lookup);
  const [opening, setOpening] = useState<number | null>(null);
  const navigate = useNavigate();
  const data = insights.data;
  if (!data) return null;

  const open = async (row: SupplierRow) => {
    setOpening(row.unitId);
    try {
      if (await openSupplier(row)) void navigate(appPaths.home);
    } catch (e) {
      reportError(e);
    } finally {
      setOpening(null);
    }
  };

  return (
    <section aria-labelledby="suppliers-heading">
      <h2 id="suppliers-heading">Your supplying units</h2>
      <ListView
        read={unitsRead(insights)}
        what="Your supplying units"
        skeleton={{ shape: 'table', columns: 4 + data.kpis.length }}
        empty={`You have no supplying ${data.enterprise.title.toLowerCase()} units.`}
        pastTheEnd="There are no more units: go back to the first page."
        perPage={data.per_page}
        onPageChange={onPage}
        pagesLabel="Supplying units pages"
      >
        {(page) => (
          <DataTable
            caption={`${data.suppliers.title}: ${String(page.total_records)} units, figures for ${data.period}${
              insights.isValidating ? ' (updating…)' : ''
            }`}
            columns={columns(data)}
            rows={page.records}
            rowKey={(r) => r.unitId}
            narrow="cards"
            print="landscape"
            actionsLabel="Open"
            actions={
              canOpen
                ? (row) => (
                    <Button
                      variant="secondary"
                      onClick={() => void open(row)}
                      busy={opening === row.unitId}
                      busyLabel="Opening…"
                      disabled={opening !== null && opening !== row.unitId}
                      aria-label={`Open ${row.unit}`}
                    >
                      Open
                    </Button>
                  )
                : undefined
            }
          />
        )}
      </ListView>
    </section>
  );
}
