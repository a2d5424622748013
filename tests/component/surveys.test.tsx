import 'fake-indexeddb/auto';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SurveyDraftRequest, SurveyForUnit } from '../../shared/surveys/types.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { appSwrConfig } from '../../src/core/api/use-api.ts';
import { useDialogs } from '../../src/core/dialogs/dialog-store.ts';
import { discardDraft, readDraft, saveDraft } from '../../src/core/drafts/drafts.ts';
import { drainOutbox, stopOutbox } from '../../src/core/outbox/outbox-store.ts';
import { startPlainOutbox } from './plain-outbox.ts';
import SurveysScreen from '../../src/screens/surveys/SurveysScreen.tsx';
import { DialogHost } from '../../src/ui/dialogs/DialogHost.tsx';
import { LOCAL_KEY_ROUTE, logInForDrafts, logOutOfDrafts } from './draft-session.ts';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
import {
  forUnit,
  HERD_HEALTH,
  response,
  SUBMITTED_TWICE,
  summary,
  UNIT,
  VALID_ANSWERS,
} from './surveys-fixtures.ts';
import { memoryRoutes } from './memory-routes.tsx';

/** The farm's survey inbox and wizard (src/screens/surveys), against a mocked Surveys API. */

const SURVEY_API = /\/api\/units\/7\/surveys\/moorland-vale-herd-health-2026(\?|$)/;
const DRAFT_API = /\/api\/units\/7\/surveys\/moorland-vale-herd-health-2026\/draft/;
const SUBMIT_API = /\/api\/units\/7\/surveys\/moorland-vale-herd-health-2026\/submit/;

function renderSurveys(path: string) {
  const routes = ['/unit/surveys', '/unit/surveys/:survey'].map((p) => ({
    path: p,
    element: <SurveysScreen />,
    handle: { title: 'Surveys', screen: 'surveys', options: {} },
  }));
  const router = memoryRoutes(routes, path);
  render(
    <SWRConfig value={{ ...appSwrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      {router.element}
      <DialogHost />
    </SWRConfig>,
  );
  return router;
}

const bodyOf = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

/** The body of each call to one endpoint, parsed. */
const bodiesTo = (api: ReturnType<typeof mockApi>, pattern: RegExp) =>
  api.mock.calls
    .filter(([input]) => typeof input === 'string' && pattern.test(input))
    .map(([, init]) => bodyOf(init));

const openWith = (data: SurveyForUnit) =>
  mockApi([
    [
      DRAFT_API,
      (_url, init) => ok(response({ answers: (bodyOf(init) as SurveyDraftRequest).answers })),
    ],
    [SURVEY_API, () => ok(data)],
  ]);

// A survey version's built forms are a chunk of their own, first loaded (and compiled by Vite) in
// this file's first wizard test: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  useAccount.setState({ unit: UNIT });
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  useAccount.getState().reset();
  useDialogs.setState({ dialogs: [] });
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the survey inbox', () => {
  it('lists each survey with who asked, the due date in words and its status', async () => {
    mockApi([
      [
        /\/api\/units\/7\/surveys\?/,
        () =>
          ok({
            current_page: 1,
            total_records: 3,
            records: [
              summary({ status: 'late', daysToClose: -3, closesOn: '2026-11-20' }),
              summary({
                id: 'moorland-vale-antibiotic-use-2026',
                title: 'Antibiotic use 2026',
                status: 'draft',
                daysToClose: 5,
                closesOn: '2026-12-04',
                pagesAnswered: 1,
                pageCount: 3,
              }),
              summary({
                id: 'moorland-vale-dairy-sustainability-2026',
                title: 'Dairy sustainability survey 2026',
                status: 'submitted',
                daysToClose: 40,
                closesOn: '2027-01-15',
              }),
            ],
          }),
      ],
    ]);
    renderSurveys('/unit/surveys');
    const table = await screen.findByRole('table', { name: '3 surveys' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [late, draft, submitted] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(late).getByRole('link', { name: HERD_HEALTH.title })).toHaveAttribute(
      'href',
      '/unit/surveys/moorland-vale-herd-health-2026',
    );
    expect(late).toHaveTextContent('Moorland Vale Dairies');
    expect(late).toHaveTextContent('20 Nov 2026 (Overdue by 3 days)');
    expect(late).toHaveTextContent('Late');
    expect(draft).toHaveTextContent('04 Dec 2026 (Due in 5 days)');
    expect(draft).toHaveTextContent('Draft, 1 of 3 pages answered');
    expect(submitted).toHaveTextContent('15 Jan 2027');
    expect(submitted).not.toHaveTextContent(/Due in|Overdue/);
    expect(submitted).toHaveTextContent('Submitted');
  });
});

describe('reminders above the inbox', () => {
  it("shows a buyer's unread reminder with who sent it, leads to the survey, and dismisses it", async () => {
    let read = false;
    const api = mockApi([
      [
        /\/api\/units\/7\/notices\/41\/read/,
        () => {
          read = true;
          return ok({ id: 41 });
        },
      ],
      [
        /\/api\/units\/7\/notices\?/,
        () =>
          ok({
            current_page: 1,
            records_per_page: 10,
            total_records: read ? 0 : 1,
            records: read
              ? []
              : [
                  {
                    id: 41,
                    kind: 'survey-reminder',
                    unitId: 7,
                    title: 'Reminder: Herd Health and Welfare Review 2026',
                    message: 'Please send your answers by 31 December.',
                    from: { reference: 'moorland_vale', name: 'Moorland Vale Dairies' },
                    by: { id: 5, name: 'Ann Field' },
                    path: '/unit/surveys/moorland-vale-herd-health-2026',
                    createdAt: '2026-11-23T10:15:00Z',
                    readAt: null,
                  },
                ],
          }),
      ],
      [/\/api\/units\/7\/surveys\?/, () => ok({ current_page: 1, total_records: 0, records: [] })],
    ]);
    renderSurveys('/unit/surveys');
    const reminders = await screen.findByRole('region', { name: 'Reminders' });
    expect(
      within(reminders).getByRole('link', {
        name: 'Reminder: Herd Health and Welfare Review 2026',
      }),
    ).toHaveAttribute('href', '/unit/surveys/moorland-vale-herd-health-2026');
    expect(reminders).toHaveTextContent('Please send your answers by 31 December.');
    expect(reminders).toHaveTextContent('From Ann Field, Moorland Vale Dairies, 23 Nov 2026');
    await userEvent.click(
      within(reminders).getByRole('button', {
        name: 'Dismiss the reminder: Reminder: Herd Health and Welfare Review 2026',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Reminders' })).toBeNull());
    expect(callsTo(api, /\/notices\/41\/read/)).toHaveLength(1);
  });
});

describe('the survey wizard', () => {
  it('shows the progress, and checks a page before going on, its messages on the fields', async () => {
    openWith(forUnit());
    const user = userEvent.setup();
    renderSurveys('/unit/surveys/moorland-vale-herd-health-2026');
    const progress = await screen.findByRole('navigation', { name: 'Survey progress' });
    expect(progress).toHaveTextContent('Page 1 of 4');
    expect(within(progress).getByText('Mobility')).toHaveAttribute('aria-current', 'step');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findAllByText(/Lame cows \(score 2 or 3, %\) is required/),
    ).not.toHaveLength(0);
    expect(progress).toHaveTextContent('Page 1 of 4');

    await user.click(
      within(screen.getByRole('radiogroup', { name: /Was the herd mobility scored/ })).getByRole(
        'radio',
        { name: 'Yes' },
      ),
    );
    await user.type(screen.getByRole('textbox', { name: /Lame cows/ }), '12.5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Udder health' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Survey progress' })).toHaveTextContent(
      'Page 2 of 4',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Survey progress' })).getByText('Udder health'),
    ).toHaveAttribute('aria-current', 'step');
  });

  it('saves the draft a second after the last change, once, and says when', async () => {
    const api = openWith(forUnit());
    const user = userEvent.setup();
    renderSurveys('/unit/surveys/moorland-vale-herd-health-2026');
    const field = await screen.findByRole('textbox', { name: /Lame cows/ });
    await user.type(field, '14');
    expect(callsTo(api, DRAFT_API)).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await waitFor(() => expect(callsTo(api, DRAFT_API)).toHaveLength(1), { timeout: 3000 });
    expect(bodiesTo(api, DRAFT_API)).toEqual([{ answers: { mobility: { lameness_percent: 14 } } }]);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Saved \d\d:\d\d$/));
    // Nothing more to save: no second call.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(callsTo(api, DRAFT_API)).toHaveLength(1);
  });

  describe('with the answers kept on this device', () => {
    const DRAFT = { unitId: 7, kind: 'survey' as const, formId: HERD_HEALTH.id };
    beforeEach(logInForDrafts);
    afterEach(async () => {
      await discardDraft(DRAFT);
      logOutOfDrafts();
    });

    it('says a failed save is being retried, and keeps what was typed for the next visit', async () => {
      let fail = true;
      const api = mockApi([
        LOCAL_KEY_ROUTE,
        [
          DRAFT_API,
          () =>
            fail ? json(503, { status: false, msg: 'Unavailable', errors: [] }) : ok(response()),
        ],
        [SURVEY_API, () => ok(forUnit())],
      ]);
      const user = userEvent.setup();
      renderSurveys('/unit/surveys/moorland-vale-herd-health-2026');
      await user.type(await screen.findByRole('textbox', { name: /Lame cows/ }), '9');
      await waitFor(
        () => expect(screen.getByRole('status')).toHaveTextContent('Not saved — retrying'),
        { timeout: 3000 },
      );
      expect((await readDraft(DRAFT))?.data).toEqual({ mobility: { lameness_percent: 9 } });
      fail = false;
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Saved/), {
        timeout: 4000,
      });
      expect(callsTo(api, DRAFT_API).length).toBeGreaterThanOrEqual(2);
      // Saved on the server: the copy on this device has served.
      await waitFor(async () => expect(await readDraft(DRAFT)).toBeNull());
    });

    it('offers answers the server never got, and Resume saves them there', async () => {
      const api = mockApi([
        LOCAL_KEY_ROUTE,
        [
          DRAFT_API,
          (_url, init) => ok(response({ answers: (bodyOf(init) as SurveyDraftRequest).answers })),
        ],
        [SURVEY_API, () => ok(forUnit({ response: response() }))],
      ]);
      expect(await saveDraft(DRAFT, '1', { mobility: { lameness_percent: 17 } })).toBe(true);
      const user = userEvent.setup();
      renderSurveys('/unit/surveys/moorland-vale-herd-health-2026');
      const offered = await screen.findByRole('region', { name: 'Unsaved draft' });
      expect(offered).toHaveTextContent(
        /You have unsaved answers to this survey from \d\d:\d\d( on \d+ \w+)? — resume or discard\./,
      );
      await user.click(within(offered).getByRole('button', { name: 'Resume' }));
      expect(await screen.findByRole('textbox', { name: /Lame cows/ })).toHaveValue('17');
      await waitFor(() => expect(callsTo(api, DRAFT_API)).toHaveLength(1), { timeout: 3000 });
      expect(bodiesTo(api, DRAFT_API)).toEqual([
        { answers: { mobility: { lameness_percent: 17 } } },
      ]);
    });

    it('drops a copy older than the draft on the server, offering nothing', async () => {
      mockApi([
        LOCAL_KEY_ROUTE,
        [
          SURVEY_API,
          () => ok(forUnit({ response: response({ updatedAt: '2099-01-01T00:00:00Z' }) })),
        ],
      ]);
      expect(await saveDraft(DRAFT, '1', { mobility: { lameness_percent: 3 } })).toBe(true);
      renderSurveys('/unit/surveys/moorland-vale-herd-health-2026');
      await screen.findByRole('textbox', { name: /Lame cows/ });
      await waitFor(async () => expect(await readDraft(DRAFT)).toBeNull());
      expect(screen.queryByRole('region', { name: 'Unsaved draft' })).toBeNull();
    });
  });

  it('fills answers the records give, says where from with a link, and lets the farm change them', async () => {
    openWith(
      forUnit({
        prefill: {
          answers: { udder: { average_scc: 185 } },
          sources: {
            '/udder/average_scc': {
              kind: 'record',
              recordType: 'monthly',
              recordId: '41',
              label: 'Monthly record, Oct 2026',
              path: '/unit/records/forms/list/monthly',
              note: 'Mean of 12 monthly records.',
            },
          },
          notes: [],
        },
      }),
    );
    const user = userEvent.setup();
    renderSurveys('/unit/surveys/moorland-vale-herd-health-2026?page=2');
    const scc = await screen.findByRole('textbox', { name: /Average somatic cell count/ });
    expect(scc).toHaveValue('185');
    const from = screen.getByRole('link', { name: 'Monthly record, Oct 2026' });
    expect(from).toHaveAttribute('href', '/unit/records/forms/list/monthly');
    expect(from.closest('span')).toHaveTextContent(
      'From Monthly record, Oct 2026. Mean of 12 monthly records.',
    );
    await user.clear(scc);
    await user.type(scc, '190');
    expect(await screen.findByText(/Changed by you; your records give 185/)).toBeInTheDocument();
  });

  it('reviews every answer by page with Edit links, and submits after a confirmation', async () => {
    let submitted = false;
    const api = mockApi([
      [
        SUBMIT_API,
        () => {
          submitted = true;
          return ok(SUBMITTED_TWICE);
        },
      ],
      [DRAFT_API, () => ok(response())],
      [
        SURVEY_API,
        () =>
          ok(
            submitted
              ? forUnit({
                  summary: summary({ status: 'submitted' }),
                  response: SUBMITTED_TWICE,
                  editable: false,
                })
              : forUnit({
                  summary: summary({ status: 'draft' }),
                  response: response({ answers: VALID_ANSWERS }),
                }),
          ),
      ],
    ]);
    const user = userEvent.setup();
    renderSurveys('/unit/surveys/moorland-vale-herd-health-2026?page=review');
    expect(await screen.findByRole('heading', { name: 'Review your answers' })).toBeInTheDocument();
    for (const [i, title] of ['Mobility', 'Udder health', 'Calves', 'Herd health plan'].entries()) {
      const section = screen.getByRole('region', { name: title });
      expect(within(section).getByRole('link', { name: `Edit ${title}` })).toHaveAttribute(
        'href',
        `/unit/surveys/moorland-vale-herd-health-2026?page=${String(i + 1)}`,
      );
    }
    const mobility = screen.getByRole('region', { name: 'Mobility' });
    expect(mobility).toHaveTextContent('The vet');
    expect(mobility).toHaveTextContent('12.5');
    expect(mobility).toHaveTextContent(/Severely lame cows \(score 3, %\)\s*Not answered/);
    expect(screen.getByRole('region', { name: 'Herd health plan' })).toHaveTextContent(
      '14 Oct 2026',
    );

    await user.type(
      screen.getByRole('textbox', { name: /Note to Moorland Vale Dairies/ }),
      'SCC from milk recording.',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('alertdialog', { name: 'Submit this survey?' });
    expect(dialog).toHaveTextContent('locked');
    expect(callsTo(api, SUBMIT_API)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(callsTo(api, SUBMIT_API)).toHaveLength(1));
    expect(bodiesTo(api, SUBMIT_API)).toEqual([
      { answers: VALID_ANSWERS, comment: 'SCC from milk recording.' },
    ]);
    expect(await screen.findByText(/These answers are locked/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('with no signal, keeps the submission on this device and sends it once, with one key', async () => {
    let reachable = false;
    const api = mockApi([
      [
        SUBMIT_API,
        () => {
          if (!reachable) throw new TypeError('Failed to fetch');
          return ok(SUBMITTED_TWICE);
        },
      ],
      [DRAFT_API, () => ok(response())],
      [
        SURVEY_API,
        () =>
          ok(
            forUnit({
              summary: summary({ status: 'draft' }),
              response: response({ answers: VALID_ANSWERS }),
            }),
          ),
      ],
    ]);
    await startPlainOutbox(7);
    try {
      const user = userEvent.setup();
      renderSurveys('/unit/surveys/moorland-vale-herd-health-2026?page=review');
      await user.click(await screen.findByRole('button', { name: 'Submit' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Submit this survey?' });
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

      const waiting = await screen.findByRole('region', {
        name: 'Submissions saved on this device, waiting to be sent',
      });
      expect(waiting).toHaveTextContent(
        'Answers to “Herd Health and Welfare Review 2026”, to submit to Moorland Vale Dairies',
      );
      reachable = true;
      await act(() => drainOutbox());
      await waitFor(() => expect(waiting).not.toBeInTheDocument());
      const keys = api.mock.calls
        .filter(([input]) => typeof input === 'string' && SUBMIT_API.test(input))
        .map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(bodiesTo(api, SUBMIT_API)[1]).toEqual({ answers: VALID_ANSWERS });
    } finally {
      stopOutbox();
    }
  });

  it('names the pages that need answers before submitting, and sends nothing', async () => {
    const api = openWith(
      forUnit({ response: response({ answers: { mobility: VALID_ANSWERS.mobility } }) }),
    );
    const user = userEvent.setup();
    renderSurveys('/unit/surveys/moorland-vale-herd-health-2026?page=review');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Udder health', 'Calves', 'Herd health plan']);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(api, SUBMIT_API)).toHaveLength(0);
  });

  it('opens a submitted return read-only, with its status, the comments and every version', async () => {
    openWith(
      forUnit({
        summary: summary({ status: 'submitted' }),
        response: SUBMITTED_TWICE,
        editable: false,
      }),
    );
    const user = userEvent.setup();
    renderSurveys('/unit/surveys/moorland-vale-herd-health-2026');
    expect(await screen.findByText(/Submitted by Fran Farmer on 22 Nov 2026/)).toBeInTheDocument();
    expect(screen.getByText(/These answers are locked/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Submit|Next/ })).not.toBeInTheDocument();

    const comments = screen.getByRole('region', { name: 'Comments' });
    expect(comments).toHaveTextContent('Queried by Pat Processor');
    expect(comments).toHaveTextContent('280 mastitis cases per 100 cows looks high: is it 28?');

    const history = screen.getByRole('region', { name: 'History' });
    const versions = within(history).getAllByRole('listitem');
    expect(versions.map((v) => v.querySelector('summary')?.textContent)).toEqual([
      expect.stringMatching(/^Version 3: Submitted by Fran Farmer on 22 Nov 2026/),
      expect.stringMatching(/^Version 2: Queried by Pat Processor on 21 Nov 2026/),
      expect.stringMatching(/^Version 1: Submitted by Fran Farmer on 21 Nov 2026/),
    ]);
    await user.click(within(versions[2] as HTMLElement).getByText(/^Version 1/));
    expect(
      within(versions[2] as HTMLElement).getByRole('region', { name: 'Udder health' }),
    ).toHaveTextContent('280');
  });

  it('lets a queried return be changed and submitted again, the query shown above it', async () => {
    openWith(
      forUnit({
        summary: summary({ status: 'queried' }),
        response: { ...SUBMITTED_TWICE, status: 'queried' },
        editable: true,
      }),
    );
    renderSurveys('/unit/surveys/moorland-vale-herd-health-2026?page=2');
    expect(await screen.findByRole('region', { name: 'Comments' })).toHaveTextContent('is it 28?');
    expect(await screen.findByRole('textbox', { name: /Clinical mastitis/ })).toHaveValue('28');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
