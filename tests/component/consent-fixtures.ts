import type { ApiPaged } from '../../shared/api.ts';
import type {
  AccessLogEntry,
  ConsentProvider,
  ConsentState,
  UnitConsent,
} from '../../shared/consent/types.ts';

/** Highfield Arable as multi@ sees it (tests/server/consent.test.ts holds the real answers). */
export const UNIT = {
  id: 7,
  name: 'Highfield Arable',
  unit_type_id: 4,
  supports: { mifarm: false, bcms_cts: false },
  packages: [],
};

export const FENLAND = 11;
export const TILLWELL = 12;

const category = (state: Partial<ConsentState> & Pick<ConsentState, 'id' | 'title'>) => ({
  description: `What ${state.title} holds.`,
  shared: true,
  until: null,
  lapsed: false,
  changed: null,
  ...state,
});

export const DOCUMENTS: ConsentState = category({
  id: 'documents',
  title: 'Farm documents',
  description: "The files uploaded to the unit's Farm Documents.",
});

export const fenland = (documents: Partial<ConsentState> = {}): ConsentProvider => ({
  provider: { id: FENLAND, name: 'Fenland Fresh Produce', kind: 'processor' },
  plans: [{ id: 21, name: 'Grower Scheme 2026' }],
  companies: ['Fenland Fresh Field Advisory', 'Fenland Fresh Produce'],
  categories: [
    { ...DOCUMENTS, ...documents },
    category({
      id: 'records:grower-return',
      title: 'Grower Returns',
      until: '2026-12-31',
      changed: { by: 'Sarah Pennington', at: '2026-11-24T10:15:00Z' },
    }),
    category({
      id: 'surveys',
      title: 'Survey answers',
      shared: false,
      changed: { by: 'Sarah Pennington', at: '2026-11-20T09:00:00Z' },
    }),
    category({
      id: 'calculations',
      title: 'Calculator results',
      shared: false,
      until: '2026-11-29',
      lapsed: true,
      changed: { by: 'Sarah Pennington', at: '2026-11-01T08:00:00Z' },
    }),
  ],
});

export const tillwell: ConsentProvider = {
  provider: { id: TILLWELL, name: 'Tillwell Agronomy', kind: 'adviser' },
  plans: [{ id: 22, name: 'Agronomy Service' }],
  companies: ['Tillwell Agronomy'],
  categories: [category({ id: 'records:lab-results', title: 'Lab Results' })],
};

export const consent = (providers: ConsentProvider[] = [fenland(), tillwell]): UnitConsent => ({
  unit: { id: UNIT.id, name: UNIT.name },
  providers,
  accessLogRetentionDays: 730,
});

export const READS: AccessLogEntry[] = [
  {
    id: 2,
    at: '2026-11-26T15:40:00Z',
    user: 'Priya Shah',
    provider: { id: FENLAND, name: 'Fenland Fresh Produce' },
    category: { id: 'documents', title: 'Farm documents' },
    what: 'Farm Documents',
    action: 'viewed',
  },
  {
    id: 1,
    at: '2026-11-25T08:05:00Z',
    user: 'Priya Shah',
    provider: { id: FENLAND, name: 'Fenland Fresh Produce' },
    category: { id: 'records:grower-return', title: 'Grower Returns' },
    what: 'Grower Returns',
    action: 'downloaded',
  },
];

export const page = (records: AccessLogEntry[]): ApiPaged<AccessLogEntry> => ({
  current_page: 1,
  records_per_page: 20,
  total_records: records.length,
  records,
});
