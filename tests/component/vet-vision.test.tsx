import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Assessment,
  AssessmentSummary,
  AssessmentTemplate,
  AssessmentTemplates,
} from '../../shared/assessments/types.ts';
import beefFile from '../../config/assessments/beef-herd-health@1.json';
import dairyFile from '../../config/assessments/dairy-herd-health@1.json';
import { useAccount } from '../../src/core/account/account-store.ts';
import { appSwrConfig } from '../../src/core/api/use-api.ts';
import VetVisionScreen from '../../src/screens/vet-vision/VetVisionScreen.tsx';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
import { memoryRoutes } from './memory-routes.tsx';

/** Vet Vision (src/screens/vet-vision), on the real templates, against a mocked API. */

const UNIT = {
  id: 3,
  name: 'Lower Dale Dairy',
  unit_type_id: 1,
  supports: { mifarm: false, bcms_cts: false },
  packages: [],
};
const TEMPLATES: AssessmentTemplates = {
  templates: [dairyFile, beefFile] as unknown as AssessmentTemplate[],
  current: { 'dairy-herd-health': 1, 'beef-herd-health': 1 },
};
const SUMMARY: AssessmentSummary = {
  id: 7,
  unitId: 3,
  template: { id: 'dairy-herd-health', version: 1, title: 'Dairy herd health assessment' },
  visitDate: '2026-11-20',
  vetName: 'Ruth Ellison',
  practice: 'Dale Vets',
  status: 'signed',
  kpis: { lame: 15, severely_lame: 3, scc: 180, amu: null },
  openActions: 1,
  createdBy: { id: 9, name: 'Helen Metcalfe', side: 'provider' },
  signedBy: { id: 9, name: 'Helen Metcalfe', side: 'provider' },
  signedAt: '2026-11-24T10:00:00Z',
  updatedAt: '2026-11-24T10:00:00Z',
};
const ACTION = {
  id: 31,
  description: 'Trim cows scoring 2 or 3',
  owner: 'Tom',
  dueOn: '2026-12-15',
  doneAt: null,
  doneBy: null,
};
const SIGNED: Assessment = {
  ...SUMMARY,
  answers: { mobility: { score_0: 60, score_1: 25, score_2: 12, score_3: 3 } },
  actions: [ACTION],
  may: { edit: false, sign: false, markActionsDone: true },
};
const page = (records: AssessmentSummary[]) =>
  ok({ current_page: 1, records_per_page: 10, total_records: records.length, records });

function renderAt(path: string) {
  const routes = ['/vet-vision/assessments', '/vet-vision/assessments/:assessment'].map((p) => ({
    path: p,
    element: <VetVisionScreen />,
    handle: { title: 'Vet Vision', screen: 'vet-vision', options: {} },
  }));
  render(
    <SWRConfig value={{ ...appSwrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      {memoryRoutes(routes, path).element}
    </SWRConfig>,
  );
}

beforeEach(() => {
  useAccount.setState({ unit: UNIT });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  useAccount.getState().reset();
  vi.restoreAllMocks();
});

describe('Vet Vision', () => {
  it('lists each visit with its date, vet, headline scores with units and open actions, and its trend', async () => {
    mockApi([
      [/\/api\/units\/3\/assessments\/templates/, () => ok(TEMPLATES)],
      [/\/api\/units\/3\/assessments\?/, () => page([SUMMARY])],
    ]);
    renderAt('/vet-vision/assessments');
    const table = await screen.findByRole('table', { name: '1 assessment' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('20 Nov 2026');
    expect(row).toHaveTextContent('Ruth Ellison, Dale Vets');
    expect(row).toHaveTextContent('Lame cows (mobility 2 and 3): 15.0 %');
    expect(row).toHaveTextContent("Somatic cell count: 180 '000 cells/ml");
    expect(row).toHaveTextContent('Antibiotic use: Not worked out');
    expect(within(row).getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /^Open/ })).toHaveAttribute(
      'href',
      '/vet-vision/assessments/7',
    );
    // The trend of lameness, its figures as a table listing the visit.
    const trend = await screen.findByRole('figure', { name: /Lame cows \(mobility 2 and 3\)/ });
    expect(trend).toHaveTextContent('15.0 %');
    expect(trend).toHaveTextContent('20 Nov 2026');
  });

  it('says so when the unit has no assessment yet', async () => {
    mockApi([
      [/\/api\/units\/3\/assessments\/templates/, () => ok(TEMPLATES)],
      [/\/api\/units\/3\/assessments\?/, () => page([])],
    ]);
    renderAt('/vet-vision/assessments');
    expect(
      await screen.findByText('No assessment has been recorded for this unit yet.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Trends show once an assessment is signed.'),
    ).toBeInTheDocument();
  });

  it('shows a signed assessment read-only with who signed it, the scores and their sources, and lets the farm mark an action done', async () => {
    const done: Assessment = {
      ...SIGNED,
      openActions: 0,
      actions: [
        {
          ...ACTION,
          doneAt: '2026-11-25T09:30:00Z',
          doneBy: { id: 1, name: 'Tom Hargreaves', side: 'farm' },
        },
      ],
    };
    const api = mockApi([
      [/\/api\/units\/3\/assessments\/templates/, () => ok(TEMPLATES)],
      [/\/actions\/31\/done$/, () => ok(done)],
      [/\/api\/units\/3\/assessments\/7$/, () => ok(SIGNED)],
    ]);
    renderAt('/vet-vision/assessments/7');
    expect(
      await screen.findByText(/Signed by Helen Metcalfe \(the programme\) on 24 Nov 2026/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const lame = screen.getByRole('group', { name: 'Lame cows (mobility 2 and 3)' });
    expect(lame).toHaveTextContent('15.0 %');
    expect(within(lame).getByRole('link', { name: 'AHDB Mobility Score' })).toHaveAttribute(
      'href',
      'https://ahdb.org.uk/knowledge-library/mobility-scoring-how-to-score-your-cows',
    );

    await userEvent.click(screen.getByRole('button', { name: /^Mark done/ }));
    expect(callsTo(api, /\/actions\/31\/done$/)).toHaveLength(1);
    expect(await screen.findByText(/Done 25 Nov 2026.* by Tom Hargreaves/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark done/ })).not.toBeInTheDocument();
  });

  it('draws a new assessment from the template and works the headline scores out as it is filled in', async () => {
    mockApi([[/\/api\/units\/3\/assessments\/templates/, () => ok(TEMPLATES)]]);
    renderAt('/vet-vision/assessments/new?template=dairy-herd-health');
    expect(
      await screen.findByRole('heading', { name: 'New dairy herd health assessment' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Mobility (AHDB 0–3)' })).toBeInTheDocument();
    const lame = screen.getByRole('group', { name: 'Lame cows (mobility 2 and 3)' });
    expect(lame).toHaveTextContent('Not worked out');
    for (const [score, cows] of [
      ['0 (good mobility)', '60'],
      ['1 (imperfect mobility)', '25'],
      ['2 (impaired mobility, lame)', '12'],
      ['3 (severely impaired, severely lame)', '3'],
    ] as const) {
      await userEvent.type(screen.getByRole('textbox', { name: `Cows scoring ${score} *` }), cows);
    }
    await userEvent.tab();
    expect(lame).toHaveTextContent('15.0 %');
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a save on the question it names, and keeps what was typed', async () => {
    const api = mockApi([
      [/\/api\/units\/3\/assessments\/templates/, () => ok(TEMPLATES)],
      [
        /\/api\/units\/3\/assessments$/,
        () =>
          json(406, {
            status: false,
            type: 'Request_ValidationFailed',
            type_label: 'Not Acceptable',
            code: 406,
            msg: 'The assessment could not be saved: correct the fields listed.',
            errors: { '/udder/scc': ['SCC must be at most 5000'] },
          }),
      ],
    ]);
    renderAt('/vet-vision/assessments/new?template=dairy-herd-health');
    const scc = await screen.findByRole('textbox', {
      name: 'Average bulk milk somatic cell count, last 12 months *',
    });
    await userEvent.type(scc, '180');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    // On the form's list of problems and under the field itself.
    expect(await screen.findAllByText('SCC must be at most 5000')).toHaveLength(2);
    expect(callsTo(api, /\/assessments$/)).toHaveLength(1);
    expect(scc).toHaveValue('180');
  });
});
