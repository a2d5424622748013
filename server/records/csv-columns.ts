import type { ApiRecord } from '../../shared/api.ts';
import type { CsvValue } from '../../shared/csv.ts';
import { listColumnTitle } from '../../shared/record-columns.ts';
import type { CsvColumn } from '../export/csv-export.ts';
import { choiceTitles, fieldShape } from './display.ts';
import type { RecordType } from './record-types.ts';

/**
 * A value as a spreadsheet should get it: a choice as the title the list shows ("Accepted with
 * deduction"), a number as a number (no grouping, every decimal), a date as stored (ISO
 * yyyy-MM-dd, which every spreadsheet reads as a date), other text as it is.
 */
function cellValue(titles: ReadonlyMap<unknown, string>, value: unknown): CsvValue {
  if (value === undefined || value === null) return null;
  const title = titles.get(value);
  if (title !== undefined) return title;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

/**
 * The records list's columns as the screen titles them (shared/record-columns.ts), after the
 * ids: the record's and its unit's.
 */
export function recordCsvColumns(type: RecordType): CsvColumn<ApiRecord>[] {
  return [
    { title: 'Record ID', value: (record) => record.id },
    { title: 'Unit ID', value: (record) => record.unit_id },
    ...type.listColumns.map((column): CsvColumn<ApiRecord> => {
      const titles = choiceTitles(fieldShape(type, column.field));
      return {
        title: listColumnTitle(column, type.schema.properties),
        value: (record) => cellValue(titles, record.data[column.field]),
      };
    }),
  ];
}
