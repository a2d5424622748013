import { addDays, dayBetween, type Draw, round, uniform } from './draw.ts';

/**
 * A cattle unit's animal records (config/records/animal.json: a recorded group of cows and the
 * calves born to them in 2024–2026, with sales, deaths and weighings) and its medicine book
 * (config/records/medicine-book.json: a few treatments a year with their label withdrawal
 * periods), in the shapes of demo-records.ts.
 */

/** Records stop at the end of October 2026, the last month the seed has figures for. */
const LAST_DAY = '2026-10-31';

type Animal = Record<string, string | number>;

const BEEF_COWS = [
  'Limousin cross',
  'Aberdeen Angus cross',
  'Hereford',
  'Stabiliser',
  'Simmental cross',
];
const BEEF_CALVES = [
  'Limousin cross',
  'Charolais cross',
  'British Blue cross',
  'Aberdeen Angus cross',
];
const DAIRY_COWS = ['Holstein Friesian', 'Holstein Friesian', 'Holstein', 'Jersey', 'Ayrshire'];
const BEEF_SIRES = [
  'Limousin bull (own)',
  'Charolais bull (own)',
  'AI: British Blue',
  'Aberdeen Angus bull (hired)',
];
const DAIRY_SIRES = [
  'AI: Holstein, sexed',
  'AI: Holstein',
  'AI: British Blue',
  'AI: Aberdeen Angus',
];

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** The unit's cows and their calves; `dairy` switches calving, breeds and the calves' fate. */
export function animalRecords(draw: Draw, dairy: boolean): Animal[] {
  const herdMark = String(draw.int(100_000, 999_999));
  let next = draw.int(1, 4000);
  const tag = () => `UK ${herdMark} ${String(draw.int(1, 9))}${String(next++).padStart(5, '0')}`;
  const out: Animal[] = [];
  const cows: { tag: string; off?: string }[] = [];
  const cowCount = dairy ? draw.int(15, 40) : draw.int(10, 35);
  for (let i = 0; i < cowCount; i++) {
    const cow: Animal = {
      ear_tag: tag(),
      breed: draw.pick(dairy ? DAIRY_COWS : BEEF_COWS),
      sex: 'Female',
      date_of_birth: dayBetween(draw, '2014-01-01', '2022-06-30'),
      status: 'On farm',
    };
    // Culls (more of them in a dairy herd) and the odd death.
    if (draw.chance(dairy ? 0.3 : 0.18)) {
      const died = draw.chance(0.12);
      cow.status = died ? 'Died' : 'Slaughtered';
      cow.date_off_holding = dayBetween(draw, '2024-01-01', LAST_DAY);
    }
    out.push(cow);
    cows.push({ tag: String(cow.ear_tag), off: cow.date_off_holding as string | undefined });
  }
  for (const year of [2024, 2025, 2026]) {
    for (const cow of cows) {
      if (!draw.chance(0.9)) continue;
      // Beef herds calve in spring; the dairy all year round.
      const born = dairy
        ? dayBetween(draw, `${String(year)}-01-01`, `${String(year)}-09-30`)
        : dayBetween(draw, `${String(year)}-03-01`, `${String(year)}-05-15`);
      if (born > LAST_DAY || (cow.off !== undefined && born > cow.off)) continue;
      out.push(calf(draw, dairy, tag(), cow.tag, born));
    }
  }
  return out;
}

function calf(draw: Draw, dairy: boolean, earTag: string, dam: string, born: string): Animal {
  const female = draw.chance(0.5);
  const birthWeight = round(uniform(draw, dairy ? 35 : 36, dairy ? 45 : 48), 0);
  const animal: Animal = {
    ear_tag: earTag,
    breed: draw.pick(dairy ? (female ? DAIRY_COWS : BEEF_CALVES) : BEEF_CALVES),
    sex: female ? 'Female' : dairy ? 'Male' : 'Castrated male',
    date_of_birth: born,
    birth_weight_kg: birthWeight,
    dam_ear_tag: dam,
    sire: draw.pick(dairy ? DAIRY_SIRES : BEEF_SIRES),
    status: 'On farm',
  };
  const leave = (status: string, day: string) => {
    if (day > LAST_DAY) return false;
    animal.status = status;
    animal.date_off_holding = day;
    return true;
  };
  const weigh = (day: string, gain: number) => {
    if (day > LAST_DAY) return;
    animal.last_weighed_date = day;
    animal.last_weight_kg = Math.round(birthWeight + gain * daysBetween(born, day));
  };
  // About 3–4 % die young (AHDB: calf mortality in GB herds runs 2–6 %).
  if (draw.chance(dairy ? 0.04 : 0.03)) {
    leave('Died', addDays(born, draw.int(2, 60)));
    return animal;
  }
  if (dairy && !female) {
    // Dairy bull calves go to a rearer at two to four weeks.
    leave('Sold', addDays(born, draw.int(14, 28)));
    return animal;
  }
  const gain = uniform(draw, dairy ? 0.7 : 0.85, dairy ? 0.85 : 1.2);
  if (female && draw.chance(dairy ? 0.9 : 0.25)) {
    // Kept as a replacement heifer: weighed at weaning or at service.
    weigh(addDays(born, draw.int(180, 420)), gain);
    return animal;
  }
  if (draw.chance(0.45)) {
    // Sold as a store at 10–14 months.
    const day = addDays(born, draw.int(300, 420));
    weigh(addDays(day, -draw.int(1, 7)), gain);
    leave('Sold', day);
  } else {
    // Finished at 20–26 months.
    const day = addDays(born, draw.int(600, 790));
    weigh(addDays(day, -draw.int(1, 10)), gain);
    leave('Slaughtered', day);
  }
  return animal;
}

interface Product {
  product: string;
  reason: string;
  route: string;
  dose: [number, number];
  unit: string;
  /** Label withdrawal: meat days; milk days (dairy only). */
  meat: number;
  milk?: number;
  /** A group treatment, or one animal. */
  group?: readonly string[];
}

const DAIRY_PRODUCTS: readonly Product[] = [
  {
    product: 'Ubrolexin',
    reason: 'Clinical mastitis',
    route: 'intramammary',
    dose: [1, 1],
    unit: 'tubes',
    meat: 10,
    milk: 5,
  },
  {
    product: 'Metacam 20 mg/ml',
    reason: 'Lameness',
    route: 'subcutaneous',
    dose: [12, 18],
    unit: 'ml',
    meat: 15,
    milk: 5,
  },
  {
    product: 'Pen & Strep',
    reason: 'Foul in the foot',
    route: 'intramuscular',
    dose: [18, 25],
    unit: 'ml',
    meat: 23,
    milk: 3,
  },
  {
    product: 'Orbeseal',
    reason: 'Dry-off teat sealant',
    route: 'intramammary',
    dose: [4, 4],
    unit: 'tubes',
    meat: 0,
    milk: 0,
  },
  {
    product: 'Bovilis BVD',
    reason: 'Vaccination programme',
    route: 'intramuscular',
    dose: [2, 2],
    unit: 'ml',
    meat: 0,
    milk: 0,
    group: ['Whole herd', 'Milking cows'],
  },
  {
    product: 'Eprinex Multi',
    reason: 'Worm burden',
    route: 'pour_on',
    dose: [30, 60],
    unit: 'ml',
    meat: 15,
    milk: 0,
    group: ['Heifers, shed 2', 'Youngstock'],
  },
];
const BEEF_PRODUCTS: readonly Product[] = [
  {
    product: 'Bovipast RSP',
    reason: 'Pneumonia vaccination',
    route: 'subcutaneous',
    dose: [5, 5],
    unit: 'ml',
    meat: 0,
    group: ['Weaned calves', 'Calves, shed 1'],
  },
  {
    product: 'Bravoxin 10',
    reason: 'Clostridial vaccination',
    route: 'subcutaneous',
    dose: [2, 2],
    unit: 'ml',
    meat: 0,
    group: ['Whole herd', 'Cows'],
  },
  {
    product: 'Closamectin Pour On',
    reason: 'Worm and fluke',
    route: 'pour_on',
    dose: [30, 60],
    unit: 'ml',
    meat: 28,
    group: ['Stores', 'Cows', 'Weaned calves'],
  },
  {
    product: 'Ivomec Super',
    reason: 'Worm and fluke',
    route: 'subcutaneous',
    dose: [5, 10],
    unit: 'ml',
    meat: 66,
    group: ['Stores', 'Finishers'],
  },
  {
    product: 'Alamycin LA 300',
    reason: 'Pneumonia',
    route: 'intramuscular',
    dose: [10, 20],
    unit: 'ml',
    meat: 28,
  },
  {
    product: 'Metacam 20 mg/ml',
    reason: 'Pneumonia',
    route: 'subcutaneous',
    dose: [6, 12],
    unit: 'ml',
    meat: 15,
  },
];

const VETS = [
  'Dale Vets, Richmond',
  'Westpoint Farm Vets',
  'Shepton Veterinary Group',
  'Lambert, Leonard & May',
  'Tyndale Farm Vets',
  'Fell Vets',
  'Paragon Veterinary Group',
  'Bishopton Veterinary Group',
  'Scott Mitchell Associates',
  'Kernow Farm Vets',
  'Wern Vets',
  'Parklands Vets',
];

/** A few treatments a year, 2023 to October 2026; individual ones name an animal on farm. */
export function medicineRecords(
  draw: Draw,
  dairy: boolean,
  keeper: string,
  animals: readonly Animal[],
): Record<string, unknown>[] {
  const vet = draw.pick(VETS);
  const products = dairy ? DAIRY_PRODUCTS : BEEF_PRODUCTS;
  const out: Record<string, unknown>[] = [];
  for (const year of [2023, 2024, 2025, 2026]) {
    const count = draw.int(2, 7);
    for (let i = 0; i < count; i++) {
      const p = draw.pick(products);
      const date = dayBetween(
        draw,
        `${String(year)}-01-05`,
        year === 2026 ? '2026-10-25' : `${String(year)}-12-20`,
      );
      const present = animals.filter(
        (a) =>
          String(a.date_of_birth) <= date &&
          (a.date_off_holding === undefined || String(a.date_off_holding) > date),
      );
      const group = p.group ? draw.pick(p.group) : undefined;
      const one = group === undefined && present.length > 0 ? draw.pick(present) : undefined;
      const record: Record<string, unknown> = {
        treatment_date: date,
        animal_id: group ?? (one ? String(one.ear_tag) : dairy ? 'Cow in the milking herd' : 'Cow'),
        number_treated: group ? draw.int(8, 60) : 1,
        product_name: p.product,
        batch_number: `${draw.pick(['A', 'B', 'K', 'L', 'X'])}${String(draw.int(10_000, 99_999))}`,
        dose: p.dose[0] === p.dose[1] ? p.dose[0] : draw.int(p.dose[0], p.dose[1]),
        dose_unit: p.unit,
        route: p.route,
        reason: p.reason,
        administered_by: keeper,
        prescribing_vet: vet,
      };
      if (p.meat > 0) record.meat_withdrawal_end = addDays(date, p.meat);
      if (dairy && p.milk !== undefined && p.milk > 0)
        record.milk_withdrawal_end = addDays(date, p.milk);
      out.push(record);
    }
  }
  return out;
}
