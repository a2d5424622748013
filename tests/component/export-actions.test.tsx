import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlerts } from '../../src/core/alerts/alert-store.ts';
import { csvRowCounter, fileNameOf } from '../../src/core/api/download.ts';
import { ExportActions } from '../../src/ui/export/ExportActions.tsx';
import { callsTo, mockApi } from './mock-api.ts';

/** A CSV answer whose body the test feeds a piece at a time, as a slow stream would arrive. */
function streamedCsv() {
  const encoder = new TextEncoder();
  let feed: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      feed = controller;
    },
  });
  const api = mockApi([
    [
      /^\/api\/units\/4\/records\/monthly\.csv/,
      (_url, init) => {
        init?.signal?.addEventListener('abort', () =>
          feed?.error(new DOMException('The download was aborted.', 'AbortError')),
        );
        return new Response(body, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="lower-dale-dairy-monthly-2026-11-24.csv"; filename*=UTF-8''lower-dale-dairy-monthly-2026-11-24.csv`,
            'X-Total-Count': '3',
          },
        });
      },
    ],
  ]);
  return {
    api,
    send: (text: string) => feed?.enqueue(encoder.encode(text)),
    end: () => feed?.close(),
  };
}

/** What the browser was handed to save: the file's name and text. */
function savedFiles() {
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${String(next++)}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const saved: { name: string; blob: Blob | undefined }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return saved;
}

const CSV = {
  path: '/units/4/records/monthly.csv',
  params: { search: 'Mar', sort: 'month', direction: 'desc' },
};

beforeEach(() => useAlerts.setState({ alerts: [] }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ExportActions', () => {
  it('downloads the CSV the list was read with, shows rows and bytes as they come, and saves it whole', async () => {
    const user = userEvent.setup();
    const stream = streamedCsv();
    const saved = savedFiles();
    render(<ExportActions csv={CSV} print what="Monthly Records" />);

    await user.click(screen.getByRole('button', { name: 'Download CSV of Monthly Records' }));
    // Signed and with the list's own query.
    await waitFor(() => expect(callsTo(stream.api, /monthly\.csv/)).toHaveLength(1));
    expect(callsTo(stream.api, /monthly\.csv/)[0]).toBe(
      '/api/units/4/records/monthly.csv?search=Mar&sort=month&direction=desc',
    );
    const button = screen.getByRole('button', { name: 'Download CSV of Monthly Records' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveTextContent('Downloading…');

    stream.send('\uFEFFRecord ID,Month,Notes\r\n1,2026-03-01,"two\r\nlines"\r\n');
    // Past a second the wait shows its progress: the rows of the announced total, and the bytes.
    const bar = await screen.findByRole(
      'progressbar',
      { name: 'Downloading CSV' },
      { timeout: 3000 },
    );
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '1 of 3 rows · 53 bytes'));
    expect(saved).toEqual([]);

    stream.send('2,2026-03-02,\r\n3,2026-03-03,x\r\n');
    stream.end();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('lower-dale-dairy-monthly-2026-11-24.csv');
    // Blob.text() decodes without the BOM; the bytes keep it.
    const bytes = new Uint8Array((await saved[0]?.blob?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await saved[0]?.blob?.text()).toContain('3,2026-03-03,x\r\n');
    await waitFor(() =>
      expect(useAlerts.getState().alerts.map((a) => a.message)).toContain(
        '“lower-dale-dairy-monthly-2026-11-24.csv” was downloaded: 3 rows.',
      ),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('cancels a download under way: nothing is saved and it says so', async () => {
    const user = userEvent.setup();
    const stream = streamedCsv();
    const saved = savedFiles();
    render(<ExportActions csv={{ ...CSV, fileName: 'mine.csv' }} />);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    stream.send('\uFEFFRecord ID\r\n1\r\n');
    const bar = await screen.findByRole('progressbar', {}, { timeout: 3000 });
    await user.click(
      within(bar.parentElement ?? document.body).getByRole('button', { name: 'Cancel download' }),
    );
    await waitFor(() =>
      expect(useAlerts.getState().alerts.map((a) => a.message)).toContain(
        'The download was cancelled.',
      ),
    );
    expect(saved).toEqual([]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('prints the page, and offers only what it is given', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { rerender } = render(<ExportActions print />);
    expect(screen.queryByRole('button', { name: /Download CSV/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    rerender(<ExportActions csv={CSV} />);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });
});

describe('download helpers', () => {
  it('counts CSV records, not the line ends inside quoted fields, across pieces', () => {
    const count = csvRowCounter();
    expect(count('Header,Notes\r\n1,"a')).toBe(0);
    expect(count('\r\nb"\r\n2,"say ""hi""\r\n')).toBe(1);
    expect(count('"\r\n')).toBe(2);
  });

  it('takes the file name from Content-Disposition, the UTF-8 form first', () => {
    expect(fileNameOf(`attachment; filename="caf_.csv"; filename*=UTF-8''caf%C3%A9.csv`)).toBe(
      'café.csv',
    );
    expect(fileNameOf('attachment; filename="units.csv"')).toBe('units.csv');
    expect(fileNameOf(null)).toBeUndefined();
  });
});
