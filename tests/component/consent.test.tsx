import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentChange } from '../../shared/consent/types.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { useAlerts } from '../../src/core/alerts/alert-store.ts';
import { appSwrConfig } from '../../src/core/api/use-api.ts';
import { useDialogs } from '../../src/core/dialogs/dialog-store.ts';
import ConsentScreen from '../../src/screens/consent/ConsentScreen.tsx';
import { AlertsArea } from '../../src/ui/alerts/AlertsArea.tsx';
import { DialogHost } from '../../src/ui/dialogs/DialogHost.tsx';
import { consent, FENLAND, fenland, page, READS, TILLWELL, UNIT } from './consent-fixtures.ts';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
import { memoryRoutes } from './memory-routes.tsx';

/** "Who sees my data" (src/screens/consent) against a mocked Consent API. */

const CONSENT_API = /\/api\/units\/7\/consent$/;
const DOCUMENTS_CHOICE = new RegExp(`/api/units/7/consent/${String(FENLAND)}/documents$`);
const LOG_API = /\/api\/units\/7\/access-log\?/;

function renderConsent() {
  const routes = [
    {
      path: '/unit/consent',
      element: (
        <>
          <ConsentScreen />
          <AlertsArea toasts />
        </>
      ),
      handle: { title: 'Who sees my data', screen: 'consent', options: {} },
    },
  ];
  render(
    <SWRConfig value={{ ...appSwrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      {memoryRoutes(routes, '/unit/consent').element}
      <DialogHost />
    </SWRConfig>,
  );
}

/** The choices sent to one category's endpoint, parsed. */
const bodiesTo = (api: ReturnType<typeof mockApi>, pattern: RegExp) =>
  api.mock.calls
    .filter(([input]) => typeof input === 'string' && pattern.test(input))
    .map(
      ([, init]) =>
        (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined) as ConsentChange,
    );

/** The row of a category in a provider's table, by the category's title. */
async function rowOf(provider: string, title: string) {
  const region = await screen.findByRole('region', { name: provider });
  const table = within(region).getByRole('table', { name: `What ${provider}'s staff may see` });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('rowheader')?.textContent.startsWith(title));
  if (!row) throw new Error(`No row for ${title}`);
  return row;
}

beforeEach(() => {
  useAccount.setState({ unit: UNIT });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  useAccount.getState().reset();
  useAlerts.setState({ alerts: [] });
  useDialogs.setState({ dialogs: [] });
  vi.restoreAllMocks();
});

describe('who sees my data', () => {
  it('shows each provider with its kind, plans and companies, and each category’s state in words', async () => {
    mockApi([
      [CONSENT_API, () => ok(consent())],
      [LOG_API, () => ok(page([]))],
    ]);
    renderConsent();
    expect(screen.getByRole('heading', { level: 1, name: 'Who sees my data' })).toBeVisible();
    const fresh = await screen.findByRole('region', { name: 'Fenland Fresh Produce' });
    expect(within(fresh).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Fenland Fresh Produce',
    );
    expect(fresh).toHaveTextContent('Processor');
    expect(fresh).toHaveTextContent('Grower Scheme 2026');
    expect(fresh).toHaveTextContent('Fenland Fresh Field Advisory; Fenland Fresh Produce');
    expect(screen.getByRole('region', { name: 'Tillwell Agronomy' })).toHaveTextContent('Adviser');

    const documents = await rowOf('Fenland Fresh Produce', 'Farm documents');
    expect(documents).toHaveTextContent("The files uploaded to the unit's Farm Documents.");
    expect(documents).toHaveTextContent('Shared');
    expect(documents).toHaveTextContent('Plan default');
    const returns = await rowOf('Fenland Fresh Produce', 'Grower Returns');
    expect(returns).toHaveTextContent('Shared until 31 December 2026');
    expect(returns).toHaveTextContent(/Sarah Pennington, 24 Nov 2026/);
    expect(await rowOf('Fenland Fresh Produce', 'Survey answers')).toHaveTextContent('Not shared');
    // Shared until 29 November: the 30th is the first day it was not.
    const lapsed = await rowOf('Fenland Fresh Produce', 'Calculator results');
    expect(lapsed).toHaveTextContent('Lapsed on 30 November 2026');
    expect(
      within(lapsed).getByRole('button', {
        name: 'Share again Calculator results with Fenland Fresh Produce',
      }),
    ).toBeVisible();
  });

  it('stops sharing a category only after the confirm, sends the choice and shows the new state', async () => {
    const api = mockApi([
      [CONSENT_API, () => ok(consent())],
      [LOG_API, () => ok(page([]))],
      [
        DOCUMENTS_CHOICE,
        () =>
          ok(
            fenland({
              shared: false,
              changed: { by: 'Sarah Pennington', at: '2026-11-27T09:30:00Z' },
            }),
          ),
      ],
    ]);
    renderConsent();
    const row = await rowOf('Fenland Fresh Produce', 'Farm documents');
    const stop = within(row).getByRole('button', {
      name: 'Stop sharing Farm documents with Fenland Fresh Produce',
    });

    await userEvent.click(stop);
    let dialog = await screen.findByRole('alertdialog', {
      name: 'Stop sharing Farm documents with Fenland Fresh Produce?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(api, DOCUMENTS_CHOICE)).toEqual([]);

    await userEvent.click(stop);
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));

    // Said politely, as every save is.
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Fenland Fresh Produce's staff can no longer see Farm documents.",
    );
    expect(bodiesTo(api, DOCUMENTS_CHOICE)).toEqual([{ shared: false }]);
    const after = await rowOf('Fenland Fresh Produce', 'Farm documents');
    expect(after).toHaveTextContent('Not shared');
    expect(after).toHaveTextContent(/Sarah Pennington, 27 Nov 2026/);
    // The same button now shares it again, and keeps the focus.
    const again = within(after).getByRole('button', {
      name: 'Share again Farm documents with Fenland Fresh Produce',
    });
    expect(again).toBe(stop);
    await waitFor(() => expect(again).toHaveFocus());
  });

  it('shares a category until a day typed in British form, sending the day', async () => {
    const api = mockApi([
      [CONSENT_API, () => ok(consent())],
      [LOG_API, () => ok(page([]))],
      [
        DOCUMENTS_CHOICE,
        () =>
          ok(
            fenland({
              until: '2027-03-31',
              changed: { by: 'Sarah Pennington', at: '2026-11-27T09:30:00Z' },
            }),
          ),
      ],
    ]);
    renderConsent();
    const row = await rowOf('Fenland Fresh Produce', 'Farm documents');
    await userEvent.click(
      within(row).getByRole('button', {
        name: 'Share until… Farm documents with Fenland Fresh Produce',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Share Farm documents with Fenland Fresh Produce until…',
    });
    const day = within(dialog).getByRole('textbox', { name: /^Last day shared/ });
    await userEvent.type(day, '31/3/2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesTo(api, DOCUMENTS_CHOICE)).toEqual([{ shared: true, until: '2027-03-31' }]);
    expect(await rowOf('Fenland Fresh Produce', 'Farm documents')).toHaveTextContent(
      'Shared until 31 March 2027',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      "Fenland Fresh Produce's staff can see Farm documents until 31 March 2027.",
    );
  });

  it('sends nothing while the day typed is not a day, and shows the server’s refusal on the field', async () => {
    const api = mockApi([
      [CONSENT_API, () => ok(consent())],
      [LOG_API, () => ok(page([]))],
      [
        DOCUMENTS_CHOICE,
        () =>
          json(406, {
            status: false,
            type: 'Validation_Failed',
            type_label: 'Validation Failed',
            code: 406,
            msg: 'The choice cannot be saved as it is.',
            errors: { until: ['must be today or later'] },
          }),
      ],
    ]);
    renderConsent();
    const row = await rowOf('Fenland Fresh Produce', 'Farm documents');
    await userEvent.click(within(row).getByRole('button', { name: /^Share until…/ }));
    const dialog = await screen.findByRole('dialog');
    const day = within(dialog).getByRole('textbox', { name: /^Last day shared/ });

    await userEvent.type(day, '31/02/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(day).toHaveAccessibleDescription(/31\/02\/2026 is not a date/);
    expect(callsTo(api, DOCUMENTS_CHOICE)).toEqual([]);

    await userEvent.clear(day);
    await userEvent.type(day, '01/11/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(day).toHaveAccessibleDescription(/The last day shared must be today or later\./),
    );
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveFocus();
    expect(bodiesTo(api, DOCUMENTS_CHOICE)).toEqual([{ shared: true, until: '2026-11-01' }]);
    // The dialog stays open with what was typed, and the row is unchanged.
    expect(day).toHaveValue('01/11/2026');
    expect(await rowOf('Fenland Fresh Produce', 'Farm documents')).toHaveTextContent(
      'Plan default',
    );
  });
});

describe('the access log', () => {
  it('lists each read newest first with who, organisation, data, screen and action, and keeps entries for the days the server says', async () => {
    mockApi([
      [CONSENT_API, () => ok(consent())],
      [LOG_API, () => ok(page(READS))],
    ]);
    renderConsent();
    const log = await screen.findByRole('region', { name: 'Access log' });
    expect(log).toHaveTextContent('Entries are kept for 730 days.');
    const table = await within(log).findByRole('table', { name: '2 entries, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [newest, older] = rows as [HTMLElement, HTMLElement];
    expect(within(newest).getByRole('rowheader')).toHaveTextContent(/26 Nov 2026/);
    const cells = within(newest).getAllByRole('cell');
    const expected = [
      'Priya Shah',
      'Fenland Fresh Produce',
      'Farm documents',
      'Farm Documents',
      'Viewed',
    ];
    expect(cells).toHaveLength(expected.length);
    cells.forEach((cell, i) => expect(cell).toHaveTextContent(expected[i] ?? ''));
    expect(older).toHaveTextContent('Downloaded');
    expect(
      within(log).getByRole('button', { name: 'Download CSV of the access log' }),
    ).toBeVisible();
  });

  it('says so when no staff have opened the unit’s data, and narrows the log to one organisation', async () => {
    const api = mockApi([
      [CONSENT_API, () => ok(consent())],
      [LOG_API, (url) => ok(page(url.includes(`provider=${String(FENLAND)}`) ? READS : []))],
    ]);
    renderConsent();
    const log = await screen.findByRole('region', { name: 'Access log' });
    expect(
      await within(log).findByText("No company staff have opened this unit's data yet."),
    ).toBeVisible();

    const filter = within(log).getByRole('combobox', { name: 'Organisation' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All organisations', 'Fenland Fresh Produce', 'Tillwell Agronomy']);
    await userEvent.selectOptions(filter, String(FENLAND));
    expect(
      await within(log).findByRole('table', { name: '2 entries, newest first' }),
    ).toBeVisible();
    await userEvent.selectOptions(filter, String(TILLWELL));
    expect(
      await within(log).findByText(
        "No staff of Tillwell Agronomy have opened this unit's data yet.",
      ),
    ).toBeVisible();
    const asked = callsTo(api, LOG_API).map((url) => new URL(url, 'http://x').searchParams);
    expect(asked.map((q) => q.get('provider'))).toEqual([null, String(FENLAND), String(TILLWELL)]);
  });
});

describe('with no provider', () => {
  it('says that no company staff see the unit’s data', async () => {
    mockApi([
      [CONSENT_API, () => ok(consent([]))],
      [LOG_API, () => ok(page([]))],
    ]);
    renderConsent();
    expect(
      await screen.findByText(
        "Highfield Arable holds no organisation's plan, so no company staff see its data.",
      ),
    ).toBeVisible();
  });
});
