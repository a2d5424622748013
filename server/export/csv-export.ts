import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvLine, type CsvValue } from '../../shared/csv.ts';
import { attachmentDisposition } from '../documents/file-name.ts';

/** One column of an export: its header title (as the screen titles it) and a row's cell. */
export interface CsvColumn<Row> {
  title: string;
  value: (row: Row) => CsvValue;
}

/**
 * Reads one batch of a list in the list's own order: at most `limit` rows from `offset` on, which
 * are the rows after `last` (the previous batch's last row, undefined for the first batch). Every
 * list orders by a unique last key, so batches never overlap; a long list reads after `last`
 * (keyset) rather than by offset, so each batch costs the same however far in it is.
 */
export type BatchReader<Row> = (
  limit: number,
  offset: number,
  last: Row | undefined,
) => Promise<readonly Row[]>;

/**
 * Rows per query: large enough that 15,000 units take 8 queries (about 2 s in all on PGlite, as
 * each batch scans the user's units), small enough that one batch's text (~260 KB) is all the
 * server holds of a file at a time.
 */
export const EXPORT_BATCH_ROWS = 2000;

/**
 * The file's text, a batch at a time: the UTF-8 byte order mark (so that Excel reads £ and ²
 * right), the header row, then each batch's records. RFC 4180 with CRLF line ends; text cells
 * are guarded against formula injection (shared/csv.ts, guardFormula).
 */
export async function* csvChunks<Row>(
  columns: readonly CsvColumn<Row>[],
  read: BatchReader<Row>,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<Buffer> {
  yield Buffer.from(`\uFEFF${csvLine(columns.map((c) => c.title))}`, 'utf8');
  let last: Row | undefined;
  for (let offset = 0; ; offset += batchRows) {
    const rows = await read(batchRows, offset, last);
    last = rows.at(-1);
    if (rows.length > 0) {
      const text = rows.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');
      yield Buffer.from(text, 'utf8');
    }
    if (rows.length < batchRows) return;
  }
}

/** A part of a file name: lower case letters, digits and single hyphens, at most 60 long. */
export function fileNamePart(text: string): string {
  const part = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return part === '' ? 'export' : part;
}

/** "<what>-<of what>-<yyyy-mm-dd>.csv", each part made safe: "lower-dale-dairy-monthly-2026-11-24.csv". */
export function exportFileName(parts: readonly string[], now: Date): string {
  return `${[...parts.map(fileNamePart), now.toISOString().slice(0, 10)].join('-')}.csv`;
}

/** The export's total, for the portal's progress ("1,200 of 15,000 rows"). */
export const TOTAL_ROWS_HEADER = 'x-total-count';

/**
 * Answers with the CSV as a stream: a batch is read only when the previous one has been taken by
 * the connection, so a large list never sits whole in memory; a client that goes away stops the
 * reading. Downloads keep their own sandboxing policy, as a document's content does.
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  file: { name: string; totalRows: number },
  columns: readonly CsvColumn<Row>[],
  read: BatchReader<Row>,
): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(file.name))
    .header(TOTAL_ROWS_HEADER, String(file.totalRows))
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(Readable.from(csvChunks(columns, read), { objectMode: false }));
}
