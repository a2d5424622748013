/**
 * How a measure combines values: over the records of a group (a field of each record), or a
 * headline over the periods of a report (a measure of each period). Each value comes with the
 * weight it carries and the order it comes in (its date or period). A registry: a new aggregate
 * is one entry, and validate:config lists the names from here.
 */
import type { AggregateName } from './declaration.ts';

export interface Item {
  value: number | null;
  weight: number | null;
  /** A date or period key: "first" and "last" go by it. */
  order: string;
}

interface AggregateEntry {
  description: string;
  /** Needs a weight: a field for records, a measure for headlines. */
  needsWeight?: boolean;
  /** Counts records, so it needs no field. */
  countsRecords?: boolean;
  combine(items: readonly Item[]): number | null;
}

const known = (items: readonly Item[]) =>
  items.filter((i): i is Item & { value: number } => i.value !== null);
const byOrder = (items: readonly Item[]) =>
  [...known(items)].sort((a, b) => a.order.localeCompare(b.order));

export const AGGREGATES: Readonly<Record<AggregateName, AggregateEntry>> = {
  sum: {
    description:
      'the total of the values given; with a weight, of each value times its weight (yield × area = tonnes), over those with both',
    combine: (items) => {
      const used = known(items);
      return used.length === 0 ? null : used.reduce((total, i) => total + i.value, 0);
    },
  },
  mean: {
    description: 'the average of the values given',
    combine: (items) => {
      const used = known(items);
      return used.length === 0 ? null : used.reduce((t, i) => t + i.value, 0) / used.length;
    },
  },
  'weighted-mean': {
    description:
      'the average weighted by another figure (yield by area, price by litres), over those with both',
    needsWeight: true,
    combine: (items) => {
      const used = known(items).filter(
        (i): i is Item & { value: number; weight: number } => i.weight !== null,
      );
      const weight = used.reduce((t, i) => t + i.weight, 0);
      return weight === 0 ? null : used.reduce((t, i) => t + i.value * i.weight, 0) / weight;
    },
  },
  first: {
    description: 'the oldest value given',
    combine: (items) => byOrder(items)[0]?.value ?? null,
  },
  last: {
    description: 'the newest value given',
    combine: (items) => byOrder(items).at(-1)?.value ?? null,
  },
  count: {
    description: 'how many records there are (with a field: how many give it)',
    countsRecords: true,
    combine: (items) => items.filter((i) => i.value !== null).length,
  },
  min: {
    description: 'the smallest value given',
    combine: (items) => {
      const used = known(items);
      return used.length === 0 ? null : Math.min(...used.map((i) => i.value));
    },
  },
  max: {
    description: 'the largest value given',
    combine: (items) => {
      const used = known(items);
      return used.length === 0 ? null : Math.max(...used.map((i) => i.value));
    },
  },
};

export const isAggregateName = (name: string): name is AggregateName =>
  Object.hasOwn(AGGREGATES, name);
