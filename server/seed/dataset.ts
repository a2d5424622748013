/**
 * The demo dataset: providers with their plans (packages), the five demo accounts and a few
 * thousand generated farms with units, main contacts and UK postal addresses; the demo units'
 * records (demo-records.ts).
 *
 * Everything comes from one seeded PRNG, so the same options always give deep-equal output.
 * Ids start at 1 in every table and are handed out in order; the demo rows come first.
 */
import type {
  BusinessRow,
  Dataset,
  DatasetOptions,
  DemoUser,
  FarmRow,
  PackageRow,
  ProviderKind,
  ProviderRow,
  RecordRow,
  UnitPackageRow,
  UnitRow,
  UnitTypeRow,
} from './types.ts';
import { highfieldBeefHerd } from './demo-records.ts';
import { benchmarkRecords } from './benchmark-records.ts';
import {
  FARM_NAMES,
  FIRST_NAMES,
  INWARD_LETTERS,
  LANES,
  NATION_OF_REGION,
  SURNAMES,
  TOWNS,
  type Nation,
  type Region,
  type Town,
} from './names.ts';
import { escapeHtml } from '../http/escape-html.ts';

export const DEMO_PASSWORD = 'Harvest-Demo-2026';

/** Every package-level feature flag a plan can carry. */
export const PACKAGE_FEATURES = [
  'brown_co_bps_what_if',
  'ghg_what_if_arable',
  'ghg_what_if_beef',
  'ghg_what_if_dairy',
  'ghg_what_if_sheep',
  'eiq_calculator',
  'stir_calculator',
  'documents',
  'feedtracking_beef',
  'feedtracking_dairy',
  'medicinebook_animal',
  'newsfeed',
  'records_animal',
  'records_batch',
  'records_crop',
  'records_monthly',
  'records_daily',
  'records_annual',
  'feed_deliveries',
  'records_feedmixerhistory',
  'records_labresults',
  'forecasts_monthly',
  'forecasts_annual',
  'submissions',
  'surveys',
  'reporting_crops',
  'reporting',
  'reporting_annual',
  'technical_resources',
  'vetvision',
  'mifarm',
] as const;

export type PackageFeature = (typeof PACKAGE_FEATURES)[number];

export const DEFAULT_SEED = 20260301;
const DEFAULT_FARMS = 2000;
/** Every provider gets at least this many generated units (when there are enough units). */
const MIN_UNITS_PER_PROVIDER = 20;

const DAIRY = 1;
const BEEF = 2;
const SHEEP = 3;
const ARABLE = 4;
const PIGS = 5;
const POULTRY = 6;
const MIXED = 7;
const HORTICULTURE = 8;

export const UNIT_TYPES: readonly UnitTypeRow[] = [
  { id: DAIRY, name: 'Dairy' },
  { id: BEEF, name: 'Beef' },
  { id: SHEEP, name: 'Sheep' },
  { id: ARABLE, name: 'Arable' },
  { id: PIGS, name: 'Pigs' },
  { id: POULTRY, name: 'Poultry' },
  { id: MIXED, name: 'Mixed' },
  { id: HORTICULTURE, name: 'Horticulture' },
];

/** What a unit of each type is called after the farm name; the first is the usual one. */
const UNIT_SUFFIXES: Readonly<Record<number, readonly string[]>> = {
  [DAIRY]: ['Dairy', 'Dairy', 'Dairy Unit', 'Milking Herd'],
  [BEEF]: ['Beef', 'Beef', 'Suckler Herd', 'Beef Unit'],
  [SHEEP]: ['Sheep', 'Sheep', 'Flock', 'Ewe Flock'],
  [ARABLE]: ['Arable', 'Arable', 'Arable Unit', 'Cropping'],
  [PIGS]: ['Pigs', 'Pig Unit', 'Outdoor Pigs'],
  [POULTRY]: ['Poultry', 'Poultry Unit', 'Free Range'],
  [MIXED]: ['Mixed', 'Farm', 'Mixed Unit'],
  [HORTICULTURE]: ['Horticulture', 'Produce', 'Field Vegetables'],
};

const CATTLE_TYPES: ReadonlySet<number> = new Set([DAIRY, BEEF, MIXED]);

// ---------------------------------------------------------------------------------------------
// Providers and their packages
// ---------------------------------------------------------------------------------------------

/** Feature bundles that schemes are built from; written as @name in a package's feature list. */
const BUNDLES: Readonly<Record<string, readonly PackageFeature[]>> = {
  dairy: [
    'records_monthly',
    'forecasts_monthly',
    'feedtracking_dairy',
    'reporting',
    'ghg_what_if_dairy',
  ],
  beef: [
    'records_animal',
    'feedtracking_beef',
    'medicinebook_animal',
    'reporting',
    'ghg_what_if_beef',
  ],
  sheep: ['records_animal', 'medicinebook_animal', 'reporting', 'ghg_what_if_sheep'],
  arable: [
    'records_crop',
    'reporting_crops',
    'eiq_calculator',
    'stir_calculator',
    'ghg_what_if_arable',
  ],
  veg: ['records_crop', 'reporting_crops', 'eiq_calculator', 'records_labresults'],
  pigs: ['records_batch', 'records_monthly', 'feed_deliveries', 'medicinebook_animal', 'reporting'],
  poultry: [
    'records_batch',
    'records_daily',
    'feed_deliveries',
    'medicinebook_animal',
    'reporting',
  ],
  business: ['records_annual', 'forecasts_annual', 'reporting_annual'],
  comms: ['documents', 'newsfeed', 'technical_resources'],
};

const FEATURE_SET: ReadonlySet<string> = new Set(PACKAGE_FEATURES);

/** Parses "@bundle feature …" into a feature list in PACKAGE_FEATURES order; throws on a typo. */
function parseFeatures(text: string): PackageFeature[] {
  const wanted = new Set<string>();
  for (const token of text.split(/\s+/).filter(Boolean)) {
    if (token.startsWith('@')) {
      const bundle = BUNDLES[token.slice(1)];
      if (!bundle) throw new Error(`Unknown feature bundle ${token}`);
      for (const feature of bundle) wanted.add(feature);
    } else if (FEATURE_SET.has(token)) {
      wanted.add(token);
    } else {
      throw new Error(`Unknown package feature ${token}`);
    }
  }
  return PACKAGE_FEATURES.filter((feature) => wanted.has(feature));
}

const TYPE_BY_NAME: Readonly<Record<string, number>> = Object.fromEntries(
  UNIT_TYPES.map((type) => [type.name.toLowerCase(), type.id]),
);

interface PackageSpec {
  name: string;
  reference: string;
  visibleName: string;
  /** The unit types the scheme is for; the first is its main one. */
  types: readonly number[];
  features: readonly PackageFeature[];
}

/** "Name | reference | visible name | unit types | features" → PackageSpec. */
function parsePackage(line: string): PackageSpec {
  const [name, reference, visibleName, types, featureText] = line.split('|').map((s) => s.trim());
  if (!name || !reference || !visibleName || !types || !featureText) {
    throw new Error(`Bad package line: ${line}`);
  }
  return {
    name,
    reference,
    visibleName,
    types: types.split(/\s+/).map((type) => {
      const id = TYPE_BY_NAME[type];
      if (id === undefined) throw new Error(`Unknown unit type ${type} in ${reference}`);
      return id;
    }),
    features: parseFeatures(featureText),
  };
}

interface ProviderSpec {
  reference: string;
  name: string;
  kind: ProviderKind;
  /** Head-office post town (one of TOWNS). */
  town: string;
  /** Where its members farm; absent for national schemes. */
  regions?: readonly Region[];
  /** Relative share of the generated units beyond the guaranteed minimum. */
  weight: number;
  /** Who answers the phone, for the contact page. */
  team: string;
  loginMessage?: string;
  /** One package a line, see parsePackage. */
  packages: readonly string[];
}

/** The demo farmer's plan: a dairy scheme with nearly everything switched on. */
const DEMO_DAIRY_FEATURES =
  'records_monthly records_daily records_annual records_animal forecasts_monthly forecasts_annual ' +
  'feed_deliveries feedtracking_dairy records_feedmixerhistory records_labresults ' +
  'medicinebook_animal reporting reporting_annual documents technical_resources newsfeed ' +
  'ghg_what_if_dairy brown_co_bps_what_if mifarm submissions surveys vetvision';

const PROVIDER_SPECS: readonly ProviderSpec[] = [
  // --- processors: vegetable packers, dairies, meat processors, grain merchants ---------------
  {
    reference: 'fenland_fresh',
    name: 'Fenland Fresh Produce',
    kind: 'processor',
    town: 'Spalding',
    regions: ['east', 'midlands'],
    weight: 3,
    team: 'grower services',
    loginMessage:
      '<p>Grower returns for the 2026 season are due by 31 March. Please submit your field records and load passports before then.</p>',
    packages: [
      'Fenland Fresh Grower Scheme | fenland_fresh_grower_scheme | Grower Scheme 2026 | horticulture arable | @veg @arable @comms submissions surveys',
      'Fenland Fresh Potato Partnership | fenland_fresh_potatoes | Potato Partnership | arable | @veg submissions documents newsfeed',
    ],
  },
  {
    reference: 'moorland_vale',
    name: 'Moorland Vale Dairies',
    kind: 'processor',
    town: 'Skipton',
    regions: ['north', 'midlands'],
    weight: 4,
    team: 'milk field',
    loginMessage:
      '<p>The new milk price schedule starts on 1 April. Read the details in Documents.</p>',
    packages: [
      `Moorland Vale Milk Pool Premium | moorland_vale_milk_premium | Milk Pool Premium | dairy | ${DEMO_DAIRY_FEATURES}`,
      'Moorland Vale Milk Pool Standard | moorland_vale_milk_standard | Milk Pool Standard | dairy | @dairy records_annual documents newsfeed',
    ],
  },
  {
    reference: 'hollinsbrook_milk',
    name: 'Hollinsbrook Milk Group',
    kind: 'processor',
    town: 'Nantwich',
    regions: ['north', 'midlands', 'wales'],
    weight: 3,
    team: 'member services',
    packages: [
      'Hollinsbrook Sustainable Milk Programme | hollinsbrook_sustainable_milk | Sustainable Milk 2026 | dairy | @dairy @business @comms feed_deliveries surveys submissions',
    ],
  },
  {
    reference: 'severnmead_creamery',
    name: 'Severnmead Creamery',
    kind: 'processor',
    town: 'Shepton Mallet',
    regions: ['southwest', 'midlands', 'wales'],
    weight: 3,
    team: 'milk supply',
    packages: [
      'Severnmead Cheese Milk Contract | severnmead_cheese_milk | Cheese Milk Contract | dairy | @dairy records_labresults records_annual documents newsfeed',
      'Severnmead Organic Milk Group | severnmead_organic_milk | Organic Milk Group | dairy | @dairy @comms records_annual medicinebook_animal surveys',
    ],
  },
  {
    reference: 'glen_carron_dairies',
    name: 'Glen Carron Dairies',
    kind: 'processor',
    town: 'Castle Douglas',
    regions: ['scotland'],
    weight: 2,
    team: 'producer support',
    packages: [
      'Glen Carron Milk Supply Scheme | glen_carron_milk_supply | Milk Supply Scheme | dairy | @dairy records_daily records_labresults documents newsfeed',
    ],
  },
  {
    reference: 'cleddau_milk',
    name: 'Cleddau Milk Partners',
    kind: 'processor',
    town: 'Haverfordwest',
    regions: ['wales'],
    weight: 2,
    team: 'farm liaison',
    loginMessage:
      '<p>Our spring producer meetings are on 14 and 15 April in Haverfordwest. Book a place through Documents.</p>',
    packages: [
      'Cleddau Milk Standard | cleddau_milk_standard | Milk Standard | dairy | @dairy @comms records_annual',
      'Cleddau Youngstock Programme | cleddau_youngstock | Youngstock Programme | dairy beef | records_animal feedtracking_beef medicinebook_animal vetvision reporting',
    ],
  },
  {
    reference: 'mourne_view_dairies',
    name: 'Mourne View Dairies',
    kind: 'processor',
    town: 'Newry',
    regions: ['ni'],
    weight: 2,
    team: 'milk quality',
    packages: [
      'Mourne View Milk Quality Scheme | mourne_view_milk_quality | Milk Quality Scheme | dairy | @dairy records_labresults records_daily documents newsfeed',
    ],
  },
  {
    reference: 'northdale_meats',
    name: 'Northdale Meats',
    kind: 'processor',
    town: 'Northallerton',
    regions: ['north', 'scotland'],
    weight: 3,
    team: 'livestock procurement',
    packages: [
      'Northdale Beef Assurance Plus | northdale_beef_assurance | Beef Assurance Plus | beef mixed | @beef @comms records_annual surveys',
      'Northdale Prime Lamb Group | northdale_prime_lamb | Prime Lamb Group | sheep | @sheep records_annual documents newsfeed',
    ],
  },
  {
    reference: 'marcher_lamb',
    name: 'Marcher Lamb Company',
    kind: 'processor',
    town: 'Welshpool',
    regions: ['wales', 'midlands'],
    weight: 3,
    team: 'livestock',
    packages: [
      'Marcher Lamb Producer Group | marcher_lamb_producers | Lamb Producer Group | sheep | @sheep @comms records_annual',
      'Marcher Hill Beef Club | marcher_hill_beef | Hill Beef Club | beef | @beef documents newsfeed',
    ],
  },
  {
    reference: 'braeside_beef',
    name: 'Braeside Beef',
    kind: 'processor',
    town: 'Inverurie',
    regions: ['scotland'],
    weight: 2,
    team: 'procurement',
    packages: [
      'Braeside Quality Beef Scheme | braeside_quality_beef | Quality Beef Scheme | beef mixed | @beef records_annual documents newsfeed surveys',
      'Braeside Hill Sheep Scheme | braeside_hill_sheep | Hill Sheep Scheme | sheep | @sheep documents newsfeed',
    ],
  },
  {
    reference: 'westcountry_pork',
    name: 'Westcountry Pork Partners',
    kind: 'processor',
    town: 'Taunton',
    regions: ['southwest', 'southeast'],
    weight: 1,
    team: 'pig procurement',
    packages: [
      'Westcountry Outdoor Pig Scheme | westcountry_outdoor_pigs | Outdoor Pig Scheme | pigs | @pigs records_labresults documents newsfeed',
      'Westcountry Finisher Contract | westcountry_finisher | Finisher Contract | pigs | @pigs records_daily forecasts_monthly documents',
    ],
  },
  {
    reference: 'wolds_poultry',
    name: 'Wolds Poultry Group',
    kind: 'processor',
    town: 'Driffield',
    regions: ['north', 'east', 'midlands'],
    weight: 1,
    team: 'grower liaison',
    packages: [
      'Wolds Broiler Growers | wolds_broiler_growers | Broiler Growers | poultry | @poultry records_labresults forecasts_monthly documents',
      'Wolds Free Range Egg Producers | wolds_free_range_eggs | Free Range Eggs | poultry | @poultry records_monthly documents newsfeed',
    ],
  },
  {
    reference: 'ouse_valley_grain',
    name: 'Ouse Valley Grain',
    kind: 'processor',
    town: 'Malton',
    regions: ['north', 'east', 'midlands'],
    weight: 2,
    team: 'grain marketing',
    loginMessage: '<p>The 2026 harvest grain pool closes to new members on 30 June.</p>',
    packages: [
      'Ouse Valley Grain Pool | ouse_valley_grain_pool | Grain Pool 2026 | arable | @arable records_labresults documents newsfeed',
      'Ouse Valley Oilseed Contract | ouse_valley_oilseed | Oilseed Contract | arable | records_crop reporting_crops ghg_what_if_arable documents',
    ],
  },
  {
    reference: 'fen_wash_grain',
    name: 'Fen & Wash Grain',
    kind: 'processor',
    town: "King's Lynn",
    regions: ['east'],
    weight: 2,
    team: 'trading desk',
    packages: [
      'Fen & Wash Combinable Crops Scheme | fen_wash_combinables | Combinable Crops | arable | @arable records_labresults documents',
      'Fen & Wash Pulse Growers | fen_wash_pulses | Pulse Growers | arable | records_crop reporting_crops eiq_calculator newsfeed',
    ],
  },
  {
    reference: 'chiltern_malting',
    name: 'Chiltern Malting Barley Group',
    kind: 'processor',
    town: 'Banbury',
    regions: ['southeast', 'east', 'midlands'],
    weight: 1,
    team: 'malting barley',
    packages: [
      'Chiltern Malting Barley Contract | chiltern_malting_barley | Malting Barley 2026 | arable | @arable records_labresults submissions documents',
    ],
  },
  {
    reference: 'forth_grain',
    name: 'Forth Grain Co-operative',
    kind: 'processor',
    town: 'Cupar',
    regions: ['scotland'],
    weight: 2,
    team: 'members',
    packages: [
      "Forth Grain Members' Pool | forth_grain_members_pool | Members' Pool | arable | @arable documents newsfeed",
      'Forth Distilling Barley Scheme | forth_distilling_barley | Distilling Barley | arable | records_crop reporting_crops records_labresults submissions ghg_what_if_arable',
    ],
  },
  {
    reference: 'trent_valley_growers',
    name: 'Trent Valley Growers',
    kind: 'processor',
    town: 'Newark',
    regions: ['midlands', 'east'],
    weight: 1,
    team: 'grower support',
    packages: [
      'Trent Valley Field Veg Scheme | trent_valley_field_veg | Field Veg Scheme | horticulture arable | @veg stir_calculator submissions documents',
    ],
  },
  {
    reference: 'ely_root_crops',
    name: 'Ely Root Crops',
    kind: 'processor',
    town: 'Ely',
    regions: ['east'],
    weight: 1,
    team: 'agronomy',
    packages: [
      'Ely Carrot & Parsnip Group | ely_carrot_parsnip | Carrot & Parsnip Group | horticulture | @veg stir_calculator documents newsfeed',
      'Ely Onion Growers | ely_onion_growers | Onion Growers | horticulture arable | @veg submissions',
    ],
  },
  {
    reference: 'sidlaw_soft_fruit',
    name: 'Sidlaw Soft Fruit',
    kind: 'processor',
    town: 'Forfar',
    regions: ['scotland'],
    weight: 1,
    team: 'grower',
    packages: [
      'Sidlaw Soft Fruit Growers | sidlaw_soft_fruit_growers | Soft Fruit Growers | horticulture | @veg submissions documents',
    ],
  },
  // --- retailers: supermarkets, farm shop chains, food buyers -----------------------------------
  {
    reference: 'acme_foods',
    name: 'Acme Foods',
    kind: 'retailer',
    town: 'Banbury',
    weight: 3,
    team: 'agriculture',
    loginMessage:
      '<p>The Acme Foods supplier survey for 2026 is open in Surveys. Please complete it by 31 May.</p>',
    packages: [
      'Acme Foods Dairy Group | acme_foods_dairy_group | Dairy Group | dairy | @dairy @comms surveys records_annual',
      'Acme Foods Livestock Partnership | acme_foods_livestock | Livestock Partnership | beef sheep | @beef ghg_what_if_sheep surveys newsfeed technical_resources',
      'Acme Foods Produce Standard | acme_foods_produce | Produce Standard | horticulture arable | @veg ghg_what_if_arable surveys newsfeed',
    ],
  },
  {
    reference: 'harvest_basket',
    name: 'Harvest Basket Stores',
    kind: 'retailer',
    town: 'Stratford-upon-Avon',
    weight: 2,
    team: 'sourcing',
    packages: [
      'Harvest Basket Milk Partnership | harvest_basket_milk | Milk Partnership | dairy | @dairy surveys newsfeed records_annual',
      'Harvest Basket Sustainable Beef & Lamb | harvest_basket_beef_lamb | Beef & Lamb 2026 | beef sheep | records_animal medicinebook_animal reporting ghg_what_if_beef ghg_what_if_sheep surveys',
    ],
  },
  {
    reference: 'castlegate_foodhalls',
    name: 'Castlegate Foodhalls',
    kind: 'retailer',
    town: 'Cirencester',
    regions: ['southwest', 'southeast', 'midlands'],
    weight: 1,
    team: 'buying',
    packages: [
      'Castlegate Heritage Breeds Scheme | castlegate_heritage_breeds | Heritage Breeds | beef sheep pigs | records_animal medicinebook_animal reporting documents newsfeed',
    ],
  },
  {
    reference: 'parkway_grocers',
    name: 'Parkway Grocers',
    kind: 'retailer',
    town: 'Horsham',
    weight: 2,
    team: 'agricultural',
    packages: [
      'Parkway Fresh Produce Scheme | parkway_fresh_produce | Fresh Produce | horticulture arable | @veg surveys documents',
      'Parkway Free Range Pork & Poultry | parkway_pork_poultry | Pork & Poultry | pigs poultry | records_batch medicinebook_animal reporting surveys documents',
    ],
  },
  {
    reference: 'northgate_fresh',
    name: 'Northgate Fresh Markets',
    kind: 'retailer',
    town: 'Penrith',
    regions: ['north', 'scotland'],
    weight: 1,
    team: 'local sourcing',
    packages: [
      'Northgate Local Sourcing Scheme | northgate_local_sourcing | Local Sourcing | mixed beef sheep dairy | records_annual reporting surveys newsfeed documents',
    ],
  },
  {
    reference: 'oakbarn_farm_shops',
    name: 'Oakbarn Farm Shops',
    kind: 'retailer',
    town: 'Ludlow',
    regions: ['midlands', 'wales', 'southwest'],
    weight: 1,
    team: 'supplier',
    packages: [
      'Oakbarn Local Supplier Scheme | oakbarn_local_supplier | Local Supplier | mixed beef sheep horticulture | records_annual reporting documents newsfeed',
    ],
  },
  {
    reference: 'country_larder',
    name: 'The Country Larder Group',
    kind: 'retailer',
    town: 'Kendal',
    regions: ['north', 'midlands'],
    weight: 1,
    team: 'producer',
    packages: [
      'Country Larder Supplier Charter | country_larder_charter | Supplier Charter | mixed sheep poultry | records_annual records_batch reporting documents',
    ],
  },
  {
    reference: 'hedgerow_kitchen',
    name: 'Hedgerow Kitchen Company',
    kind: 'retailer',
    town: 'Lewes',
    weight: 1,
    team: 'provenance',
    packages: [
      'Hedgerow Kitchen Provenance Scheme | hedgerow_provenance | Provenance Scheme | beef sheep horticulture | records_animal records_crop reporting surveys documents',
    ],
  },
  {
    reference: 'thistle_heather',
    name: 'Thistle & Heather Foods',
    kind: 'retailer',
    town: 'Perth',
    regions: ['scotland'],
    weight: 1,
    team: 'Scottish sourcing',
    packages: [
      'Thistle & Heather Scotch Lamb Scheme | thistle_heather_lamb | Scotch Lamb | sheep | @sheep surveys newsfeed',
      'Thistle & Heather Scottish Dairy | thistle_heather_dairy | Scottish Dairy | dairy | @dairy surveys',
    ],
  },
  // --- advisers: agronomy and veterinary consultancies ------------------------------------------
  {
    reference: 'tillwell_agronomy',
    name: 'Tillwell Agronomy',
    kind: 'adviser',
    town: 'Bury St Edmunds',
    regions: ['east', 'southeast', 'midlands'],
    weight: 1,
    team: 'agronomy',
    packages: [
      'Tillwell Agronomy Service | tillwell_agronomy_service | Agronomy Service | arable horticulture | @arable records_labresults technical_resources documents',
    ],
  },
  {
    reference: 'furrow_field',
    name: 'Furrow & Field Agronomy',
    kind: 'adviser',
    town: 'Louth',
    regions: ['east', 'north'],
    weight: 1,
    team: 'agronomy',
    packages: [
      'Furrow & Field Crop Advice | furrow_field_crop_advice | Crop Advice | arable | @arable technical_resources newsfeed',
      'Furrow & Field Precision Package | furrow_field_precision | Precision Package | arable | @arable records_labresults reporting technical_resources documents',
    ],
  },
  {
    reference: 'greenshoot_crop',
    name: 'Greenshoot Crop Consultants',
    kind: 'adviser',
    town: 'Evesham',
    regions: ['midlands', 'southwest', 'wales'],
    weight: 1,
    team: 'consultancy',
    packages: [
      'Greenshoot Integrated Crop Management | greenshoot_icm | ICM Plan | arable horticulture | @arable @veg technical_resources',
    ],
  },
  {
    reference: 'loamfield_soil',
    name: 'Loamfield Soil Consultants',
    kind: 'adviser',
    town: 'Devizes',
    weight: 1,
    team: 'soils',
    packages: [
      'Loamfield Soil Health Programme | loamfield_soil_health | Soil Health | arable mixed horticulture | records_crop records_labresults reporting_crops stir_calculator ghg_what_if_arable technical_resources',
    ],
  },
  {
    reference: 'crookdale_vets',
    name: 'Crookdale Livestock Vets',
    kind: 'adviser',
    town: 'Kendal',
    regions: ['north'],
    weight: 1,
    team: 'farm animal',
    loginMessage:
      '<p>Annual herd health plan reviews are being booked now. Call the practice to arrange yours.</p>',
    packages: [
      'Crookdale Herd Health Plan | crookdale_herd_health | Herd Health Plan | dairy beef | records_animal medicinebook_animal vetvision reporting documents',
      'Crookdale Flock Health Club | crookdale_flock_health | Flock Health Club | sheep | records_animal medicinebook_animal vetvision technical_resources',
    ],
  },
  {
    reference: 'byreside_vets',
    name: 'Byreside Veterinary Consultancy',
    kind: 'adviser',
    town: 'Tiverton',
    regions: ['southwest', 'wales'],
    weight: 1,
    team: 'veterinary',
    packages: [
      'Byreside Dairy Health Plan | byreside_dairy_health | Dairy Health Plan | dairy | records_animal records_monthly medicinebook_animal vetvision reporting records_labresults',
      'Byreside Beef Health Plan | byreside_beef_health | Beef Health Plan | beef | records_animal medicinebook_animal vetvision reporting',
    ],
  },
  {
    reference: 'pasture_point',
    name: 'Pasture Point Consulting',
    kind: 'adviser',
    town: 'Holsworthy',
    weight: 1,
    team: 'grazing',
    packages: [
      'Pasture Point Grazing Group | pasture_point_grazing | Grazing Group | dairy beef sheep | records_monthly records_annual reporting ghg_what_if_dairy ghg_what_if_beef technical_resources',
    ],
  },
  {
    reference: 'kestrel_advisers',
    name: 'Kestrel Farm Business Advisers',
    kind: 'adviser',
    town: 'Market Harborough',
    weight: 1,
    team: 'farm business',
    packages: [
      'Kestrel Farm Business Review | kestrel_business_review | Business Review | mixed dairy arable beef | @business brown_co_bps_what_if documents submissions',
    ],
  },
  {
    reference: 'tywi_agri',
    name: 'Tywi Agri Consultants',
    kind: 'adviser',
    town: 'Llandeilo',
    regions: ['wales'],
    weight: 1,
    team: 'advisory',
    packages: [
      'Tywi Farm Performance Service | tywi_farm_performance | Farm Performance | sheep beef dairy mixed | @business records_monthly reporting brown_co_bps_what_if ghg_what_if_sheep ghg_what_if_beef',
    ],
  },
  // --- agricultural colleges ----------------------------------------------------------------------
  {
    reference: 'greywell_college',
    name: 'Greywell Agricultural College',
    kind: 'college',
    town: 'Andover',
    regions: ['southeast', 'southwest'],
    weight: 1,
    team: 'farm business',
    packages: [
      'Greywell Student Farm Monitor | greywell_student_monitor | Student Farm Monitor | mixed dairy arable | @business records_monthly reporting technical_resources newsfeed',
      'Greywell Benchmarking Club | greywell_benchmarking | Benchmarking Club | arable mixed | @business brown_co_bps_what_if surveys',
    ],
  },
  {
    reference: 'mardale_college',
    name: 'Mardale College of Agriculture',
    kind: 'college',
    town: 'Penrith',
    regions: ['north'],
    weight: 1,
    team: 'rural business',
    packages: [
      'Mardale Hill Farm Benchmarking | mardale_hill_farm | Hill Farm Benchmarking | sheep beef mixed | @business ghg_what_if_sheep ghg_what_if_beef technical_resources',
    ],
  },
  {
    reference: 'corrieburn_college',
    name: 'Corrieburn Rural College',
    kind: 'college',
    town: 'Elgin',
    regions: ['scotland'],
    weight: 1,
    team: 'knowledge exchange',
    loginMessage: '<p>Applications for the 2026 monitor farm programme close on 30 April.</p>',
    packages: [
      'Corrieburn Monitor Farm Programme | corrieburn_monitor_farm | Monitor Farm Programme | mixed dairy beef sheep arable | @business reporting technical_resources newsfeed surveys',
    ],
  },
  {
    reference: 'coleg_bryn_teg',
    name: 'Coleg Amaeth Bryn Teg',
    kind: 'college',
    town: 'Carmarthen',
    regions: ['wales'],
    weight: 1,
    team: 'demonstration farm',
    packages: [
      'Bryn Teg Demonstration Farm Network | bryn_teg_demo_farms | Demo Farm Network | dairy sheep mixed | @business records_monthly reporting ghg_what_if_dairy ghg_what_if_sheep technical_resources',
    ],
  },
  {
    reference: 'sperrin_college',
    name: 'Sperrin Agricultural College',
    kind: 'college',
    town: 'Omagh',
    regions: ['ni'],
    weight: 1,
    team: 'business development',
    loginMessage:
      '<p>Business Development Group meetings restart in September. Check Documents for your group dates.</p>',
    packages: [
      'Sperrin Business Development Groups | sperrin_business_groups | Business Development Group | dairy beef sheep mixed | @business records_monthly reporting brown_co_bps_what_if technical_resources',
    ],
  },
];

interface Provider extends Omit<ProviderSpec, 'packages'> {
  packages: readonly PackageSpec[];
}

const PROVIDERS: readonly Provider[] = PROVIDER_SPECS.map((spec) => ({
  ...spec,
  packages: spec.packages.map(parsePackage),
}));

// ---------------------------------------------------------------------------------------------
// Random helpers
// ---------------------------------------------------------------------------------------------

type Rng = () => number;

/** mulberry32: a tiny, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export class Random {
  constructor(private readonly next: Rng) {}

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.next() * items.length));
  }

  /** Index chosen with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= at(weights, i);
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }

  shuffle<T>(items: T[]): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const tmp = at(items, i);
      items[i] = at(items, j);
      items[j] = tmp;
    }
  }
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`No item at index ${index}`);
  return item;
}

// ---------------------------------------------------------------------------------------------
// Small formatters
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const FIRST_JOIN_DAY = Date.UTC(2019, 0, 1) / DAY_MS;
const LAST_JOIN_DAY = Date.UTC(2026, 9, 31) / DAY_MS;

function joinDate(random: Random): string {
  return new Date(random.int(FIRST_JOIN_DAY, LAST_JOIN_DAY) * DAY_MS).toISOString().slice(0, 10);
}

function postcode(random: Random, town: Town): string {
  const letter = () => INWARD_LETTERS.charAt(random.int(0, INWARD_LETTERS.length - 1));
  return `${random.pick(town.outward)} ${random.int(1, 9)}${letter()}${letter()}`;
}

function landline(random: Random, area: string): string {
  return `${area} ${random.int(2, 8)}${random.digits(5)}`;
}

function mobile(random: Random): string {
  return `07${random.int(4, 9)}${random.digits(2)} ${random.digits(6)}`;
}

/** Lower-case letters only, for e-mail local parts and domains. */
function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, '');
}

function findTown(name: string): Town {
  const town = TOWNS.find((t) => t.town === name);
  if (!town) throw new Error(`Unknown town: ${name}`);
  return town;
}

// ---------------------------------------------------------------------------------------------
// Provider pages
// ---------------------------------------------------------------------------------------------

function providerPages(
  spec: Provider,
  random: Random,
): Pick<ProviderRow, 'contact_us_page_content' | 'help_page_content'> {
  const town = findTown(spec.town);
  const name = escapeHtml(spec.name);
  const domain = `${spec.reference.replace(/_/g, '-')}.example.co.uk`;
  const local =
    spec.kind === 'college' ? 'enquiries' : spec.kind === 'adviser' ? 'office' : 'members';
  const email = `${local}@${domain}`;
  const supportEmail = `portal@${domain}`;
  const phone = landline(random, town.area || '01632');
  const line = `${random.int(1, 40)} ${random.pick(['Market Street', 'Station Road', 'Mill Lane', 'High Street', 'Bridge Street'])}`;
  const contact =
    `<h2>Contact ${name}</h2>` +
    `<p>Our ${escapeHtml(spec.team)} team is available Monday to Friday, 8.30am to 5pm.</p>` +
    `<ul><li>Telephone: ${phone}</li>` +
    `<li>E-mail: <a href="mailto:${email}">${email}</a></li>` +
    `<li>Post: ${name}, ${line}, ${escapeHtml(town.town)}, ${postcode(random, town)}</li></ul>`;

  const tips: Record<ProviderKind, readonly string[]> = {
    processor: [
      'Enter your records for each month by the 10th of the following month.',
      'Your latest results and statements are under Documents.',
      'Use Reports to compare your figures with the group average.',
    ],
    retailer: [
      'Complete the annual supplier survey under Surveys.',
      'Scheme standards and guidance notes are under Documents.',
      'Your scheme results are shown on the Reports page.',
    ],
    adviser: [
      'Share your records with your adviser before each farm visit.',
      'Technical notes from the team are under Technical resources.',
      'Use the calculators to try out changes before you make them.',
    ],
    college: [
      'Benchmarking results are published after each group meeting.',
      'Course notes and reports are under Technical resources.',
      'Enter your year-end figures under Annual records.',
    ],
  };
  const help =
    `<h2>Help with the portal</h2>` +
    `<p>The ${name} portal keeps your farm records, reports and scheme documents in one place.</p>` +
    `<ul>${tips[spec.kind].map((tip) => `<li>${tip}</li>`).join('')}</ul>` +
    `<p>If you cannot log in or something does not look right, e-mail <a href="mailto:${supportEmail}">${supportEmail}</a> or call ${phone}.</p>`;
  return { contact_us_page_content: contact, help_page_content: help };
}

// ---------------------------------------------------------------------------------------------
// Generated farms: names, contacts and addresses
// ---------------------------------------------------------------------------------------------

const TOWNS_BY_REGION: ReadonlyMap<Region, readonly Town[]> = (() => {
  const map = new Map<Region, Town[]>();
  for (const town of TOWNS) map.set(town.region, [...(map.get(town.region) ?? []), town]);
  return map;
})();

/** A made-up but stable two-digit CPH county number for each county. */
const CPH_COUNTY: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const { county } of TOWNS) {
    if (!map.has(county)) map.set(county, String(10 + ((map.size * 37) % 89)));
  }
  return map;
})();

const EMAIL_DOMAINS = [
  'example.co.uk',
  'example.co.uk',
  'example.com',
  'example.org',
  'example.net',
];

function personName(random: Random, nation: Nation): { first: string; last: string } {
  const local = nation === 'england' ? 1 : nation === 'ni' ? 0.8 : 0.7;
  const first = random.pick(FIRST_NAMES[random.chance(local) ? nation : 'england']);
  const last = random.pick(SURNAMES[random.chance(local) ? nation : 'england']);
  return { first, last };
}

function businessName(random: Random, first: string, last: string, farmName: string): string {
  const initial = first.charAt(0);
  switch (random.int(1, 10)) {
    case 1:
      return `${last} Farming Ltd`;
    case 2:
      return `${initial} & ${random.pick(FIRST_NAMES.england).charAt(0)} ${last}`;
    case 3:
      return `${initial} ${last} & Son`;
    case 4:
      return `${last} & Sons`;
    case 5:
      return `${farmName} Partnership`;
    case 6:
      return `${last} Bros`;
    case 7:
      return `${last} Farms Ltd`;
    case 8:
      return `${farmName} Ltd`;
    default:
      return `${first} ${last}`;
  }
}

function contactEmail(random: Random, first: string, last: string, farmName: string): string {
  const domain = random.pick(EMAIL_DOMAINS);
  switch (random.int(1, 5)) {
    case 1:
      return `${slug(first)}${slug(last)}@${domain}`;
    case 2:
      return `${slug(first).charAt(0)}${slug(last)}@${domain}`;
    case 3:
      return `${slug(farmName)}@${domain}`;
    default:
      return `${slug(first)}.${slug(last)}@${domain}`;
  }
}

// ---------------------------------------------------------------------------------------------
// The generator
// ---------------------------------------------------------------------------------------------

interface PackageInfo {
  row: PackageRow;
  providerIndex: number;
  types: readonly number[];
}

/** Providers and packages; they never depend on the farm count. */
class Catalogue {
  readonly providers: ProviderRow[] = [];
  readonly packages: PackageRow[] = [];
  /** Per provider index, its packages. */
  readonly packagesOf: PackageInfo[][] = [];
  /** Per unit type, the packages that suit it; advisers' and colleges' appear three times. */
  readonly secondPackagesByType = new Map<number, PackageInfo[]>();
  private readonly providerIds = new Map<string, number>();
  private readonly packageIds = new Map<string, number>();

  constructor(random: Random) {
    PROVIDERS.forEach((spec, index) => {
      if (this.providerIds.has(spec.reference)) {
        throw new Error(`Duplicate provider ${spec.reference}`);
      }
      const id = index + 1;
      this.providerIds.set(spec.reference, id);
      // About a third of the providers have their own contact and help pages.
      const pages =
        index % 3 === 0
          ? providerPages(spec, random)
          : { contact_us_page_content: null, help_page_content: null };
      this.providers.push({
        id,
        reference: spec.reference,
        name: spec.name,
        kind: spec.kind,
        ...pages,
        login_message: spec.loginMessage ?? null,
      });

      const own: PackageInfo[] = [];
      const copies = spec.kind === 'adviser' || spec.kind === 'college' ? 3 : 1;
      for (const p of spec.packages) {
        if (this.packageIds.has(p.reference)) throw new Error(`Duplicate package ${p.reference}`);
        const row: PackageRow = {
          id: this.packages.length + 1,
          provider_id: id,
          name: p.name,
          reference: p.reference,
          visible_name: p.visibleName,
          features: [...p.features],
        };
        const info: PackageInfo = { row, providerIndex: index, types: p.types };
        this.packages.push(row);
        this.packageIds.set(p.reference, row.id);
        own.push(info);
        for (const type of p.types) {
          const list = this.secondPackagesByType.get(type) ?? [];
          for (let c = 0; c < copies; c++) list.push(info);
          this.secondPackagesByType.set(type, list);
        }
      }
      this.packagesOf.push(own);
    });
  }

  providerId(reference: string): number {
    const id = this.providerIds.get(reference);
    if (id === undefined) throw new Error(`Unknown provider ${reference}`);
    return id;
  }

  packageId(reference: string): number {
    const id = this.packageIds.get(reference);
    if (id === undefined) throw new Error(`Unknown package ${reference}`);
    return id;
  }
}

/**
 * The rows being built; every add hands out the next id of its table. take() hands over the rows
 * built so far and starts empty arrays, while the ids and holding numbers run on, so that a large
 * dataset can be made (and inserted) a slice at a time with the same rows as in one piece.
 */
class Tables {
  businesses: BusinessRow[] = [];
  farms: FarmRow[] = [];
  units: UnitRow[] = [];
  unitPackages: UnitPackageRow[] = [];
  users: DemoUser[] = [];
  records: RecordRow[] = [];
  readonly holdingNumbers = new Set<string>();
  private lastBusinessId = 0;
  private lastUnitId = 0;
  private lastUserId = 0;

  addBusiness(row: Omit<BusinessRow, 'id'>): number {
    const id = ++this.lastBusinessId;
    this.businesses.push({ id, ...row });
    return id;
  }

  /** A farm's id is its business's id (see migration 0009). */
  addFarm(row: Omit<FarmRow, 'id'>): number {
    const id = row.business_id;
    this.farms.push({ id, ...row });
    return id;
  }

  addUnit(row: Omit<UnitRow, 'id'>): number {
    if (this.holdingNumbers.has(row.holding_number)) {
      throw new Error(`Duplicate holding number ${row.holding_number}`);
    }
    const id = ++this.lastUnitId;
    this.holdingNumbers.add(row.holding_number);
    this.units.push({ id, ...row });
    return id;
  }

  addPlan(unitId: number, packageId: number, joinedOn: string): void {
    this.unitPackages.push({ unit_id: unitId, package_id: packageId, joined_on: joinedOn });
  }

  addUser(row: Omit<DemoUser, 'id'>): void {
    this.users.push({ id: ++this.lastUserId, ...row });
  }

  take(): Pick<Dataset, 'businesses' | 'farms' | 'units' | 'unitPackages' | 'users' | 'records'> {
    const rows = {
      businesses: this.businesses,
      farms: this.farms,
      units: this.units,
      unitPackages: this.unitPackages,
      users: this.users,
      records: this.records,
    };
    this.businesses = [];
    this.farms = [];
    this.units = [];
    this.unitPackages = [];
    this.users = [];
    this.records = [];
    return rows;
  }
}

function addDemoAccounts(tables: Tables, catalogue: Catalogue): void {
  const farmBusiness = (name: string) =>
    tables.addBusiness({ name, type: 'farm', sub_type: 0, provider_id: null });
  const companyBusiness = (name: string, subType: number, provider: string) =>
    tables.addBusiness({
      name,
      type: 'company',
      sub_type: subType,
      provider_id: catalogue.providerId(provider),
    });
  const plan = (unitId: number, reference: string, joinedOn: string) => {
    tables.addPlan(unitId, catalogue.packageId(reference), joinedOn);
  };

  const hargreaves = farmBusiness('Hargreaves Farming Ltd');
  const pennington = farmBusiness('Pennington Partners');
  const acme = companyBusiness('Acme Foods', 0, 'acme_foods');
  const fenland = companyBusiness('Fenland Fresh Produce', 118, 'fenland_fresh');
  const fenlandAdvisory = companyBusiness('Fenland Fresh Field Advisory', 0, 'fenland_fresh');
  // A milk processor, the sub type of the other processor's staff (Fenland Fresh Produce).
  const moorlandVale = companyBusiness('Moorland Vale Dairies', 118, 'moorland_vale');

  const lowerDale = tables.addFarm({
    business_id: hargreaves,
    name: 'Lower Dale Farm',
    contact_first_name: 'Tom',
    contact_last_name: 'Hargreaves',
    contact_email: 'farmer@example.com',
    contact_phone: '01748 886214',
    address_line1: 'Lower Dale Farm',
    address_line2: 'Gunnerside',
    town: 'Richmond',
    county: 'North Yorkshire',
    postcode: 'DL11 6LR',
  });
  const lowerDaleDairy = tables.addUnit({
    farm_id: lowerDale,
    name: 'Lower Dale Dairy',
    unit_type_id: DAIRY,
    holding_number: '48/212/0417',
    supports_mifarm: true,
    supports_bcms_cts: true,
  });
  plan(lowerDaleDairy, 'moorland_vale_milk_premium', '2021-04-01');

  const highfield = tables.addFarm({
    business_id: pennington,
    name: 'Highfield Estate',
    contact_first_name: 'Sarah',
    contact_last_name: 'Pennington',
    contact_email: 'multi@example.com',
    contact_phone: '01584 890372',
    address_line1: 'Highfield Estate',
    address_line2: 'Bitterley',
    town: 'Ludlow',
    county: 'Shropshire',
    postcode: 'SY8 3HJ',
  });
  const highfieldUnit = (name: string, type: number, cph: string, cattle: boolean) =>
    tables.addUnit({
      farm_id: highfield,
      name,
      unit_type_id: type,
      holding_number: cph,
      supports_mifarm: cattle,
      supports_bcms_cts: cattle,
    });
  const arable = highfieldUnit('Highfield Arable', ARABLE, '39/104/0028', false);
  const beef = highfieldUnit('Highfield Beef', BEEF, '39/104/0029', true);
  const sheep = highfieldUnit('Highfield Sheep', SHEEP, '39/104/0031', false);
  plan(arable, 'fenland_fresh_grower_scheme', '2022-02-14');
  plan(arable, 'tillwell_agronomy_service', '2023-09-01');
  plan(beef, 'marcher_hill_beef', '2020-06-22');
  tables.records.push(...highfieldBeefHerd(beef));
  plan(sheep, 'marcher_lamb_producers', '2020-06-22');

  tables.addUser({
    business_id: hargreaves,
    type: 'farm_employee',
    first_name: 'Tom',
    last_name: 'Hargreaves',
    username: 'farmer@example.com',
    access_to: {},
    description: 'farm user; one farm, one unit, one plan',
  });
  tables.addUser({
    business_id: pennington,
    type: 'farm_employee',
    first_name: 'Sarah',
    last_name: 'Pennington',
    username: 'multi@example.com',
    access_to: {},
    description: 'farm user; one farm, three units, the first with two plans from two providers',
  });
  tables.addUser({
    business_id: acme,
    type: 'company_employee',
    first_name: 'James',
    last_name: 'Okafor',
    username: 'buyer@example.com',
    access_to: {
      listUnits: true,
      insights: true,
      companyNews: true,
      company_technical_resources: true,
      viewFarmDetails: true,
    },
    description: 'retailer staff at Acme Foods; unit lists, insights, company news',
  });
  tables.addUser({
    business_id: fenland,
    type: 'company_employee',
    first_name: 'Priya',
    last_name: 'Shah',
    username: 'processor@example.com',
    access_to: { listUnits: true, viewFarmDetails: true, companyNews: true },
    description: 'processor staff at Fenland Fresh Produce (sub type 118)',
  });
  tables.addUser({
    business_id: moorlandVale,
    type: 'company_employee',
    first_name: 'Helen',
    last_name: 'Metcalfe',
    username: 'dairy@example.com',
    access_to: { listUnits: true, viewFarmDetails: true, companyNews: true },
    description:
      "milk processor staff at Moorland Vale Dairies (sub type 118), farmer@'s milk buyer",
  });
  tables.addUser({
    business_id: fenlandAdvisory,
    type: 'company_employee',
    first_name: 'Gareth',
    last_name: 'Lewis',
    username: 'adviser@example.com',
    access_to: { listUnits: true, viewFarmDetails: true },
    description: 'adviser staff at Fenland Fresh Field Advisory (Fenland Fresh)',
  });
}

/**
 * One slot per generated unit, naming the provider of its first plan: every provider gets
 * MIN_UNITS_PER_PROVIDER slots first (as far as there are units), the rest go by weight.
 */
function dealProviders(random: Random, totalUnits: number): number[] {
  const slots: number[] = [];
  for (let round = 0; round < MIN_UNITS_PER_PROVIDER && slots.length < totalUnits; round++) {
    for (let p = 0; p < PROVIDERS.length && slots.length < totalUnits; p++) slots.push(p);
  }
  const weights = PROVIDERS.map((p) => p.weight);
  while (slots.length < totalUnits) slots.push(random.weighted(weights));
  random.shuffle(slots);
  return slots;
}

function servesRegion(providerIndex: number, region: Region): boolean {
  const regions = at(PROVIDERS, providerIndex).regions;
  return regions === undefined || regions.includes(region);
}

/** Mostly a town where the provider has members; sometimes anywhere. */
function chooseTown(random: Random, providerIndex: number): Town {
  const regions = at(PROVIDERS, providerIndex).regions;
  if (regions && random.chance(0.85)) {
    const towns = TOWNS_BY_REGION.get(random.pick(regions));
    if (towns) return random.pick(towns);
  }
  return random.pick(TOWNS);
}

function holdingNumber(random: Random, tables: Tables, town: Town): string {
  const county = CPH_COUNTY.get(town.county) ?? '99';
  for (;;) {
    const cph = `${county}/${random.digits(3)}/${random.digits(4)}`;
    if (!tables.holdingNumbers.has(cph)) return cph;
  }
}

/** The generated farms, yielding after every `sliceSize` farms (their rows are in `tables`). */
function* addGeneratedFarms(
  tables: Tables,
  catalogue: Catalogue,
  random: Random,
  farmCount: number,
  sliceSize: number,
): Generator<void> {
  // How many units each farm has (mostly one), so that the providers can be dealt out fairly.
  const unitCounts: number[] = [];
  for (let i = 0; i < farmCount; i++) {
    const r = random.int(1, 100);
    unitCounts.push(r <= 70 ? 1 : r <= 92 ? 2 : 3);
  }
  const slots = dealProviders(
    random,
    unitCounts.reduce((sum, n) => sum + n, 0),
  );
  const hasFreeType = (providerIndex: number, used: ReadonlySet<number>): boolean =>
    at(catalogue.packagesOf, providerIndex).some((info) =>
      info.types.some((type) => !used.has(type)),
    );

  let cursor = 0;
  let farmsInSlice = 0;
  for (const unitCount of unitCounts) {
    if (farmsInSlice === sliceSize) {
      yield;
      farmsInSlice = 0;
    }
    farmsInSlice++;
    const town = chooseTown(random, at(slots, cursor));
    const nation = NATION_OF_REGION[town.region];
    const farmName = random.pick(FARM_NAMES[random.chance(0.9) ? nation : 'england']);
    const { first, last } = personName(random, nation);

    const businessId = tables.addBusiness({
      name: businessName(random, first, last, farmName),
      type: 'farm',
      sub_type: 0,
      provider_id: null,
    });
    const farmId = tables.addFarm({
      business_id: businessId,
      name: farmName,
      contact_first_name: first,
      contact_last_name: last,
      contact_email: contactEmail(random, first, last, farmName),
      contact_phone: town.area && random.chance(0.6) ? landline(random, town.area) : mobile(random),
      address_line1: random.chance(0.7) ? farmName : `${farmName}, ${random.pick(LANES[nation])}`,
      address_line2:
        town.villages.length > 0 && random.chance(0.65) ? random.pick(town.villages) : null,
      town: town.town,
      county: town.county,
      postcode: postcode(random, town),
    });

    const usedTypes = new Set<number>();
    const usedNames = new Set<string>();
    for (let u = 0; u < unitCount; u++) {
      if (u > 0) {
        // Later units prefer a provider that works in the farm's region and offers another type.
        const limit = Math.min(slots.length, cursor + 60);
        for (let k = cursor; k < limit; k++) {
          const candidate = at(slots, k);
          if (servesRegion(candidate, town.region) && hasFreeType(candidate, usedTypes)) {
            slots[k] = at(slots, cursor);
            slots[cursor] = candidate;
            break;
          }
        }
      }
      const providerIndex = at(slots, cursor);
      cursor++;

      const own = at(catalogue.packagesOf, providerIndex);
      const fresh = own.filter((info) => info.types.some((type) => !usedTypes.has(type)));
      const info = random.pick(fresh.length > 0 ? fresh : own);
      const freeTypes = info.types.filter((type) => !usedTypes.has(type));
      // The first listed type is the scheme's main one: favour it.
      const typeId =
        freeTypes.length === 0
          ? random.pick(info.types)
          : freeTypes[0] === info.types[0] && random.chance(0.6)
            ? at(freeTypes, 0)
            : random.pick(freeTypes);
      usedTypes.add(typeId);

      const suffixes = UNIT_SUFFIXES[typeId] ?? ['Unit'];
      let name = `${farmName} ${at(suffixes, 0)}`;
      if (random.chance(0.25) || usedNames.has(name)) name = `${farmName} ${random.pick(suffixes)}`;
      for (let n = 2; usedNames.has(name); n++) name = `${farmName} ${at(suffixes, 0)} ${n}`;
      usedNames.add(name);

      const unitId = tables.addUnit({
        farm_id: farmId,
        name,
        unit_type_id: typeId,
        holding_number: holdingNumber(random, tables, town),
        supports_mifarm: random.chance(0.3),
        supports_bcms_cts: CATTLE_TYPES.has(typeId) && random.chance(0.4),
      });
      tables.addPlan(unitId, info.row.id, joinDate(random));

      // Some units also hold a second plan, mostly an adviser's or a college's.
      if (random.chance(0.12)) {
        const candidates = (catalogue.secondPackagesByType.get(typeId) ?? []).filter(
          (other) =>
            other.providerIndex !== providerIndex && servesRegion(other.providerIndex, town.region),
        );
        if (candidates.length > 0) {
          tables.addPlan(unitId, random.pick(candidates).row.id, joinDate(random));
        }
      }
    }
  }
  yield;
}

/** How many generated farms a slice of datasetSlices() holds by default. */
export const FARMS_PER_SLICE = 5000;

/**
 * The dataset a slice at a time, so that 200,000 farms never sit in memory at once: each slice
 * holds `farmsPerSlice` generated farms with their units, plans, records and calculations, and
 * the first also the providers, plans, unit types, demo accounts and their records. Slices put
 * together are generateDataset()'s rows in its order, whatever the slice size.
 *
 * The demo rows come with the first generated farms rather than alone: PostgreSQL plans a
 * foreign-key check once per session, and planned against a units table of four rows it scans
 * the table for every record inserted after (minutes at 20,000 farms instead of seconds).
 */
export function* datasetSlices(
  options: DatasetOptions = {},
  farmsPerSlice = FARMS_PER_SLICE,
): Generator<Dataset> {
  const seed = options.seed ?? DEFAULT_SEED;
  const farmCount = options.farms ?? DEFAULT_FARMS;
  if (!Number.isInteger(farmCount) || farmCount < 0) {
    throw new Error(`farms must be a non-negative integer, not ${farmCount}`);
  }
  // The providers' pages draw from their own stream, so they do not depend on the farm count.
  const catalogue = new Catalogue(new Random(mulberry32(seed ^ 0x5bd1e995)));
  const tables = new Tables();
  addDemoAccounts(tables, catalogue);
  const demoUsers = tables.users;
  // Records across the farms, from a stream of their own so the rows above do not change; the
  // benchmark generator takes units one by one in id order, so slices draw what one piece would.
  const draw = new Random(mulberry32(seed ^ 0x27d4eb2f));
  const farms = addGeneratedFarms(
    tables,
    catalogue,
    new Random(mulberry32(seed)),
    farmCount,
    farmsPerSlice,
  );
  let first = true;
  for (const _slice of farms) {
    const rows = tables.take();
    if (rows.farms.length === 0) continue;
    const benchmark = benchmarkRecords(
      {
        farms: rows.farms,
        units: rows.units,
        unitTypes: UNIT_TYPES,
        packages: catalogue.packages,
        unitPackages: rows.unitPackages,
        users: demoUsers,
      },
      draw,
    );
    yield {
      ...rows,
      providers: first ? catalogue.providers : [],
      unitTypes: first ? UNIT_TYPES.map((type) => ({ ...type })) : [],
      packages: first ? catalogue.packages : [],
      records: [...rows.records, ...benchmark.records],
      calculations: benchmark.calculations,
    };
    first = false;
  }
}

/** The whole dataset in one piece (the tests' and small seeds'). */
export function generateDataset(options: DatasetOptions = {}): Dataset {
  const whole: Dataset = {
    providers: [],
    businesses: [],
    farms: [],
    unitTypes: [],
    units: [],
    packages: [],
    unitPackages: [],
    users: [],
    records: [],
    calculations: [],
  };
  for (const slice of datasetSlices(options)) {
    for (const key of Object.keys(whole) as (keyof Dataset)[]) {
      // Each key's rows go onto the same key's array (TypeScript cannot pair them up itself), one
      // by one: a slice's records are too many to spread into one call's arguments.
      const into = whole[key] as object[];
      for (const row of slice[key] as object[]) into.push(row);
    }
  }
  return whole;
}
