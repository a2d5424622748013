import { worksForACompany, type User } from '../session/user.ts';
import { useAccount } from './account-store.ts';

export const DASHBOARD = '/dashboard';

/**
 * Where a signed-in user lands: a company user on /dashboard; a farm user once their business's
 * farm is loaded (by the business id). A wanted URL (returnUrl) replaces /dashboard. Resolves null
 * when the farm could not be loaded (the error has been reported).
 */
export async function landingDestination(user: User, wanted?: string): Promise<string | null> {
  if (worksForACompany(user)) return wanted ?? DASHBOARD;
  const { farm, loadFarm } = useAccount.getState();
  if (farm?.id === user.business.id) return wanted ?? DASHBOARD;
  return (await loadFarm(user.business.id)) ? (wanted ?? DASHBOARD) : null;
}
