import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionItem, SubmissionRecordReturn } from '../../shared/surveys/types.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { appSwrConfig } from '../../src/core/api/use-api.ts';
import SubmissionsScreen from '../../src/screens/submissions/SubmissionsScreen.tsx';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
import { UNIT } from './surveys-fixtures.ts';
import { memoryRoutes } from './memory-routes.tsx';

/** The unit's returns to its providers (src/screens/submissions), against a mocked API. */

const FENLAND = { reference: 'fenland_fresh', name: 'Fenland Fresh Produce' };
const MOORLAND = { reference: 'moorland_vale', name: 'Moorland Vale Dairies' };
const UNIT_OF_TWO = {
  ...UNIT,
  packages: [
    ...UNIT.packages,
    {
      id: 4,
      name: 'Grower Scheme',
      reference: 'fenland_fresh_grower_scheme',
      visible_name: 'Grower Scheme',
      provider_id: 5,
      provider_reference: FENLAND.reference,
      provider_name: FENLAND.name,
      features: ['submissions'],
    },
  ],
};

const ITEMS: SubmissionItem[] = [
  {
    id: 'survey:moorland-vale-herd-health-2026',
    type: 'survey',
    title: 'Herd Health and Welfare Review 2026',
    provider: MOORLAND,
    date: '2026-11-22',
    status: 'queried',
    path: '/unit/surveys/moorland-vale-herd-health-2026',
    surveyVersion: 1,
  },
  {
    id: 'record:51',
    type: 'grower-return',
    title: 'Grower return: Peas, Long Field',
    provider: FENLAND,
    date: '2026-08-30',
    status: 'accepted',
    path: '/unit/submissions/records/51',
    surveyVersion: null,
  },
];

function renderAt(path: string) {
  const routes = ['/unit/submissions', '/unit/submissions/records/:record'].map((p) => ({
    path: p,
    element: <SubmissionsScreen />,
    handle: { title: 'Submissions', screen: 'submissions', options: {} },
  }));
  render(
    <SWRConfig value={{ ...appSwrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      {memoryRoutes(routes, path).element}
    </SWRConfig>,
  );
}

beforeEach(() => {
  useAccount.setState({ unit: UNIT_OF_TWO });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  useAccount.getState().reset();
  vi.restoreAllMocks();
});

describe('the submissions list', () => {
  it('lists each return with its type, provider, date and status, linked to the read-only return', async () => {
    mockApi([
      [
        /\/api\/units\/7\/submissions\?/,
        () => ok({ current_page: 1, total_records: 2, records: ITEMS }),
      ],
    ]);
    renderAt('/unit/submissions');
    const table = await screen.findByRole('table', { name: '2 submissions' });
    const [survey, grower] = within(table).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(
      within(survey).getByRole('link', { name: /^Herd Health and Welfare Review 2026/ }),
    ).toHaveAttribute('href', '/unit/surveys/moorland-vale-herd-health-2026');
    expect(survey).toHaveTextContent('Survey return');
    expect(survey).toHaveTextContent('Moorland Vale Dairies');
    expect(survey).toHaveTextContent('22 Nov 2026');
    expect(survey).toHaveTextContent('Queried');
    expect(
      within(grower).getByRole('link', { name: /^Grower return: Peas, Long Field/ }),
    ).toHaveAttribute('href', '/unit/submissions/records/51');
    expect(grower).toHaveTextContent('Grower return');
    expect(grower).toHaveTextContent('Accepted');
    expect(screen.getByRole('button', { name: 'Download CSV of Submissions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print Submissions' })).toBeInTheDocument();
  });

  it('filters by provider and year, on the server, back to the first page', async () => {
    const api = mockApi([
      [
        /\/api\/units\/7\/submissions\?/,
        () => ok({ current_page: 1, total_records: 2, records: ITEMS }),
      ],
    ]);
    const user = userEvent.setup();
    renderAt('/unit/submissions');
    await screen.findByRole('table');
    const providers = screen.getByRole('combobox', { name: 'Sent to' });
    expect(
      within(providers)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All providers', 'Fenland Fresh Produce', 'Moorland Vale Dairies']);
    await user.selectOptions(providers, 'fenland_fresh');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2026');
    const last = callsTo(api, /\/submissions\?/).at(-1) ?? '';
    const query = new URL(last, 'http://portal').searchParams;
    expect(query.get('provider')).toBe('fenland_fresh');
    expect(query.get('year')).toBe('2026');
    expect(query.get('page')).toBe('1');
  });

  it('shows a submitted record read-only, every field in words', async () => {
    const record: SubmissionRecordReturn = {
      item: ITEMS[1] as SubmissionItem,
      record: {
        id: 51,
        unit_id: 7,
        record_type: 'grower-return',
        data: { crop: 'peas', area_ha: 12.5 },
      },
      recordType: {
        name: 'grower-return',
        title: 'Grower Returns',
        itemTitle: 'grower return',
        schema: {
          type: 'object',
          properties: {
            crop: {
              type: 'string',
              title: 'Crop',
              oneOf: [
                { const: 'peas', title: 'Vining peas' },
                { const: 'beans', title: 'Broad beans' },
              ],
            },
            area_ha: { type: 'number', title: 'Area (ha)' },
            variety: { type: 'string', title: 'Variety' },
          },
        },
        uiSchema: {},
      },
    };
    mockApi([[/\/api\/units\/7\/submissions\/records\/51/, () => ok(record)]]);
    renderAt('/unit/submissions/records/51');
    expect(
      await screen.findByRole('heading', { name: 'Grower return: Peas, Long Field' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Grower return sent to Fenland Fresh Produce on 30 Aug 2026: accepted/),
    ).toBeInTheDocument();
    const fields = screen.getByLabelText('The grower return');
    expect(fields).toHaveTextContent('CropVining peas');
    expect(fields).toHaveTextContent('Area (ha)12.5');
    expect(fields).toHaveTextContent('VarietyNot given');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All submissions' })).toHaveAttribute(
      'href',
      '/unit/submissions',
    );
  });
});

describe('a submission that cannot be shown', () => {
  it('says why a record could not be read, under the link back, and reads it again on Retry', async () => {
    let reads = 0;
    mockApi([
      [
        /\/api\/units\/7\/submissions\/records\/52/,
        () => {
          reads += 1;
          return json(404, {
            status: false,
            type: 'Not_Found',
            type_label: 'Not Found',
            code: 404,
            msg: 'There is no submitted record 52 on this unit.',
            errors: [],
          });
        },
      ],
    ]);
    const user = userEvent.setup();
    renderAt('/unit/submissions/records/52');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The submission could not be loaded. There is no submitted record 52 on this unit.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Submission' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All submissions' })).toHaveAttribute(
      'href',
      '/unit/submissions',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => {
      expect(reads).toBe(2);
    });
  });

  it('asks for a unit first when none is selected, with the way to the dashboard', () => {
    useAccount.getState().reset();
    renderAt('/unit/submissions');
    expect(screen.getByRole('heading', { level: 1, name: 'Submissions' })).toBeInTheDocument();
    expect(screen.getByText(/Choose a unit first/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});
