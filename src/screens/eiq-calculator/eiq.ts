/**
 * The EIQ screen's rows on the calculators' method library (shared/calc/eiq.ts): the Field Use
 * EIQ of a spray (Kovach et al., Cornell NYS IPM) is the active ingredient's Environmental Impact
 * Quotient times the amount of it applied per hectare,
 *   Field Use EIQ = EIQ × kg of active ingredient per hectare,
 * where a product's content is given in g per kg (solids) or g per litre (liquids, taken as the
 * weight in a litre).
 */
import { fieldUseEiq as fieldUseEiqPerHa } from '../../../shared/calc/eiq.ts';

export interface Application {
  product: string;
  activeIngredient: string;
  /** The active ingredient's EIQ, from the Cornell NYS IPM list. */
  eiq: number;
  /** Grams of active ingredient per kg or per litre of product. */
  contentGPerUnit: number;
  /** Kilograms or litres of product per hectare. */
  ratePerHa: number;
}

/** Kilograms of active ingredient applied per hectare. */
export const activeKgPerHa = (a: Application): number => (a.ratePerHa * a.contentGPerUnit) / 1000;

export const fieldUseEiq = (a: Application): number => fieldUseEiqPerHa(a.eiq, activeKgPerHa(a));

export const programmeEiq = (applications: readonly Application[]): number =>
  applications.reduce((total, a) => total + fieldUseEiq(a), 0);
