import { useId, type ReactNode } from 'react';
import styles from './Table.module.css';

export type SortDirection = 'asc' | 'desc';

/** One column of a DataTable: its header, how a row's cell is drawn, and how it lines up. */
export interface Column<Row> {
  /** Unique among the table's columns; the sort key when the column is sortable. */
  key: string;
  /** The column header's content. */
  header: ReactNode;
  /**
   * The plain-text name a card shows before each value on a narrow screen; defaults to the
   * header when that is a string.
   */
  label?: string;
  cell: (row: Row, index: number) => ReactNode;
  /** Figures: aligned right, digits of equal width. */
  numeric?: boolean;
  /** The cell names its row (`<th scope="row">`): a month, a year, a route. */
  rowHeader?: boolean;
  /** On a card the value stands alone, as the card's title, without its label. */
  hideLabel?: boolean;
  /** Sorting by this column: its header is a button (needs the table's onSort). */
  sortable?: boolean;
  /** A class for this column's cells, or one worked out from the row. */
  className?: string | ((row: Row) => string | undefined);
}

export interface DataTableProps<Row> {
  /** Names the table (and, in scroll mode, its scrolling region). */
  caption: ReactNode;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /**
   * What the table becomes where its container is narrow (below 45rem): `cards`, a card per row
   * with each value after its column's label and the row's actions at the card's foot; or
   * `scroll`, the table as it is inside a focusable, named, horizontally scrolling region whose
   * first column stays in view.
   */
  narrow: 'cards' | 'scroll';
  /** The row's actions (buttons, links), in a last column that stays reachable on phones. */
  actions?: (row: Row, index: number) => ReactNode;
  /** The actions column's header, read by screen readers only. */
  actionsLabel?: string;
  /** Cells keep to one line (dates, figures) on wide screens. */
  nowrap?: boolean;
  sort?: { key: string; direction: SortDirection };
  onSort?: (key: string) => void;
  /** On paper: A4 portrait (the default) or, for a table too wide for it, A4 landscape. */
  print?: 'portrait' | 'landscape';
  /** A class for the table element (a screen's own look). */
  className?: string;
}

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

const ariaSort = (column: string, sort: DataTableProps<unknown>['sort']) =>
  sort?.key === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

/**
 * The portal's one data table, for record lists, reports, documents and calculators: a real
 * `<table>` with a caption and column headers on wide screens and on paper, made to work on a
 * phone by its `narrow` mode. In cards mode the table's parts keep their roles explicitly, as
 * some browsers drop table semantics from cells restyled as blocks: a screen reader still hears
 * each value's column header, and the card's visible labels are hidden from it.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  narrow,
  actions,
  actionsLabel = 'Actions',
  nowrap = false,
  sort,
  onSort,
  print = 'portrait',
  className,
}: DataTableProps<Row>) {
  const captionId = useId();
  const cards = narrow === 'cards';
  const sortable = onSort !== undefined && columns.some((c) => c.sortable);
  // Explicit roles only where the display of the table's parts changes (cards).
  const role = (name: string) => (cards ? name : undefined);

  const table = (
    <table
      className={join(
        styles.table,
        nowrap && styles.nowrap,
        cards ? styles.cards : styles.sticky,
        sortable && styles.sortable,
        className,
      )}
      role={role('table')}
      aria-labelledby={cards ? captionId : undefined}
    >
      <caption id={captionId} className={styles.caption}>
        {caption}
      </caption>
      <thead role={role('rowgroup')}>
        <tr role={role('row')}>
          {columns.map((column) => {
            const button = column.sortable && onSort !== undefined;
            return (
              <th
                key={column.key}
                scope="col"
                role={role('columnheader')}
                aria-sort={button ? ariaSort(column.key, sort) : undefined}
                className={join(column.numeric && styles.numeric, button && styles.sortHeader)}
              >
                {button ? (
                  <button
                    type="button"
                    className={styles.sortButton}
                    onClick={() => onSort(column.key)}
                  >
                    {column.header}
                  </button>
                ) : (
                  column.header
                )}
              </th>
            );
          })}
          {actions && (
            <th scope="col" role={role('columnheader')} className={styles.actionsHeader}>
              <span className="visually-hidden">{actionsLabel}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody role={role('rowgroup')}>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} role={role('row')}>
            {columns.map((column) => {
              const Cell = column.rowHeader ? 'th' : 'td';
              const label =
                column.label ?? (typeof column.header === 'string' ? column.header : undefined);
              return (
                <Cell
                  key={column.key}
                  scope={column.rowHeader ? 'row' : undefined}
                  role={role(column.rowHeader ? 'rowheader' : 'cell')}
                  className={join(
                    column.numeric && styles.numeric,
                    column.hideLabel && styles.cardTitle,
                    typeof column.className === 'function'
                      ? column.className(row)
                      : column.className,
                  )}
                >
                  {cards && label !== undefined && !column.hideLabel && (
                    <span className={styles.cardLabel} aria-hidden="true">
                      {label}
                    </span>
                  )}
                  {cards ? (
                    <span className={styles.cardValue}>{column.cell(row, index)}</span>
                  ) : (
                    column.cell(row, index)
                  )}
                </Cell>
              );
            })}
            {actions && (
              <td role={role('cell')} className={styles.actionsCell}>
                <div className={styles.rowActions}>{actions(row, index)}</div>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );

  const onPaper = print === 'landscape' ? styles.landscape : undefined;
  return cards ? (
    <div className={join(styles.wrap, styles.cardsWrap, onPaper)}>{table}</div>
  ) : (
    <div
      className={join(styles.wrap, styles.scroll, onPaper)}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      {table}
    </div>
  );
}
