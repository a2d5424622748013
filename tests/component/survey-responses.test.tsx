import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiUser } from '../../shared/api.ts';
import type {
  CompanyResponse,
  CompanyResponseRow,
  CompanySurveySummary,
  SurveyDefinition,
  SurveyReminder,
  SurveyStatusCounts,
} from '../../shared/surveys/types.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
import { renderApp } from './render-app.tsx';

/** processor@example.com as the server answers it: Fenland Fresh staff who may list units. */
const PROCESSOR: ApiUser = {
  id: 4,
  type: 'company_employee',
  first_name: 'Priya',
  last_name: 'Shah',
  username: 'processor@example.com',
  business: { id: 4, name: 'Fenland Fresh Produce', type: 'company', sub_type: 118 },
  provider: { id: 3, reference: 'fenland_fresh' },
  accessTo: { listUnits: true },
};

const PROVIDER = { reference: 'fenland_fresh', name: 'Fenland Fresh Produce' };

const COUNTS: SurveyStatusCounts = {
  targeted: 200,
  'not-started': 20,
  draft: 20,
  submitted: 131,
  late: 12,
  closed: 0,
  accepted: 12,
  queried: 3,
  reopened: 2,
};

const SUMMARY: CompanySurveySummary = {
  id: 'grower-return',
  currentVersion: 2,
  versions: [1, 2],
  title: 'Grower return: 2026 season',
  description: 'What you grew for us this season.',
  provider: PROVIDER,
  targets: { plans: ['fenland_fresh_grower_scheme'], planFeatures: [] },
  opensOn: '2026-10-01',
  closesOn: '2026-11-30',
  lateUntil: '2026-12-14',
  phase: 'open',
  counts: COUNTS,
};

const page = (version: number): SurveyDefinition['pages'] => [
  {
    id: 'crops',
    title: 'Crops grown',
    schema: {
      type: 'object',
      properties: {
        crop: {
          type: 'string',
          title: 'Main crop',
          oneOf: [
            { const: 'potato', title: 'Potatoes' },
            { const: 'onion', title: 'Onions' },
          ],
        },
        area_ha: { type: 'number', title: 'Area grown' },
        ...(version === 2 ? { irrigated: { type: 'boolean', title: 'Irrigated?' } } : {}),
      },
    },
    uiSchema: { area_ha: { 'ui:widget': 'numeric', 'ui:options': { decimals: 1, unit: 'ha' } } },
    prefill: {},
  },
  {
    id: 'assurance',
    title: 'Assurance',
    schema: {
      type: 'object',
      properties: { scheme: { type: 'string', title: 'Assurance scheme' } },
    },
    uiSchema: {},
    prefill: {},
  },
];

const definition = (version: number): SurveyDefinition => ({
  id: 'grower-return',
  version,
  title: 'Grower return: 2026 season',
  description: null,
  provider: PROVIDER,
  targets: SUMMARY.targets,
  opensOn: SUMMARY.opensOn,
  closesOn: SUMMARY.closesOn,
  lateUntil: SUMMARY.lateUntil,
  pages: page(version),
});

/** What the server's rule gives a status while the survey is open (server/surveys/response-actions.ts). */
const actionsOf = (status: CompanyResponseRow['status']): CompanyResponseRow['actions'] =>
  status === 'submitted'
    ? ['accept', 'query', 'reopen']
    : status === 'accepted'
      ? ['query', 'reopen']
      : ['remind'];

const row = (
  id: number,
  name: string,
  status: CompanyResponseRow['status'],
  extra: Partial<CompanyResponseRow> = {},
): CompanyResponseRow => ({
  unit: { id, name, holdingNumber: `12/345/${String(id)}` },
  farm: { id: id + 100, name: `${name} Farm` },
  plans: ['fenland_fresh_grower_scheme'],
  status,
  surveyVersion: status === 'not-started' ? null : 1,
  updatedAt: null,
  submittedAt: status === 'submitted' ? '2026-11-20T10:30:00Z' : null,
  submittedLate: false,
  lastReminder: null,
  shared: true,
  actions: actionsOf(status),
  ...extra,
});

const REMINDED: SurveyReminder = { by: { id: 4, name: 'Priya Shah' }, at: '2026-11-24T09:00:00Z' };

const paged = (records: unknown[]) => ({
  total_records: records.length,
  current_page: 1,
  records_per_page: 20,
  records,
});

interface Served {
  rows: CompanyResponseRow[];
  posts: { url: string; body: unknown }[];
}

/** The staff's survey API over a little state, so that an action shows in the lists read after. */
function serveSurveys(options: { queryStatus?: number } = {}) {
  const served: Served = {
    rows: [
      row(11, 'Highfield Arable', 'submitted'),
      row(12, 'Fen Edge', 'not-started', { lastReminder: REMINDED }),
      row(13, 'Marsh Drove', 'accepted'),
      // The server offers nothing here (say the survey has closed to it): no button shows.
      row(14, 'Wash Bank', 'late', { actions: [] }),
      // The farm withholds its survey answers from the provider: status only.
      row(15, 'Brook Grange', 'accepted', { shared: false, actions: [] }),
    ],
    posts: [],
  };
  const response = (unitId: number): CompanyResponse => {
    const r = served.rows.find((x) => x.unit.id === unitId) ?? served.rows[0];
    if (!r) throw new Error('no row');
    return {
      row: r,
      survey: definition(1),
      response: {
        surveyId: 'grower-return',
        surveyVersion: 1,
        unitId,
        status: r.status,
        answers: { crops: { crop: 'potato', area_ha: 42.5 } },
        createdAt: '2026-11-01T08:00:00Z',
        updatedAt: '2026-11-20T10:30:00Z',
        updatedBy: null,
        submittedAt: '2026-11-20T10:30:00Z',
        submittedBy: { id: 2, name: 'Sam Multi', side: 'farm' },
        submittedLate: false,
        history: [
          {
            number: 1,
            event: 'submitted',
            surveyVersion: 1,
            answers: { crops: { crop: 'onion', area_ha: 40 } },
            by: { id: 2, name: 'Sam Multi', side: 'farm' },
            at: '2026-11-18T10:30:00Z',
          },
        ],
        comments: [
          {
            id: 1,
            kind: 'submit',
            text: 'Area remeasured after harvest.',
            by: { id: 2, name: 'Sam Multi', side: 'farm' },
            at: '2026-11-20T10:30:00Z',
          },
        ],
        lastReminder: r.lastReminder,
      },
    };
  };
  const api = mockApi([
    [/^\/api\/surveys\?/, () => ok(paged([SUMMARY]))],
    [
      /^\/api\/surveys\/grower-return\/responses\.csv/,
      () =>
        new Response('\uFEFFUnit ID,Unit,Survey version\r\n11,Highfield Arable,1\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="grower-return-responses-2026-11-24.csv"',
          },
        }),
    ],
    [
      /^\/api\/surveys\/grower-return\/responses\?/,
      (url) => {
        const q = new URL(url, 'http://x').searchParams;
        const status = q.get('status');
        const search = q.get('search')?.toLowerCase();
        return ok(
          paged(
            served.rows.filter(
              (r) =>
                (!status || r.status === status) &&
                (!search || r.unit.name.toLowerCase().includes(search)),
            ),
          ),
        );
      },
    ],
    [
      /^\/api\/surveys\/grower-return\/responses\/\d+\/(remind|accept|query|reopen)$/,
      (url, init) => {
        const [, unit, action] = /responses\/(\d+)\/(\w+)$/.exec(url) ?? [];
        served.posts.push({
          url,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
        });
        if (action === 'query' && options.queryStatus) {
          return json(options.queryStatus, {
            status: false,
            type: 'Request_Conflict',
            type_label: 'Conflict',
            code: options.queryStatus,
            msg: 'The return is no longer submitted.',
            errors: [],
          });
        }
        const target = served.rows.find((r) => r.unit.id === Number(unit));
        if (target) {
          if (action === 'remind')
            target.lastReminder = { ...REMINDED, at: '2026-11-25T08:00:00Z' };
          if (action === 'accept') target.status = 'accepted';
          if (action === 'query') target.status = 'queried';
          if (action === 'reopen') target.status = 'reopened';
          target.actions = actionsOf(target.status);
        }
        return ok(response(Number(unit)));
      },
    ],
    [
      /^\/api\/surveys\/grower-return\/responses\/\d+$/,
      (url) => ok(response(Number(url.split('/').at(-1)))),
    ],
    [
      /^\/api\/surveys\/grower-return\?version=2/,
      () => ok({ summary: SUMMARY, survey: definition(2) }),
    ],
    [/^\/api\/surveys\/grower-return$/, () => ok({ summary: SUMMARY, survey: definition(2) })],
  ]);
  return { api, served };
}

beforeEach(() => {
  useSession.setState({ user: PROCESSOR, token: null });
  useAccount.getState().reset();
});
afterEach(() => {
  useSession.setState({ user: UNAUTHENTICATED_USER });
  vi.restoreAllMocks();
});

const table = () => screen.findByRole('table', { name: /^Units asked/ });
const rowOf = async (name: string) => {
  const cell = within(await table()).getByRole('rowheader', { name: new RegExp(name) });
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return tr;
};

describe('survey responses: the provider’s surveys', () => {
  it('lists each survey with its counts by status, version and dates, and opens it', async () => {
    serveSurveys();
    const user = userEvent.setup();
    const { location } = renderApp('/survey-responses');
    const list = await screen.findByRole('list', { name: 'Surveys' });
    expect(within(list).getByText('143 of 200 submitted, 12 late')).toBeInTheDocument();
    expect(list).toHaveTextContent('Open · Version 2 · Opens 01 Oct 2026, due 30 Nov 2026');
    expect(list).toHaveTextContent('late returns until 14 Dec 2026');
    const byStatus = within(list).getByLabelText('Responses to Grower return: 2026 season');
    expect(byStatus).toHaveTextContent('Submitted131');
    expect(byStatus).toHaveTextContent('Queried3');
    expect(byStatus).not.toHaveTextContent('Closed');

    await user.click(within(list).getByRole('link', { name: 'Grower return: 2026 season' }));
    await waitFor(() => {
      expect(location().search).toBe('?survey=grower-return');
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grower return: 2026 season' }),
    ).toBeInTheDocument();
  });
});

describe('survey responses: the units asked', () => {
  it('lists the units with status, version, submission and who reminded them when', async () => {
    serveSurveys();
    renderApp('/survey-responses?survey=grower-return');
    expect(await screen.findByText('143 of 200 submitted, 12 late')).toBeInTheDocument();
    const highfield = await rowOf('Highfield Arable');
    expect(highfield).toHaveTextContent('Submitted');
    expect(highfield).toHaveTextContent('20 Nov 2026');
    const fenEdge = await rowOf('Fen Edge');
    expect(fenEdge).toHaveTextContent('Not started');
    expect(fenEdge).toHaveTextContent('Reminded by Priya Shah on 24 Nov 2026');
    // Each row offers what its status allows.
    expect(
      within(highfield).getByRole('button', { name: 'Accept the return of Highfield Arable' }),
    );
    expect(within(highfield).queryByRole('button', { name: /^Remind/ })).toBeNull();
    expect(within(fenEdge).getByRole('button', { name: 'Remind Fen Edge' })).toBeInTheDocument();
    expect(within(fenEdge).queryByRole('button', { name: /^Query/ })).toBeNull();
    const marsh = await rowOf('Marsh Drove');
    expect(within(marsh).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(within(marsh).getByRole('button', { name: 'Reopen the return of Marsh Drove' }));
    // Only the actions the server lists: none for Wash Bank, late though it is.
    expect(within(await rowOf('Wash Bank')).queryByRole('button')).toBeNull();
    expect(
      within(highfield).getByRole('link', { name: 'Read the response of Highfield Arable' }),
    ).toHaveAttribute('href', '/survey-responses?survey=grower-return&unit=11');
    // A farm that does not share its answers: its status, and nothing to read or act on.
    const grange = await rowOf('Brook Grange');
    expect(grange).toHaveTextContent('Accepted');
    expect(grange).toHaveTextContent('Answers not shared by the farm');
    expect(within(grange).queryByRole('link')).toBeNull();
    expect(within(grange).queryByRole('button')).toBeNull();
  });

  it('filters by status and searches by unit, farm or holding', async () => {
    const { api } = serveSurveys();
    const user = userEvent.setup();
    renderApp('/survey-responses?survey=grower-return');
    await table();
    await user.selectOptions(screen.getByLabelText('Status'), 'Submitted (131)');
    await waitFor(async () => {
      expect(within(await table()).getAllByRole('rowheader')).toHaveLength(1);
    });
    expect(screen.getByRole('table', { name: /^Units asked: 1, submitted/ })).toBeInTheDocument();
    expect(callsTo(api, /responses\?/).at(-1)).toBe(
      '/api/surveys/grower-return/responses?status=submitted&page=1&per_page=20',
    );

    await user.selectOptions(screen.getByLabelText('Status'), 'Every status');
    await user.type(screen.getByLabelText('Search units'), 'fen');
    expect(await screen.findByRole('table', { name: /matching “fen”/ })).toBeInTheDocument();
    expect(
      within(await table())
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Fen Edge12/345/12']);
  });

  it('downloads the CSV of all answers for the status filtered by', async () => {
    const { api } = serveSurveys();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderApp('/survey-responses?survey=grower-return');
    await table();
    await user.selectOptions(screen.getByLabelText('Status'), 'Submitted (131)');
    await user.click(screen.getByRole('button', { name: 'Download CSV of responses' }));
    expect(
      await screen.findByText('“grower-return-responses-2026-11-24.csv” was downloaded: 1 row.'),
    ).toBeInTheDocument();
    expect(callsTo(api, /responses\.csv/)).toEqual([
      '/api/surveys/grower-return/responses.csv?status=submitted',
    ]);
    expect(saved).toEqual(['grower-return-responses-2026-11-24.csv']);
  });

  it('reminds a unit: the server records it and the row says who reminded when', async () => {
    const { served } = serveSurveys();
    const user = userEvent.setup();
    renderApp('/survey-responses?survey=grower-return');
    await user.click(
      within(await rowOf('Fen Edge')).getByRole('button', { name: 'Remind Fen Edge' }),
    );
    expect(
      await screen.findByText(
        'Fen Edge was reminded: its users see the reminder in the portal (no e-mail is sent).',
      ),
    ).toBeInTheDocument();
    expect(served.posts).toEqual([
      { url: '/api/surveys/grower-return/responses/12/remind', body: undefined },
    ]);
    await waitFor(async () => {
      expect(await rowOf('Fen Edge')).toHaveTextContent('Reminded by Priya Shah on 25 Nov 2026');
    });
  });

  it('queries a return only with a comment, which goes to the server; the row turns queried', async () => {
    const { served } = serveSurveys();
    const user = userEvent.setup();
    renderApp('/survey-responses?survey=grower-return');
    await user.click(
      within(await rowOf('Highfield Arable')).getByRole('button', {
        name: 'Query the return of Highfield Arable',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Query the return of Highfield Arable',
    });
    const comment = within(dialog).getByLabelText('Comment to the farm (required)');
    await user.click(within(dialog).getByRole('button', { name: 'Query' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Write what you are asking the farm.',
    );
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(served.posts).toEqual([]);

    await user.type(comment, 'Area grown is 10 ha more than last year: please check.');
    await user.click(within(dialog).getByRole('button', { name: 'Query' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(served.posts).toEqual([
      {
        url: '/api/surveys/grower-return/responses/11/query',
        body: { comment: 'Area grown is 10 ha more than last year: please check.' },
      },
    ]);
    expect(
      await screen.findByText('The return of Highfield Arable was queried.'),
    ).toBeInTheDocument();
    await waitFor(async () => {
      expect(await rowOf('Highfield Arable')).toHaveTextContent('Queried');
    });
  });

  it('accepts a return with no comment, and Cancel sends nothing', async () => {
    const { served } = serveSurveys();
    const user = userEvent.setup();
    renderApp('/survey-responses?survey=grower-return');
    const accept = async () => {
      await user.click(
        within(await rowOf('Highfield Arable')).getByRole('button', {
          name: 'Accept the return of Highfield Arable',
        }),
      );
      return screen.findByRole('dialog', { name: 'Accept the return of Highfield Arable' });
    };
    await user.click(within(await accept()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(served.posts).toEqual([]);

    const dialog = await accept();
    expect(within(dialog).getByLabelText('Comment to the farm (optional)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: /^Accept/ })).not.toBeInTheDocument();
    });
    expect(served.posts).toEqual([
      { url: '/api/surveys/grower-return/responses/11/accept', body: {} },
    ]);
    await waitFor(async () => {
      expect(await rowOf('Highfield Arable')).toHaveTextContent('Accepted');
    });
  });

  it('keeps the dialog open and shows the server’s refusal when a query is refused', async () => {
    // The refusal is logged as a warning, as every failed request is.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serveSurveys({ queryStatus: 409 });
    const user = userEvent.setup();
    renderApp('/survey-responses?survey=grower-return');
    await user.click(
      within(await rowOf('Highfield Arable')).getByRole('button', {
        name: 'Query the return of Highfield Arable',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: /^Query the return/ });
    await user.type(within(dialog).getByLabelText(/Comment to the farm/), 'Why?');
    await user.click(within(dialog).getByRole('button', { name: 'Query' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'The return is no longer submitted.',
    );
    expect(screen.getByRole('dialog', { name: /^Query the return/ })).toBeInTheDocument();
  });
});

describe('survey responses: one response', () => {
  it('shows every answer by page through the pinned version, comments and the history', async () => {
    serveSurveys();
    const user = userEvent.setup();
    renderApp('/survey-responses?survey=grower-return&unit=11');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Highfield Arable: Grower return: 2026 season',
      }),
    ).toBeInTheDocument();
    const answers = screen.getByRole('region', { name: 'Answers' });
    const crops = within(answers).getByRole('region', { name: 'Crops grown' });
    expect(crops).toHaveTextContent('Main cropPotatoes');
    expect(crops).toHaveTextContent('Area grown42.5 ha');
    // Version 1, the pinned one, has no irrigation question.
    expect(crops).not.toHaveTextContent('Irrigated?');
    expect(within(answers).getByRole('region', { name: 'Assurance' })).toHaveTextContent(
      'Assurance schemeNot answered',
    );
    expect(screen.getByRole('region', { name: 'Comments' })).toHaveTextContent(
      'Area remeasured after harvest.',
    );
    expect(screen.getByText('Survey version').nextElementSibling).toHaveTextContent('1');

    const history = screen.getByRole('region', { name: 'History' });
    await user.click(within(history).getByText(/^Submitted by Sam Multi on 18 Nov 2026/));
    expect(await within(history).findByText('Onions')).toBeInTheDocument();

    // The server's actions for the response: a submitted return may be accepted.
    expect(
      screen.getByRole('button', { name: 'Accept the return of Highfield Arable' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print the response' })).toBeInTheDocument();
  });
});

describe('survey responses: the route’s condition', () => {
  it('shows staff without listUnits “Not available” and reads nothing', async () => {
    const api = mockApi([]);
    useSession.setState({ user: { ...PROCESSOR, accessTo: {} } });
    renderApp('/survey-responses');
    expect(await screen.findByRole('heading', { name: 'Not available' })).toBeInTheDocument();
    expect(callsTo(api, /\/api\/surveys/)).toEqual([]);
  });
});
