/**
 * Figures no formula can give, worked out by name: a report's "computations" pick an entry and
 * name the fields of its record type that play the entry's roles, so the code names no field.
 * Each entry describes itself (its roles, their kinds, its outputs) and validate:config checks a
 * report's use of it against the record type's fields.
 */

export type Data = Readonly<Record<string, unknown>>;

/** The JSON type a role's field must have (as validate:config checks it). */
export type RoleKind = 'date' | 'string' | 'number';

export interface RoleDescription {
  kind: RoleKind;
  required: boolean;
  description: string;
}

export interface ComputationContext {
  /** The records of the source in the group (every period's, for an undated source). */
  records: readonly Data[];
  /** The field playing each role. */
  fields: Readonly<Record<string, string>>;
  options: Readonly<Record<string, readonly string[]>>;
  /** The dates of the period: [start, end), yyyy-MM-dd. */
  start: string;
  end: string;
}

export interface ComputationEntry {
  description: string;
  roles: Readonly<Record<string, RoleDescription>>;
  /** Options the entry takes: each a list of values of a field (the statuses meaning "died"). */
  options: Readonly<Record<string, string>>;
  outputs: Readonly<Record<string, string>>;
  compute(context: ComputationContext): Readonly<Record<string, number | null>>;
  /** What the entry lists on a day, for a report's "lists" (withdrawals in force and when they end). */
  list?: {
    columns: readonly ListColumn[];
    rows(context: ComputationContext & { day: string }): Readonly<Record<string, string>>[];
  };
}

/** A column of a computation's list: dates are yyyy-MM-dd, shown as dates. */
export interface ListColumn {
  key: string;
  title: string;
  kind: 'date' | 'text';
}

const date = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Numbers on the holding over time from each animal's dates: on from its arrival (moved on, or
 * else born), off from the day it left. An animal whose status says it left but which has no date
 * off cannot be placed in time and is left out of every count.
 */
const herdNumbers: ComputationEntry = {
  description:
    'head on the holding at the start and end of each period, births, arrivals, deaths and sales (or slaughter), from each animal record',
  roles: {
    born: { kind: 'date', required: true, description: 'date of birth' },
    arrived: {
      kind: 'date',
      required: false,
      description: 'date moved on, for an animal not born here',
    },
    left: { kind: 'date', required: true, description: 'date it left the holding' },
    status: { kind: 'string', required: true, description: 'on farm, sold, died …' },
  },
  options: {
    onFarm: 'status values of an animal still on the holding',
    died: 'status values of an animal that died (the others that left were sold or slaughtered)',
  },
  outputs: {
    opening: 'head on the holding at the start of the period',
    closing: 'head on the holding at the end of the period',
    births: 'animals born on the holding in the period',
    arrivals: 'animals moved on in the period',
    deaths: 'animals that died in the period',
    sales: 'animals sold or slaughtered in the period',
  },
  compute: ({ records, fields, options, start, end }) => {
    const onFarm = new Set(options.onFarm ?? []);
    const died = new Set(options.died ?? []);
    const at = (record: Data, role: string) => record[fields[role] ?? ''];
    let opening = 0;
    let closing = 0;
    let births = 0;
    let arrivals = 0;
    let deaths = 0;
    let sales = 0;
    for (const record of records) {
      const born = date(at(record, 'born'));
      const arrived = date(at(record, 'arrived'));
      const on = arrived ?? born;
      const off = date(at(record, 'left'));
      const status = text(at(record, 'status'));
      if (on === null) continue;
      if (off === null && status !== '' && !onFarm.has(status)) continue;
      const presentOn = (day: string) => on < day && (off === null || off >= day);
      if (presentOn(start)) opening++;
      if (presentOn(end)) closing++;
      if (arrived === null && born !== null && born >= start && born < end) births++;
      if (arrived !== null && arrived >= start && arrived < end) arrivals++;
      if (off !== null && off >= start && off < end) {
        if (died.has(status)) deaths++;
        else sales++;
      }
    }
    return { opening, closing, births, arrivals, deaths, sales };
  },
};

const MS_PER_DAY = 86_400_000;
const finite = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

/**
 * Daily liveweight gain from birth to each animal's last weighing, (weight − birth weight) ÷ days
 * between, for the animals last weighed in the period; their mean, and how many there were. An
 * animal without a birth date, a birth weight or a weighing after its birth is left out.
 */
const liveweightGain: ComputationEntry = {
  description:
    'daily liveweight gain from birth to last weighing of the animals last weighed in the period (kg a day, their mean), and how many they were',
  roles: {
    born: { kind: 'date', required: true, description: 'date of birth' },
    birthWeight: { kind: 'number', required: true, description: 'weight at birth, kg' },
    weighed: { kind: 'date', required: true, description: 'date of the last weighing' },
    weight: { kind: 'number', required: true, description: 'weight at the last weighing, kg' },
  },
  options: {},
  outputs: {
    dlwg: 'mean daily liveweight gain from birth of the animals last weighed in the period, kg a day',
    weighed: 'animals last weighed in the period with a birth weight',
  },
  compute: ({ records, fields, start, end }) => {
    const gains: number[] = [];
    for (const record of records) {
      const born = date(record[fields.born ?? '']);
      const weighed = date(record[fields.weighed ?? '']);
      const birthWeight = finite(record[fields.birthWeight ?? '']);
      const weight = finite(record[fields.weight ?? '']);
      if (born === null || weighed === null || birthWeight === null || weight === null) continue;
      if (weighed < start || weighed >= end) continue;
      const days =
        (Date.parse(`${weighed}T00:00:00Z`) - Date.parse(`${born}T00:00:00Z`)) / MS_PER_DAY;
      if (days <= 0) continue;
      gains.push((weight - birthWeight) / days);
    }
    return {
      dlwg: gains.length === 0 ? null : gains.reduce((a, b) => a + b, 0) / gains.length,
      weighed: gains.length,
    };
  },
};

/** A withdrawal period of one treatment: milk or meat, and the last day it runs. */
export interface Withdrawal {
  /** The treatment's place in the records given. */
  index: number;
  kind: 'milk' | 'meat';
  treated: string;
  ends: string;
  /** The product and the animal or group, where the record gives them. */
  product: string;
  animal: string;
}

/**
 * The withdrawal periods in force on a day (yyyy-MM-dd): treated on or before it, ending on or
 * after it. The medicine report counts them at each period's close; the dashboard lists today's.
 */
export function withdrawalsInForce(
  records: readonly Data[],
  fields: Readonly<Record<string, string>>,
  day: string,
): Withdrawal[] {
  const found: Withdrawal[] = [];
  records.forEach((record, index) => {
    const treated = date(record[fields.treated ?? '']);
    if (treated === null || treated > day) return;
    for (const kind of ['milk', 'meat'] as const) {
      const ends = date(record[fields[kind] ?? '']);
      if (ends !== null && ends >= day)
        found.push({
          index,
          kind,
          treated,
          ends,
          product: text(record[fields.product ?? '']),
          animal: text(record[fields.animal ?? '']),
        });
    }
  });
  return found.sort((a, b) => a.ends.localeCompare(b.ends) || a.index - b.index);
}

/** The day before a yyyy-MM-dd date: the last day of a period that ends before `end`. */
const dayBefore = (end: string) =>
  new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Treatments with a milk or meat withdrawal period still running on a period's last day. */
const withdrawals: ComputationEntry = {
  description:
    'treatments whose milk or meat withdrawal period is still in force on the last day of the period',
  roles: {
    treated: { kind: 'date', required: true, description: 'date treated' },
    milk: { kind: 'date', required: false, description: 'last day of the milk withdrawal' },
    meat: { kind: 'date', required: false, description: 'last day of the meat withdrawal' },
    product: {
      kind: 'string',
      required: false,
      description: 'product given, for the list of withdrawals in force',
    },
    animal: {
      kind: 'string',
      required: false,
      description: 'animal or group treated, for the list of withdrawals in force',
    },
  },
  options: {},
  outputs: {
    in_force: 'treatments with a withdrawal period in force on the last day of the period',
  },
  compute: ({ records, fields, end }) => {
    const running = withdrawalsInForce(records, fields, dayBefore(end));
    return { in_force: new Set(running.map((w) => w.index)).size };
  },
  list: {
    columns: [
      { key: 'animal', title: 'Animal or group', kind: 'text' },
      { key: 'product', title: 'Product', kind: 'text' },
      { key: 'treated', title: 'Treated', kind: 'date' },
      { key: 'kind', title: 'Withdrawal', kind: 'text' },
      { key: 'ends', title: 'Ends', kind: 'date' },
    ],
    rows: ({ records, fields, day }) =>
      withdrawalsInForce(records, fields, day).map((w) => ({
        animal: w.animal,
        product: w.product,
        treated: w.treated,
        kind: w.kind === 'milk' ? 'Milk' : 'Meat',
        ends: w.ends,
      })),
  },
};

export const COMPUTATIONS: Readonly<Record<string, ComputationEntry>> = {
  'herd-numbers': herdNumbers,
  'liveweight-gain': liveweightGain,
  withdrawals,
};
