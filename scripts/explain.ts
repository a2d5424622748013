/**
 * `npm run explain -- --user USERNAME [--unit ID] [--plan ID] PATH | --all` ("Why is it hidden?",
 * issue 14): whether a route of config/routes.json shows for a user's real state, and if not,
 * which piece of which condition fails (file#pointer) and why, in plain words. The state is the
 * server's own (AccessRules.states): asked of the server holding DATA_DIR through its admin
 * channel, or read from the database under DATA_DIR's lock when no server runs, or from
 * PostgreSQL directly with DATABASE_URL. The explanation is shared/access/explain.ts, the module
 * the /branding debug page uses too.
 */
import { parseArgs } from 'node:util';
import {
  GENERATED_ROUTE_SOURCES,
  PORTAL_MENUS,
  PORTAL_ROUTES,
} from '../shared/access/portal-config.ts';
import {
  explainRoute,
  explainRoutes,
  focus,
  renderExplanation,
  sourceText,
  type ExplainSources,
} from '../shared/access/explain.ts';
import { isRedirect, type RouteConfig } from '../shared/access/routes.ts';
import { stateFlags } from '../shared/access/state.ts';
import {
  userStates,
  type ExplainedState,
  type UserStates,
} from '../server/access/explain-states.ts';
import { AccessRules, serverRuleBook } from '../server/access/rules.ts';
import { readConfig } from '../server/config.ts';
import { pathExists, pgliteDir } from '../server/db/backup.ts';
import { describeOwner } from '../server/db/data-dir-lock.ts';
import { openDatabase } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { HttpError } from '../server/http/errors.ts';
import { loadRecordTypes } from '../server/records/record-types.ts';
import { exitWith, failureOf, ToolError, withServerOrLock } from './lib/data-dir-tools.ts';

const HELP = `Usage: npm run explain -- --user USERNAME [--unit ID] [--plan ID] (PATH | --all)

Whether a route of config/routes.json shows for the user, and each menu link to it; if not,
which part of which condition fails (file#/json/pointer), the flags missing or present, and why.

  --user USERNAME  the user, e.g. adviser@example.com (required)
  --unit ID        explain with this unit selected: one state per plan of it the user may see
  --plan ID        with --unit: only this plan selected. A farm user may give --plan alone
  --all            list every route with shown or hidden instead of explaining one PATH
  -h, --help       this text

Without --unit and --plan, company staff are explained with no unit selected; a farm user, who
always works in one of their units, in each of their units and plans in turn.

The states come from the server holding DATA_DIR (through DATA_DIR/admin.key), or from the
database under DATA_DIR's lock when no server runs, or from DATABASE_URL. Exits 1 on an unknown
user, path, unit or plan, or a unit or plan the user may not see; 2 on wrong usage.

Example: npm run explain -- --user adviser@example.com /knowledge-exchange`;

const routes: readonly RouteConfig[] = PORTAL_ROUTES;

function usage(message: string): never {
  console.error(`${message}\n\n${HELP}`);
  process.exit(2);
}

function id(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text) || Number(text) === 0)
    throw new ToolError(`--${name} must be a positive whole number, not "${text}".`);
  return Number(text);
}

/** The states: from the running server, or the database opened here. */
async function loadStates(
  username: string,
  scope: { unitId?: number; planId?: number },
): Promise<{ found: UserStates; how: string }> {
  const config = readConfig();
  const direct = async () => {
    if (!config.databaseUrl && !(await pathExists(pgliteDir(config.dataDir))))
      throw new ToolError(
        `There is no database in ${config.dataDir}: run npm run seed (or npm start) first.`,
      );
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrate(db);
      const access = new AccessRules(db, serverRuleBook([...loadRecordTypes().values()]));
      return await userStates(db, access, username, scope);
    } catch (error) {
      if (error instanceof HttpError) throw new ToolError(error.message);
      throw error;
    } finally {
      await db.close();
    }
  };
  if (config.databaseUrl) return { found: await direct(), how: 'read from DATABASE_URL' };
  return withServerOrLock(
    config,
    'explain',
    async (server) => {
      const query = new URLSearchParams({ username });
      if (scope.unitId !== undefined) query.set('unit', String(scope.unitId));
      if (scope.planId !== undefined) query.set('plan', String(scope.planId));
      const response = await server.call('GET', `/api/internal/access-states?${query.toString()}`);
      if (!response.ok) throw new ToolError(await failureOf(response));
      const found = ((await response.json()) as { data: UserStates }).data;
      return { found, how: `asked ${describeOwner(server.owner)}` };
    },
    async () => ({
      found: await direct(),
      how: `read ${config.dataDir} directly (no server was running)`,
    }),
  );
}

function describeUser({ user }: UserStates): string {
  const allowed = Object.entries(user.accessTo)
    .filter(([, on]) => on)
    .map(([feature]) => feature);
  const who =
    user.type === 'company_employee'
      ? `company staff at ${user.business.name} (provider ${user.provider?.reference ?? 'none'}, business sub type ${String(user.business.sub_type)})`
      : `farm user at ${user.business.name}`;
  return `${user.username}: ${who}; accessTo: ${allowed.join(', ') || 'nothing'}`;
}

function describeState(s: ExplainedState): string {
  if (s.unitId === null) return 'no unit selected';
  const plan = s.state.plan;
  const planText =
    s.planId === null || !plan
      ? 'no plan of it visible'
      : `plan ${String(s.planId)} (${plan.provider_reference}: ${plan.features.join(', ') || 'no features'})`;
  const supports = s.state.unit?.supports;
  const unitSupports = supports
    ? Object.entries(supports)
        .filter(([, on]) => on)
        .map(([what]) => what)
    : [];
  return `unit ${String(s.unitId)}${unitSupports.length > 0 ? ` (supports ${unitSupports.join(', ')})` : ''}, ${planText}`;
}

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      user: { type: 'string' },
      unit: { type: 'string' },
      plan: { type: 'string' },
      all: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) {
    console.log(HELP);
    process.exit(0);
  }
  if (values.user === undefined || values.user === '') usage('--user is required.');
  const all = values.all === true;
  if (positionals.length > 1) usage('Give one path.');
  const [path] = positionals;
  if (all && path !== undefined) usage('Give either a path or --all, not both.');
  if (!all && path === undefined) usage('Give a path (e.g. /knowledge-exchange) or --all.');
  if (path !== undefined && !routes.some((r) => r.path === path && !isRedirect(r))) {
    const redirect = routes.find((r) => r.path === path && isRedirect(r));
    throw new ToolError(
      redirect && isRedirect(redirect)
        ? `${path} is not a screen: config/routes.json redirects it to ${redirect.redirect}.`
        : `Unknown path ${path}: config/routes.json has no route for it.`,
    );
  }
  const scope = {
    ...(values.unit === undefined ? {} : { unitId: id('unit', values.unit) }),
    ...(values.plan === undefined ? {} : { planId: id('plan', values.plan) }),
  };

  const { found, how } = await loadStates(values.user, scope);
  const sources: ExplainSources = {
    routes,
    menus: PORTAL_MENUS,
    generated: GENERATED_ROUTE_SOURCES,
    rules: serverRuleBook([...loadRecordTypes().values()]),
  };
  const out: string[] = [describeUser(found), `States: ${how}.`];
  const many = found.states.length > 1;
  if (scope.unitId === undefined && scope.planId === undefined) {
    out.push(
      found.user.type === 'farm_employee'
        ? `No --unit or --plan: a farm user always works in one of their units, so ${found.states.length === 1 ? 'their one unit and plan is used' : `each of their ${String(found.states.length)} unit and plan states is explained`}.`
        : 'No --unit: company staff with no unit selected (give --unit ID to explain with one).',
    );
  }
  if (found.states.length === 0) out.push('', `${found.user.username} has no unit to work in.`);
  let shownIn = 0;
  found.states.forEach((s, i) => {
    const state = {
      flags: stateFlags(s.state),
      userFeatures: s.userFeatures,
      planFeatures: s.planFeatures,
    };
    out.push(
      '',
      `State ${many ? `${String(i + 1)} of ${String(found.states.length)}` : 'used'}: ${describeState(s)}`,
      `Flags: ${[...state.flags].sort().join(', ')}`,
      '',
    );
    if (path !== undefined) {
      const explanation = explainRoute(path, sources, state);
      if (explanation) {
        if (explanation.shown) shownIn += 1;
        out.push(renderExplanation(explanation));
      }
      return;
    }
    for (const route of explainRoutes(sources, state)) {
      const where = route.failures[0] ? `  (${sourceText(focus(route.failures[0]).at)})` : '';
      out.push(
        `${route.shown ? 'shown ' : 'hidden'}  ${route.path}  ${route.title}${route.shown ? '' : where}`,
      );
    }
  });
  if (path !== undefined && many)
    out.push(
      '',
      `${path} is shown in ${String(shownIn)} of ${String(found.states.length)} states.`,
    );
  if (path === undefined) out.push('', 'Give a path instead of --all for the reasons.');
  console.log(out.join('\n'));
} catch (error) {
  if (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    usage(error.message);
  exitWith(error);
}
