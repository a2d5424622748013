import type { ListColumn } from './config-types.generated.ts';

/**
 * A records list column's heading: its label, else its field's title, else the field's name.
 * The records screen and the server's CSV export both title their columns with this, so that
 * the file's header row says what the screen's table does.
 */
export function listColumnTitle(
  column: ListColumn,
  properties: Readonly<Record<string, { title?: string } | undefined>>,
): string {
  return column.label ?? properties[column.field]?.title ?? column.field;
}
