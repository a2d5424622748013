import { appPaths } from '../config.ts';
import { worksForACompany, type User } from '../session/user.ts';

/**
 * Where a signed-in user lands: a company user on the home page (config/app.json paths.home); a
 * farm user once their business's farm is loaded (by the business id). A wanted URL (returnUrl)
 * replaces home. Resolves null when the farm could not be loaded (the error has been reported).
 * The account store comes with it, after the login: the login page's first load leaves it out.
 */
export async function landingDestination(user: User, wanted?: string): Promise<string | null> {
  if (worksForACompany(user)) return wanted ?? appPaths.home;
  const { useAccount } = await import('./account-store.ts');
  const { farm, loadFarm } = useAccount.getState();
  if (farm?.id === user.business.id) return wanted ?? appPaths.home;
  return (await loadFarm(user.business.id)) ? (wanted ?? appPaths.home) : null;
}
