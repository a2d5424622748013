import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from '../../src/ui/table/DataTable.tsx';
import styles from '../../src/ui/table/Table.module.css';

interface Month {
  month: string;
  litres: number;
  income: string;
}

const MONTHS: Month[] = [
  { month: 'Feb 2024', litres: 171000, income: '£72,675' },
  { month: 'Jan 2024', litres: 186000, income: '£79,050' },
];

const COLUMNS: Column<Month>[] = [
  { key: 'month', header: 'Month', rowHeader: true, cell: (m) => m.month },
  {
    key: 'litres',
    header: 'Milk sold (l)',
    numeric: true,
    sortable: true,
    cell: (m) => m.litres.toLocaleString('en-GB'),
  },
  { key: 'income', header: 'Income', numeric: true, cell: (m) => m.income },
];

describe('DataTable', () => {
  it('in cards mode shows each value after its column label, read as the column header', () => {
    const { container } = render(
      <DataTable
        narrow="cards"
        caption="Month by month"
        columns={COLUMNS}
        rows={MONTHS}
        rowKey={(m) => m.month}
      />,
    );
    const table = screen.getByRole('table', { name: 'Month by month' });
    expect(table).toHaveClass(styles.cards ?? 'cards');
    // Screen readers still get the table: headers, rows, a row header and cells.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Month', 'Milk sold (l)', 'Income']);
    const january = within(table).getByRole('row', { name: /Jan 2024/ });
    expect(within(january).getByRole('rowheader')).toHaveTextContent('Jan 2024');
    // The visible label is beside the value, hidden from screen readers (they hear the header).
    const income = within(january).getByRole('cell', { name: '£79,050' });
    const label = income.querySelector('[aria-hidden="true"]');
    expect(label).toHaveTextContent('Income');
    expect(income).toHaveTextContent('Income£79,050');
    const litres = within(january).getByRole('cell', { name: '186,000' });
    expect(litres.querySelector('[aria-hidden="true"]')).toHaveTextContent('Milk sold (l)');
    // Cards mode is no scrolling region.
    expect(container.querySelector('[role="region"]')).toBeNull();
  });

  it('in scroll mode puts the table in a focusable region named by its caption, first column sticky', () => {
    render(
      <DataTable
        narrow="scroll"
        caption="Month by month"
        columns={COLUMNS}
        rows={MONTHS}
        rowKey={(m) => m.month}
      />,
    );
    const region = screen.getByRole('region', { name: 'Month by month' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass(styles.scroll ?? 'scroll');
    const table = within(region).getByRole('table', { name: 'Month by month' });
    expect(table).toHaveClass(styles.sticky ?? 'sticky');
    // No card labels: the cells hold their values alone.
    expect(within(table).getByRole('cell', { name: '£79,050' })).toHaveTextContent(/^£79,050$/);
    expect(table.querySelector('[aria-hidden="true"]')).toBeNull();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Feb 2024', 'Jan 2024']);
  });

  it('renders each row’s actions in a last cell under a screen-reader-only header', async () => {
    const edit = vi.fn<(month: string) => void>();
    render(
      <DataTable
        narrow="cards"
        caption="Months"
        columns={COLUMNS}
        rows={MONTHS}
        rowKey={(m) => m.month}
        actions={(m) => (
          <button type="button" onClick={() => edit(m.month)}>
            Edit
          </button>
        )}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    const february = screen.getByRole('row', { name: /Feb 2024/ });
    const cells = within(february).getAllByRole('cell');
    const last = cells[cells.length - 1];
    expect(last).toHaveClass(styles.actionsCell ?? 'actionsCell');
    await userEvent.click(within(february).getByRole('button', { name: 'Edit' }));
    expect(edit).toHaveBeenCalledWith('Feb 2024');
  });

  it('sorts by a sortable column through its header button, saying which way', async () => {
    const onSort = vi.fn();
    render(
      <DataTable
        narrow="cards"
        caption="Months"
        columns={COLUMNS}
        rows={MONTHS}
        rowKey={(m) => m.month}
        sort={{ key: 'litres', direction: 'desc' }}
        onSort={onSort}
      />,
    );
    const header = screen.getByRole('columnheader', { name: 'Milk sold (l)' });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Month' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(header).getByRole('button', { name: 'Milk sold (l)' }));
    expect(onSort).toHaveBeenCalledWith('litres');
  });

  it('puts a table too wide for portrait on the landscape page when printed', () => {
    render(
      <DataTable
        narrow="scroll"
        print="landscape"
        caption="Months"
        columns={COLUMNS}
        rows={MONTHS}
        rowKey={(m) => m.month}
      />,
    );
    expect(screen.getByRole('region', { name: 'Months' })).toHaveClass(
      styles.landscape ?? 'landscape',
    );
  });
});
