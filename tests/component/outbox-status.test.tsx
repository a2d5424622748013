import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkSession } from '../../src/core/api/credentials.ts';
import {
  discardItem,
  drainOutbox,
  stopOutbox,
  submitWrite,
  useOutbox,
} from '../../src/core/outbox/outbox-store.ts';
import { DialogHost } from '../../src/ui/dialogs/DialogHost.tsx';
import { OutboxStatus } from '../../src/ui/outbox/OutboxStatus.tsx';
import { startPlainOutbox } from './plain-outbox.ts';

const refusal = new Response(
  JSON.stringify({
    status: false,
    type: 'Request_ValidationFailed',
    type_label: 'Validation failed',
    code: 406,
    msg: 'The record has errors.',
    errors: { litres: ['Enter a number of litres.'] },
  }),
  { status: 406, headers: { 'Content-Type': 'application/json' } },
);

const write = (label: string) => ({
  method: 'POST' as const,
  path: '/units/4/records/monthly',
  body: { label },
  label,
  target: {
    kind: 'record' as const,
    route: '/unit/records/monthly',
    farmId: 2,
    planId: 6,
    unitId: 4,
    recordType: 'monthly',
  },
});

beforeEach(async () => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  linkSession({
    token: () => ({ key: 'k', secret: 's', expires_at: 4_102_444_800 }),
    unauthorised: () => undefined,
  });
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
  await startPlainOutbox(3);
  for (const item of useOutbox.getState().items) await discardItem(item.key);
});
afterEach(() => {
  stopOutbox();
  vi.unstubAllGlobals();
});

describe('the outbox status', () => {
  it('says nothing while nothing waits', () => {
    const { container } = render(<OutboxStatus />);
    expect(container).toBeEmptyDOMElement();
  });

  it('counts what waits and what was refused, and lists each with what can be done', async () => {
    render(
      <>
        <OutboxStatus />
        <DialogHost />
      </>,
    );
    await submitWrite(write('Monthly record for August 2026'));
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValueOnce(refusal)
        .mockRejectedValue(new TypeError('offline')),
    );
    await drainOutbox();
    await submitWrite(write('Monthly record for September 2026'));
    await submitWrite(write('Monthly record for October 2026'));

    expect(await screen.findByRole('status')).toHaveTextContent(
      '2 changes saved on this device are waiting to be sent. They will be sent when the ' +
        'connection returns. 1 change could not be saved by the server and needs your attention.',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show waiting changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes waiting to be sent' });
    const entries = within(dialog)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(entries.map((li) => li.querySelector('span')?.textContent)).toEqual([
      'Monthly record for August 2026',
      'Monthly record for September 2026',
      'Monthly record for October 2026',
    ]);
    const [refused, waiting] = entries as [HTMLElement, HTMLElement];
    expect(refused).toHaveTextContent('The server did not save it: The record has errors.');
    expect(refused).toHaveTextContent('Enter a number of litres.');
    expect(within(refused).getByRole('button', { name: 'Fix' })).toBeInTheDocument();
    expect(waiting).toHaveTextContent('Waiting to be sent.');
    expect(within(waiting).queryByRole('button', { name: 'Fix' })).toBeNull();

    await user.click(within(waiting).getByRole('button', { name: 'Discard' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard this change?' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await vi.waitFor(() => expect(useOutbox.getState().items).toHaveLength(2));
    expect(useOutbox.getState().items.map((i) => i.label)).toEqual([
      'Monthly record for August 2026',
      'Monthly record for October 2026',
    ]);
  });
});
