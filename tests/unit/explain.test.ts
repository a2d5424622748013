import { describe, expect, it } from 'vitest';
import { evaluate } from '../../shared/access/conditions.ts';
import {
  explainRoute,
  explainRoutes,
  focus,
  renderExplanation,
  sourceText,
  type ExplainSources,
  type ExplainState,
  type Failure,
} from '../../shared/access/explain.ts';
import { shownMenu } from '../../shared/access/menus.ts';
import {
  GENERATED_ROUTE_SOURCES,
  PORTAL_MENUS,
  PORTAL_ROUTES,
} from '../../shared/access/portal-config.ts';
import { INSIGHTS } from '../../shared/benchmarking/config.ts';
import { benchmarkRuleBookEntries } from '../../shared/benchmarking/portal-entries.ts';
import { RuleBook, type RecordTypeAccess, type RulesFile } from '../../shared/access/rule-book.ts';
import { isRedirect } from '../../shared/access/routes.ts';
import { stateFlags, type AccessState } from '../../shared/access/state.ts';

/** The real config: every file under config/, by its path from the repository's root. */
const CONFIG = import.meta.glob<unknown>('../../config/**/*.json', {
  eager: true,
  import: 'default',
});
const readJson = <T>(file: string) => {
  const json = CONFIG[`../../${file}`];
  if (json === undefined) throw new Error(`${file} is not a config file`);
  return json as T;
};
// With the benchmarking reports' routes and links, as the portal and the server have them.
const routes = PORTAL_ROUTES;
const menus = PORTAL_MENUS;
const recordTypes = Object.keys(CONFIG)
  .filter((f) => f.startsWith('../../config/records/'))
  .map((f) => readJson<RecordTypeAccess>(f.slice('../../'.length)));
const rules = new RuleBook(
  readJson<RulesFile>('config/rules.json'),
  recordTypes,
  [],
  benchmarkRuleBookEntries(INSIGHTS.benchmarks),
);
const sources: ExplainSources = { routes, menus, rules, generated: GENERATED_ROUTE_SOURCES };

const routeIndex = (p: string) => routes.findIndex((r) => r.path === p && !isRedirect(r));

/** Resolves a file#pointer of a failure against the real file, as a reader would follow it. */
function resolve(at: Failure['at']): unknown {
  let value: unknown = readJson(at.file);
  for (const key of at.pointer.split('/').slice(1)) {
    const step = key.replaceAll('~1', '/').replaceAll('~0', '~');
    value = (value as Record<string, unknown>)[step];
    if (value === undefined) throw new Error(`${sourceText(at)} does not resolve at "${step}"`);
  }
  return value;
}

/** The value, which the test expects to be there. */
function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}
/** The i-th failure inside a failure. */
const inner = (failure: Failure | undefined, i = 0): Failure =>
  must(must(must(failure).inside).failures[i]);
/** A route's explanation, which the test expects to exist. */
const explain = (p: string, state: ExplainState) => must(explainRoute(p, sources, state));

/** Every failure, inner ones included. */
const allFailures = (failures: readonly Failure[]): Failure[] =>
  failures.flatMap((f) => [f, ...allFailures(f.inside?.failures ?? [])]);

const FENLAND = { id: 1, reference: 'fenland_fresh' };
const MOORLAND = { id: 2, reference: 'moorland_vale' };

function company(accessTo: Record<string, boolean>, subType = 0): AccessState['user'] {
  return {
    id: 5,
    type: 'company_employee',
    provider: FENLAND,
    business: { id: 9, name: 'Fenland Fresh Field Advisory', type: 'company', sub_type: subType },
    accessTo,
  };
}
const farmer: AccessState['user'] = {
  id: 1,
  type: 'farm_employee',
  provider: null,
  business: { id: 1, name: 'Hargreaves', type: 'farm', sub_type: 0 },
  accessTo: {},
};
const plan = (features: string[], provider = FENLAND): AccessState['plan'] => ({
  provider_id: provider.id,
  provider_reference: provider.reference,
  features,
});
const unit = { supports: { mifarm: false, bcms_cts: false } };

function stateOf(partial: Partial<AccessState> & Pick<AccessState, 'user'>): ExplainState {
  const state: AccessState = {
    unit: null,
    plan: null,
    severalUnits: false,
    severalPlans: false,
    ...partial,
    // The providers of config/surveys/.
    surveyProviders: partial.surveyProviders ?? ['fenland_fresh', 'moorland_vale'],
  };
  return {
    flags: stateFlags(state),
    userFeatures: Object.keys(state.user.accessTo).filter((k) => state.user.accessTo[k]),
    planFeatures: state.plan?.features ?? [],
  };
}

/** adviser@example.com with no unit selected: listUnits and viewFarmDetails only. */
const adviser = stateOf({ user: company({ listUnits: true, viewFarmDetails: true }) });

describe('explainRoute: why a route is hidden', () => {
  it('names the route, the rule and each failing alternative of Knowledge Exchange for adviser@', () => {
    const explained = explain('/knowledge-exchange', adviser);
    const index = routeIndex('/knowledge-exchange');
    expect(explained).toMatchObject({ shown: false, title: 'Knowledge Exchange' });
    expect(sourceText(explained.at)).toBe(`config/routes.json#/routes/${String(index)}`);

    const top = must(explained.failures[0]);
    expect(sourceText(top.at)).toBe(`config/routes.json#/routes/${String(index)}/condition`);
    expect(top.rule).toEqual({ name: 'knowledge-exchange', title: 'Knowledge Exchange' });
    const any = inner(top);
    expect(sourceText(any.at)).toBe('config/rules.json#/rules/knowledge-exchange/condition');
    expect(any.reason).toBe('needs one of these 2 alternatives; none holds');
    expect(any.inside?.fix).toBe(1);

    // The plan alternative: no plan selected, so neither plan_selected nor the plan feature.
    const planAlternative = inner(any, 0);
    expect(planAlternative.inside?.fix).toBe('each');
    const technical = inner(planAlternative, 1);
    expect(sourceText(technical.at)).toBe(
      'config/rules.json#/rules/knowledge-exchange/condition/any/0/all/1',
    );
    expect(technical.reason).toBe(
      'needs the flag technical_resources (Knowledge Exchange; a plan feature: no plan is selected)',
    );
    // The staff alternative: only the permission is missing; no unit is selected, as it needs.
    const staffAlternative = inner(any, 1);
    expect(sourceText(staffAlternative.at)).toBe(
      'config/rules.json#/rules/knowledge-exchange/condition/any/1/all/2',
    );
    expect(staffAlternative.flag).toMatchObject({
      name: 'company_technical_resources',
      present: false,
      wanted: true,
    });
    expect(staffAlternative.reason).toContain(
      "a user permission from accessTo: the user's accessTo does not allow company_technical_resources",
    );

    expect(explained.links).toEqual([
      expect.objectContaining({
        label: 'Documents › Knowledge Exchange',
        shown: false,
        routeHolds: false,
        failures: [],
      }),
    ]);
  });

  it('says "needs no unit selected" when staff with the permission work in a unit', () => {
    const state = stateOf({
      user: company({ company_technical_resources: true }),
      unit,
      plan: plan(['newsfeed']),
    });
    const any = inner(explain('/knowledge-exchange', state).failures[0]);
    const staff = inner(any, 1);
    expect(sourceText(staff.at)).toBe(
      'config/rules.json#/rules/knowledge-exchange/condition/any/1/all/1/not',
    );
    expect(staff.flag).toMatchObject({ name: 'unit_selected', present: true, wanted: false });
    expect(staff.reason).toMatch(/^needs no unit selected \(unit_selected is on: /);
    expect(inner(any, 0).reason).toContain(
      'the selected plan does not include technical_resources',
    );
  });

  it("points into the record type's file for a record route", () => {
    const state = stateOf({ user: farmer, unit, plan: plan(['records_daily']) });
    const top = must(explain('/unit/records/monthly', state).failures[0]);
    expect(top.rule?.name).toBe('record:monthly');
    const leaf = focus(top);
    expect(sourceText(leaf.at)).toBe('config/records/monthly.json#/access');
    expect(leaf.flag).toMatchObject({ name: 'records_monthly', present: false });
  });

  it('explains a menu link narrower than its route: the atLeast of the link', () => {
    // Moorland Vale with monthly reports only: the route shows, its Reports link does not.
    const state = stateOf({ user: farmer, unit, plan: plan(['reporting'], MOORLAND) });
    const explained = explain('/moorland-vale-insights', state);
    expect(explained.shown).toBe(true);
    const link = must(explained.links[0]);
    expect(link).toMatchObject({ shown: false, routeHolds: true, label: 'Reports › Benchmarking' });
    const own = must(link.failures[0]);
    // The link is declared with the provider's report, in config/benchmarking/insights.json.
    expect(sourceText(own.at)).toBe(
      'config/benchmarking/insights.json#/benchmarks/0/menu/condition',
    );
    expect(own.reason).toBe('needs at least 2 of these 3; 1 hold');
    expect(own.inside?.fix).toBe(1);
    expect(own.inside?.failures.map((f) => f.flag?.name)).toEqual([
      'reporting_annual',
      'reporting_crops',
    ]);
  });

  it('names the provider the state has when a provider flag is missing', () => {
    const top = must(explain('/my-account/notifications', stateOf({ user: farmer })).failures[0]);
    // Through a rule or not, the failing piece is the "any" of the two providers.
    const any = focus(top);
    expect(any.reason).toBe('needs one of these 2 alternatives; none holds');
    expect(inner(any).reason).toContain('this state has none');
  });

  it('needs a signed-in user for a protected route', () => {
    const signedOut = stateOf({ user: { ...farmer, id: -1, type: 'none' } });
    const failure = must(explain('/dashboard', signedOut).failures[0]);
    expect(sourceText(failure.at)).toBe(
      `config/routes.json#/routes/${String(routeIndex('/dashboard'))}/access`,
    );
  });

  it('answers undefined for a path no screen route has', () => {
    expect(explainRoute('/nowhere', sources, adviser)).toBeUndefined();
    expect(explainRoute('/', sources, adviser)).toBeUndefined();
  });

  it('renders the verdict, every file#pointer and the reasons as text', () => {
    const text = renderExplanation(explain('/knowledge-exchange', adviser));
    expect(text).toContain('/knowledge-exchange (Knowledge Exchange): hidden');
    expect(text).toContain('config/rules.json#/rules/knowledge-exchange/condition/any/1/all/2');
    expect(text).toContain('any one of these would do:');
    expect(text).toContain('Menu link "Documents › Knowledge Exchange"');
  });
});

describe('explanations agree with the evaluator and the menus', () => {
  const states: Record<string, ExplainState> = {
    adviser,
    'adviser in a unit': stateOf({
      user: company({ listUnits: true, viewFarmDetails: true }),
      unit,
      plan: plan(['submissions', 'technical_resources', 'newsfeed']),
    }),
    processor: stateOf({
      user: company({ listUnits: true, companyNews: true }, 118),
      unit,
      plan: plan(['submissions', 'records_monthly']),
    }),
    farmer: stateOf({
      user: farmer,
      unit: { supports: { mifarm: true, bcms_cts: false } },
      plan: plan(['mifarm', 'reporting', 'reporting_annual', 'documents'], MOORLAND),
      severalUnits: true,
    }),
  };

  for (const [name, state] of Object.entries(states)) {
    it(`${name}: shown is exactly what the condition says, and every pointer resolves`, () => {
      const explained = explainRoutes(sources, state);
      expect(explained.length).toBeGreaterThan(40);
      for (const route of explained) {
        const config = routes[routeIndex(route.path)];
        const condition = config && 'condition' in config ? config.condition : undefined;
        const holds = condition === undefined || evaluate(condition, state.flags, rules.lookup);
        expect(route.shown, route.path).toBe(holds);
        expect(route.failures.length === 0, route.path).toBe(holds);
        const failures = allFailures([
          ...route.failures,
          ...route.links.flatMap((l) => l.failures),
        ]);
        for (const failure of failures) {
          const value = resolve(failure.at);
          if (failure.flag) expect(value, sourceText(failure.at)).toBe(failure.flag.name);
          if (failure.flag) expect(state.flags.has(failure.flag.name)).toBe(failure.flag.present);
        }
      }
    });

    it(`${name}: a path has a shown link exactly when the menus show it`, () => {
      const shownPaths = new Set(
        [...menus.main, ...menus.account].flatMap((item) =>
          shownMenu([item], state.flags, {
            route: (p) => {
              const r = routes[routeIndex(p)];
              return r && !isRedirect(r) ? r : undefined;
            },
            rules: rules.lookup,
          }).flatMap((shown) =>
            shown.kind === 'link'
              ? [shown.path]
              : shown.kind === 'dropdown'
                ? shown.items.flatMap((i) => (i.kind === 'link' ? [i.path] : []))
                : [],
          ),
        ),
      );
      for (const route of explainRoutes(sources, state, { protectedOnly: true })) {
        const linked = route.links.filter((l) => l.part !== 'loggedOut').some((l) => l.shown);
        expect(linked, route.path).toBe(shownPaths.has(route.path));
      }
    });
  }

  it('lists only protected routes when asked, never the catch-all', () => {
    const explained = explainRoutes(sources, adviser, { protectedOnly: true });
    expect(explained.every((e) => e.access === 'protected')).toBe(true);
    expect(explainRoutes(sources, adviser).some((e) => e.path === '*')).toBe(false);
  });
});
