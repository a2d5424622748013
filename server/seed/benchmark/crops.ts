import { addDays, clamp, dayBetween, type Draw, normal, round, uniform } from './draw.ts';

/**
 * Field records (config/records/crop.json) for harvest years 2023–2025: each field follows a
 * rotation, so a field's previous crop is the crop its record of the year before names.
 */

type Crop =
  | 'Winter wheat'
  | 'Winter barley'
  | 'Oilseed rape'
  | 'Spring barley'
  | 'Field beans'
  | 'Peas'
  | 'Potatoes'
  | 'Sugar beet'
  | 'Onions'
  | 'Carrots'
  | 'Maize';

interface CropSpec {
  /** t/ha as harvested, the UK mean around 2023. */
  yield: number;
  /** Total N kg/ha: mean and spread. */
  n: [number, number];
  /** Drilling window, month-day, in the harvest year unless `autumn`. */
  drill: [string, string];
  autumn?: boolean;
  harvest: [string, string];
  varieties: readonly string[];
}

const CROPS: Readonly<Record<Crop, CropSpec>> = {
  'Winter wheat': {
    yield: 8.6,
    n: [205, 12],
    drill: ['09-20', '10-31'],
    autumn: true,
    harvest: ['08-01', '09-05'],
    varieties: ['KWS Extase', 'Champion', 'Crusoe', 'Graham', 'Skyfall', 'KWS Dawsum', 'Gleam'],
  },
  'Winter barley': {
    yield: 7.0,
    n: [170, 12],
    drill: ['09-15', '10-10'],
    autumn: true,
    harvest: ['07-05', '07-31'],
    varieties: ['KWS Orwell', 'Bazooka', 'LG Mountain', 'Craft', 'KWS Hawking'],
  },
  'Oilseed rape': {
    yield: 3.2,
    n: [190, 15],
    drill: ['08-10', '09-05'],
    autumn: true,
    harvest: ['07-10', '08-10'],
    varieties: ['Aurelia', 'Vegas', 'Acacia', 'Turing', 'Dolphin'],
  },
  'Spring barley': {
    yield: 5.8,
    n: [120, 12],
    drill: ['03-01', '04-15'],
    harvest: ['08-05', '09-10'],
    varieties: ['Laureate', 'Diablo', 'Planet', 'SY Splendor', 'LG Diablo'],
  },
  'Field beans': {
    yield: 4.0,
    n: [0, 0],
    drill: ['02-20', '03-31'],
    harvest: ['08-20', '09-30'],
    varieties: ['Lynx', 'Fanfare', 'Tiffany', 'Vertigo'],
  },
  Peas: {
    yield: 3.8,
    n: [0, 0],
    drill: ['03-10', '04-20'],
    harvest: ['07-25', '08-25'],
    varieties: ['Kabuki', 'LG Aviator', 'Mantra', 'Karpate'],
  },
  Potatoes: {
    yield: 45,
    n: [180, 20],
    drill: ['03-25', '05-10'],
    harvest: ['09-01', '10-31'],
    varieties: ['Maris Piper', 'Markies', 'Royal', 'Lady Rosetta', 'Marfona'],
  },
  'Sugar beet': {
    yield: 75,
    n: [100, 10],
    drill: ['03-10', '04-20'],
    harvest: ['09-20', '12-20'],
    varieties: ['Degas', 'Firefly', 'Daphna', 'Cayman'],
  },
  Onions: {
    yield: 45,
    n: [120, 15],
    drill: ['02-25', '04-10'],
    harvest: ['08-01', '09-15'],
    varieties: ['Hybound', 'Red Baron', 'Sherpa', 'Hytech'],
  },
  Carrots: {
    yield: 65,
    n: [60, 10],
    drill: ['03-20', '05-31'],
    harvest: ['08-01', '11-30'],
    varieties: ['Nairobi', 'Nerac', 'Romance', 'Elegance'],
  },
  Maize: {
    yield: 40,
    n: [150, 20],
    drill: ['04-20', '05-20'],
    harvest: ['09-20', '10-31'],
    varieties: ['LG 31.211', 'Prospect', 'Augustus', 'Pioneer P7034'],
  },
};

/** The yield of the harvest against a normal year (Defra cereal harvests: 2024 wet and poor). */
const HARVEST_YEAR: Readonly<Record<number, number>> = {
  2022: 1.02,
  2023: 0.97,
  2024: 0.87,
  2025: 0.96,
};

/** Rotations as arable, fen and vegetable farms run them. */
const ARABLE_ROTATIONS: readonly (readonly Crop[])[] = [
  ['Winter wheat', 'Winter wheat', 'Oilseed rape'],
  ['Winter wheat', 'Winter barley', 'Oilseed rape'],
  ['Winter wheat', 'Spring barley', 'Field beans'],
  ['Winter wheat', 'Winter wheat', 'Spring barley', 'Oilseed rape'],
  ['Winter wheat', 'Oilseed rape', 'Winter wheat', 'Peas'],
  ['Winter wheat', 'Sugar beet', 'Spring barley', 'Winter wheat', 'Field beans'],
  ['Winter wheat', 'Potatoes', 'Winter wheat', 'Spring barley'],
];
const VEG_ROTATIONS: readonly (readonly Crop[])[] = [
  ['Potatoes', 'Winter wheat', 'Onions', 'Spring barley'],
  ['Carrots', 'Winter wheat', 'Sugar beet', 'Spring barley'],
  ['Onions', 'Winter wheat', 'Potatoes', 'Winter wheat', 'Peas'],
  ['Potatoes', 'Spring barley', 'Carrots', 'Winter wheat'],
  ['Peas', 'Winter wheat', 'Potatoes', 'Winter barley', 'Oilseed rape'],
];

const FIELD_NAMES = [
  'Long Field',
  'Top Piece',
  'Church Field',
  'Ten Acre',
  'Big Meadow',
  'Barn Field',
  'Home Field',
  'Windmill Field',
  'Spinney Field',
  'Forty Acre',
  'Middle Ground',
  'Brook Field',
  'Hall Close',
  'Pond Field',
  'Far Hill',
  'Lower Moor',
  'Oak Tree Field',
  'Stackyard',
  'Gravel Pit',
  'Top Road',
  'Bottom Meadow',
  'Station Field',
  'Cross Ways',
  'Dairy Ground',
  'Fen Piece',
  'Drove Field',
  'Lodge Field',
  'Hungry Hill',
  'Keepers',
  'Sandpits',
] as const;

export interface CropFarm {
  fields: { name: string; area: number; rotation: readonly Crop[]; phase: number }[];
  cultivation: 'Plough' | 'Min-till' | 'Direct drill';
  /** Persistent yield and N multipliers: the farm's soils and its agronomy. */
  yieldFactor: number;
  nFactor: number;
}

/** The fields a unit records (3–12, 4–40 ha each, together within `hectares` when given). */
export function cropFarm(draw: Draw, veg: boolean, hectares?: number): CropFarm {
  const count = draw.int(3, 12);
  const names = [...FIELD_NAMES];
  const fields: CropFarm['fields'] = [];
  let total = 0;
  const rotations = veg ? VEG_ROTATIONS : ARABLE_ROTATIONS;
  const rotation = draw.pick(rotations);
  for (let i = 0; i < count && names.length > 0; i++) {
    const area = round(uniform(draw, 4, 40), 2);
    if (hectares !== undefined && total + area > hectares * 0.9) break;
    const name = names.splice(draw.int(0, names.length - 1), 1)[0] ?? `Field ${String(i + 1)}`;
    // Most fields of a farm share its rotation, at different points of it.
    const own = draw.chance(0.8) ? rotation : draw.pick(rotations);
    fields.push({ name, area, rotation: own, phase: draw.int(0, own.length - 1) });
    total += area;
  }
  return {
    fields,
    cultivation: draw.pick(['Plough', 'Plough', 'Min-till', 'Min-till', 'Direct drill'] as const),
    yieldFactor: clamp(normal(draw, 1, 0.08), 0.78, 1.22),
    nFactor: clamp(normal(draw, 1, 0.06), 0.85, 1.15),
  };
}

const cropIn = (field: CropFarm['fields'][number], year: number): Crop => {
  const crop = field.rotation[(field.phase + year) % field.rotation.length];
  if (!crop) throw new Error('Empty rotation');
  return crop;
};

/** The farm's crop records of a harvest year. */
export function cropRecords(draw: Draw, farm: CropFarm, year: number): Record<string, unknown>[] {
  return farm.fields.map((field) => {
    const crop = cropIn(field, year);
    const spec = CROPS[crop];
    const drillYear = spec.autumn ? year - 1 : year;
    const drilling = dayBetween(
      draw,
      `${String(drillYear)}-${spec.drill[0]}`,
      `${String(drillYear)}-${spec.drill[1]}`,
    );
    const harvest = dayBetween(
      draw,
      `${String(year)}-${spec.harvest[0]}`,
      `${String(year)}-${spec.harvest[1]}`,
    );
    const yieldTHa =
      spec.yield *
      farm.yieldFactor *
      (HARVEST_YEAR[year] ?? 1) *
      clamp(normal(draw, 1, 0.07), 0.6, 1.4);
    const n = spec.n[0] === 0 ? 0 : Math.round(normal(draw, spec.n[0], spec.n[1]) * farm.nFactor);
    const cultivation =
      crop === 'Potatoes' || crop === 'Carrots' || crop === 'Onions' ? 'Plough' : farm.cultivation;
    return {
      field_name: field.name,
      field_area_ha: field.area,
      crop,
      variety: draw.pick(spec.varieties),
      drilling_date: drilling,
      // A harvest never before its drilling, even at the edges of the windows.
      harvest_date: harvest > drilling ? harvest : addDays(drilling, 120),
      yield_t_per_ha: round(yieldTHa, 2),
      nitrogen_kg_per_ha: clamp(n, 0, 400),
      previous_crop: cropIn(field, year - 1),
      cultivation,
    };
  });
}
