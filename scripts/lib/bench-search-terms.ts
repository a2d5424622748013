/**
 * The 200 searches `npm run bench:api` sends to the units list, taken from the seeded data itself
 * (the first slice of server/seed/dataset.ts's farms for that size and the default seed), so that
 * they find what a buyer would look for, at every size:
 *
 * - postcode: a farm's full postcode, as typed ("DL11 6LR", "dl116lr"): a handful of farms;
 * - unit name: a unit's full name ("Wellhouse Farm Dairy"): a few at 2,000 farms, hundreds at
 *   200,000 (unit names are farm names with a suffix);
 * - farm name: a farm's name ("Wellhouse Farm"): the generator has 160 of them, so at 200,000
 *   farms each is shared by about 1,250 farms (a few dozen of them the buyer's);
 * - surname: a main contact's last name (198 of them, shared as widely);
 * - common word: "farm", "house", "hill"…: tens of thousands of units at 200,000 farms;
 * - short: one or two characters ("LN", "a"), which no trigram index can narrow;
 * - no match: nothing has it.
 *
 * Half of the postcodes and names are of the buyer's (Acme Foods) units, half of others'.
 */
import { datasetSlices, mulberry32, Random } from '../../server/seed/dataset.ts';
import type { Dataset } from '../../server/seed/types.ts';

export const TERM_KINDS = [
  'postcode',
  'unit name',
  'farm name',
  'surname',
  'common word',
  'short',
  'no match',
] as const;
export type TermKind = (typeof TERM_KINDS)[number];

export interface SearchTerm {
  term: string;
  kind: TermKind;
}

const COMMON_WORDS = [
  'farm',
  'house',
  'hill',
  'dairy',
  'moor',
  'green',
  'wood',
  'barton',
  'hall',
  'lane',
];
const SHORT = ['LN', 'a', 'ro', 'PE', 'y', 'DL', 'ee', 'S', 'ha', 'Y0'];
const NO_MATCH = [
  'zqxj',
  'qqqq farm',
  'xyzzy',
  'ZZ99 9ZZ',
  'jjkk',
  'vwvw',
  'Qx Dairy',
  'kzkz',
  'wq7',
  '@@@@',
];

/** The farms of a slice with their units, and whether the buyer's provider holds any of them. */
function farmsOf(slice: Dataset, provider: string) {
  const providerId = slice.providers.find((p) => p.reference === provider)?.id;
  const ofProvider = new Set(
    slice.packages.filter((p) => p.provider_id === providerId).map((p) => p.id),
  );
  const buyers = new Set(
    slice.unitPackages.filter((up) => ofProvider.has(up.package_id)).map((up) => up.unit_id),
  );
  const unitsOf = new Map<number, Dataset['units']>();
  for (const unit of slice.units)
    unitsOf.set(unit.farm_id, [...(unitsOf.get(unit.farm_id) ?? []), unit]);
  return slice.farms.map((farm) => {
    const units = unitsOf.get(farm.id) ?? [];
    return { farm, units, buyers: units.some((u) => buyers.has(u.id)) };
  });
}

/** 200 searches for a database seeded with `farms` farms (the default seed), in a fixed order. */
export function searchTerms(farms: number): SearchTerm[] {
  const first = datasetSlices({ farms }).next();
  if (first.done) throw new Error('The dataset has no farms');
  const all = farmsOf(first.value, 'acme_foods');
  const random = new Random(mulberry32(214));
  // Alternately one of the buyer's farms and one of others', so both kinds of answer are asked.
  const pick = (i: number) => {
    const pool = all.filter((f) => f.buyers === (i % 2 === 0));
    return random.pick(pool.length > 0 ? pool : all);
  };
  const terms: SearchTerm[] = [];
  for (let i = 0; i < 60; i++) {
    const { postcode } = pick(i).farm;
    const typed = i % 3 === 0 ? postcode.toLowerCase().replace(' ', '') : postcode;
    terms.push({ term: typed, kind: 'postcode' });
  }
  for (let i = 0; i < 30; i++) {
    const { units } = pick(i);
    terms.push({ term: random.pick(units).name, kind: 'unit name' });
  }
  for (let i = 0; i < 40; i++) terms.push({ term: pick(i).farm.name, kind: 'farm name' });
  for (let i = 0; i < 30; i++) {
    terms.push({ term: pick(i).farm.contact_last_name, kind: 'surname' });
  }
  for (const term of [...COMMON_WORDS, ...COMMON_WORDS]) terms.push({ term, kind: 'common word' });
  for (const term of SHORT) terms.push({ term, kind: 'short' });
  for (const term of NO_MATCH) terms.push({ term, kind: 'no match' });
  random.shuffle(terms);
  return terms;
}
