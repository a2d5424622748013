import { describe, expect, it } from 'vitest';
import {
  accessibleFeatures,
  isAuthenticated,
  UNAUTHENTICATED_USER,
  worksForACompany,
  worksForAFarm,
  type User,
} from '../../src/core/session/user.ts';

const company: User = {
  ...UNAUTHENTICATED_USER,
  id: 4,
  type: 'company_employee',
  accessTo: { listUnits: true, insights: false, companyNews: true },
};

describe('user model', () => {
  it('treats the unauthenticated user (id -1, type none) as logged out', () => {
    expect(UNAUTHENTICATED_USER).toMatchObject({ id: -1, type: 'none' });
    expect(isAuthenticated(UNAUTHENTICATED_USER)).toBe(false);
  });

  it('needs both a type other than none and an id above 0', () => {
    expect(isAuthenticated(company)).toBe(true);
    expect(isAuthenticated({ ...company, id: 0 })).toBe(false);
    expect(isAuthenticated({ ...company, type: 'none' })).toBe(false);
  });

  it('tells company from farm users', () => {
    expect(worksForACompany(company)).toBe(true);
    expect(worksForAFarm(company)).toBe(false);
    expect(worksForAFarm({ ...company, type: 'farm_employee' })).toBe(true);
  });

  it('lists every feature whose accessTo entry is true', () => {
    expect(accessibleFeatures(company)).toEqual(['listUnits', 'companyNews']);
    expect(accessibleFeatures(UNAUTHENTICATED_USER)).toEqual([]);
  });
});
