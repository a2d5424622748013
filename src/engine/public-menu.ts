import type { MenuItem, MenusConfig, ShownItem } from '../../shared/access/menus.ts';
import { shownMenu } from '../../shared/access/menus.ts';
import { INSIGHTS } from '../../shared/benchmarking/config.ts';
import { withBenchmarkLinks } from '../../shared/benchmarking/portal-entries.ts';
import type { BrandingContent } from '../../shared/api.ts';
import { routesByPath } from './routes-config.ts';

// Only the loggedOut field of the file (scripts/vite/json-fields.ts).
const [loggedOut = []] = Object.values(
  import.meta.glob<readonly MenuItem[]>('../../config/menus.json', {
    eager: true,
    query: '?fields=loggedOut',
    import: 'loggedOut',
  }),
);

/**
 * The logged-out menu of config/menus.json, read on its own (with what
 * config/benchmarking/insights.json adds to it, as for every reader): the login page draws it, and
 * its first load leaves out the signed-in menus, the rule book and the flags machinery
 * (src/engine/menus.ts, rules.ts and use-flags.ts, loaded with the signed-in shell).
 */
export const loggedOutMenu: readonly MenuItem[] = withBenchmarkLinks(
  { loggedOut } as unknown as MenusConfig,
  INSIGHTS.benchmarks,
).loggedOut;

/**
 * The flags a signed-out visitor has: the business role of anyone not on a company's staff, and
 * the brand's (spec: Help & Support and Contact Us show only when the provider has that content).
 * Exactly the session's flags for the unauthenticated user (src/engine/session-flags.ts; checked
 * by tests/unit/public-menu.test.ts), without the feature table they are worked out from.
 */
export function publicFlags(content: BrandingContent | undefined): ReadonlySet<string> {
  const flags = new Set<string>(['business_role:0']);
  if (content?.help_page_content) flags.add('has_help_content');
  if (content?.contact_us_page_content) flags.add('has_contact_content');
  return flags;
}

/**
 * The logged-out bar's items for the brand's content. Its conditions name flags only
 * (validate:config refuses a rule there, in a link or in the route it links to), so no rule book
 * is needed to test them.
 */
export const shownPublicMenu = (content: BrandingContent | undefined): ShownItem[] =>
  shownMenu(loggedOutMenu, publicFlags(content), {
    route: (path) => routesByPath.get(path)?.route,
    rules: () => undefined,
  });
