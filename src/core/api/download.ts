import { apiResponse, type QueryParams } from './client.ts';

/** How far a download has got: bytes and CSV rows received, and the rows the server announced. */
export interface DownloadProgress {
  bytes: number;
  rows: number;
  /** From the answer's X-Total-Count; null when the server sent none. */
  totalRows: number | null;
}

export interface DownloadOptions {
  params?: QueryParams;
  /** The name to save under; the answer's Content-Disposition names it otherwise. */
  fileName?: string;
  /** Aborts the download (it then rejects with an AbortError) and saves nothing. */
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

export interface DownloadedFile {
  fileName: string;
  bytes: number;
  rows: number;
}

/** The file name a Content-Disposition gives: its RFC 8187 `filename*` first, else `filename`. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding: the plain name below will do.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? undefined;
}

/**
 * Counts the records of CSV text as it arrives in pieces: a line end inside a quoted field is
 * part of the field, not the end of a record. The header row is not counted.
 */
export function csvRowCounter(): (text: string) => number {
  let quoted = false;
  let lines = 0;
  return (text) => {
    for (const c of text) {
      if (c === '"') quoted = !quoted;
      else if (c === '\n' && !quoted) lines++;
    }
    return Math.max(0, lines - 1);
  };
}

/** Hands a file to the browser to save, through a short-lived object URL. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the object URL can go once the browser has it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a CSV file from the API and saves it: the GET is signed like every other (a plain
 * link could not be), the body is read as it streams in, telling onProgress the bytes and rows so
 * far, and is saved only once whole. Abort it with the signal.
 */
export async function downloadCsv(
  path: string,
  { params, fileName, signal, onProgress }: DownloadOptions = {},
): Promise<DownloadedFile> {
  const response = await apiResponse('GET', path, { params, signal, accept: 'text/csv' });
  const name = fileName ?? fileNameOf(response.headers.get('content-disposition')) ?? 'export.csv';
  const announced = Number(response.headers.get('x-total-count') ?? NaN);
  const totalRows = Number.isFinite(announced) ? announced : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const progress: DownloadProgress = { bytes: 0, rows: 0, totalRows };
  onProgress?.({ ...progress });
  if (response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const count = csvRowCounter();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      progress.bytes += value.byteLength;
      progress.rows = count(decoder.decode(value, { stream: true }));
      onProgress?.({ ...progress });
    }
  }
  saveFile(new Blob(chunks, { type: 'text/csv;charset=utf-8' }), name);
  return { fileName: name, bytes: progress.bytes, rows: progress.rows };
}
