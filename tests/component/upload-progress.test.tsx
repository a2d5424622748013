import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiUnit } from '../../shared/api.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { useAlerts } from '../../src/core/alerts/alert-store.ts';
import DocumentsScreen from '../../src/screens/documents/DocumentsScreen.tsx';
import { FakeXhr } from './fake-xhr.ts';
import { mockApi, ok } from './mock-api.ts';

const UNIT: ApiUnit = {
  id: 7,
  name: 'Home Unit',
  unit_type_id: 1,
  supports: { mifarm: false, bcms_cts: false },
  packages: [],
};

const MB = 1024 * 1024;

function renderDocuments() {
  mockApi([
    [/^\/api\/health/, () => ok({ ok: true })],
    [
      /^\/api\/units\/7\/documents\?/,
      () => ok({ total_records: 0, current_page: 1, records_per_page: 10, records: [] }),
    ],
  ]);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <DocumentsScreen />
      </MemoryRouter>
    </SWRConfig>,
  );
}

async function chooseAndUpload(size: number) {
  const user = userEvent.setup();
  const file = new File([new Uint8Array(size)], 'drone-survey.pdf', { type: 'application/pdf' });
  await user.upload(await screen.findByLabelText('Upload a document'), file);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  const xhr = FakeXhr.sent[0];
  if (!xhr) throw new Error('no upload sent');
  return { user, xhr };
}

beforeEach(() => {
  FakeXhr.sent = [];
  useAlerts.setState({ alerts: [] });
  useAccount.setState({ unit: UNIT });
});
afterEach(() => {
  useAccount.getState().reset();
});

describe('document upload progress', () => {
  it('sends the bytes by XMLHttpRequest and shows bytes sent of the total past a second', async () => {
    renderDocuments();
    const { xhr } = await chooseAndUpload(3.4 * MB);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/units/7/documents?name=drone-survey.pdf');
    expect(xhr.headers['content-type']).toBe('application/octet-stream');
    expect(xhr.headers['x-application-key']).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Uploading…' })).toHaveAttribute('aria-busy', 'true');
    // A quick upload shows no bar at all.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    const bar = await screen.findByRole(
      'progressbar',
      { name: 'Uploading “drone-survey.pdf”' },
      { timeout: 2500 },
    );
    act(() => xhr.progress(1.2 * MB, 3.4 * MB));
    expect(bar).toHaveAttribute('aria-valuetext', '1.2 MB of 3.4 MB');
    expect(screen.getByText('1.2 MB of 3.4 MB')).toBeInTheDocument();
    act(() => xhr.progress(3.4 * MB, 3.4 * MB));
    expect(screen.getByText('3.4 MB of 3.4 MB')).toBeInTheDocument();

    act(() =>
      xhr.answer(200, {
        status: true,
        data: { id: 1, name: 'drone-survey.pdf', size_bytes: 3.4 * MB },
      }),
    );
    await waitFor(() =>
      expect(useAlerts.getState().alerts.map((a) => a.message)).toEqual([
        '“drone-survey.pdf” was uploaded.',
      ]),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).not.toHaveAttribute('aria-busy');
  });

  it('aborts the upload with Cancel upload', async () => {
    renderDocuments();
    const { user, xhr } = await chooseAndUpload(2 * MB);
    act(() => xhr.progress(512 * 1024, 2 * MB));
    await user.click(
      await screen.findByRole('button', { name: 'Cancel upload' }, { timeout: 2500 }),
    );
    expect(xhr.aborted).toBe(true);
    await waitFor(() =>
      expect(useAlerts.getState().alerts.map((a) => [a.type, a.message])).toEqual([
        ['Info', 'The upload of “drone-survey.pdf” was cancelled.'],
      ]),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).not.toHaveAttribute('aria-busy');
  });
});
