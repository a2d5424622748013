import { planFeatures } from '../../../shared/access/state.ts';
import type { ApiFarm, ApiPackage, ApiUnit } from '../../../shared/api.ts';

/** The active account selection: farm, unit and plan (the spec's package). */
export interface AccountSelection {
  farm: ApiFarm | null;
  unit: ApiUnit | null;
  plan: ApiPackage | null;
}

export const isFarmSelected = (a: AccountSelection) => a.farm !== null;
export const hasSeveralUnits = (a: AccountSelection) => (a.farm?.units.length ?? 0) > 1;
export const isUnitSelected = (a: AccountSelection) => a.unit !== null;
export const hasSeveralPlans = (a: AccountSelection) => (a.unit?.packages.length ?? 0) > 1;
export const isPlanSelected = (a: AccountSelection) => a.plan !== null;

/** The features of the active plan: its own plus the unit's supports (shared with the server). */
export const availableFeatures = (a: AccountSelection): string[] => planFeatures(a);

export const AccountErrors = {
  noFarm: 'There is no farm currently active, ensure farm is loaded before selecting a unit.',
  unitNotFound: (unitId: number) =>
    `Specified unit [ID: ${unitId}] could not be found on the active farm.`,
  noUnit:
    'There is no unit currently active, ensure unit is selected before trying to select a plan.',
  planNotFound: (planId: number) =>
    `Specified plan [ID: ${planId}] could not be found on the active unit.`,
  reloadFailed: 'Error loading previously active account',
} as const;
