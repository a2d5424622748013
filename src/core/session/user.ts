import type { ApiUser } from '../../../shared/api.ts';

export type User = ApiUser;

export const UNAUTHENTICATED_USER: User = Object.freeze({
  id: -1,
  type: 'none' as const,
  first_name: '',
  last_name: '',
  username: '',
  business: Object.freeze({ id: 0, name: '', type: 'farm' as const, sub_type: 0 }),
  provider: null,
  accessTo: Object.freeze({}),
});

export const isAuthenticated = (user: User): boolean => user.type !== 'none' && user.id > 0;
export const worksForACompany = (user: User): boolean => user.type === 'company_employee';
export const worksForAFarm = (user: User): boolean => user.type === 'farm_employee';
export const fullName = (user: User): string => `${user.first_name} ${user.last_name}`.trim();

/** The features the user may use: every accessTo entry that is true. */
export const accessibleFeatures = (user: User): string[] =>
  Object.entries(user.accessTo)
    .filter(([, allowed]) => allowed)
    .map(([feature]) => feature);
