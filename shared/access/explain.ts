/**
 * "Why is it hidden?" (issue 14): for a route of config/routes.json and a state's flags, whether
 * the route shows and whether each menu link to it does, and when not, exactly which piece of
 * which condition failed: its file and JSON pointer, the flag missing (or present when it must not
 * be) and where that flag comes from, in plain words. Used by `npm run explain` and the /branding
 * debug page; plain TypeScript, no React and no Node-only API.
 */
import { evaluate, type Condition } from './conditions.ts';
import { CONTEXT_FLAG_ENTRIES, type ContextFlagEntry } from './context-flags.ts';
import { flagEntries, type FlagEntry } from './flags.ts';
import { isLink, type MenuItem, type MenusConfig } from './menus.ts';
import type { ConfigSource, RuleBook } from './rule-book.ts';
import { isRedirect, type RouteConfig, type ScreenRouteConfig } from './routes.ts';

/** What explanations are made of: config as the caller has it. */
export interface ExplainSources {
  routes: readonly RouteConfig[];
  menus: MenusConfig;
  rules: RuleBook;
  /** config/features.json's flags (default: shared/access/flags.ts's). */
  features?: readonly FlagEntry[];
  /** config/context-flags.json's flags (default: shared/access/context-flags.ts's). */
  contextFlags?: readonly ContextFlagEntry[];
  /**
   * Routes other config adds to config/routes.json (a benchmarking report's), by path, with the
   * entry that declares the route and its menu links (shared/access/portal-config.ts).
   */
  generated?: ReadonlyMap<string, { route: ConfigSource; link: ConfigSource }>;
}

/** The state explained: its flags and, when known, what they were computed from. */
export interface ExplainState {
  flags: ReadonlySet<string>;
  /** The user's permitted features (accessTo entries that are true), to name the one missing. */
  userFeatures?: readonly string[];
  /** The selected plan's features with the unit's supports, to name the one missing. */
  planFeatures?: readonly string[];
}

/** A flag a failing piece of condition tests. */
export interface FlagFact {
  name: string;
  /** Whether the state has it. */
  present: boolean;
  /** What the condition wants: the flag on (true) or off (false, under a "not"). */
  wanted: boolean;
  /** Where the flag comes from, in plain words. */
  origin: string;
}

/** One piece of a condition that does not come out as needed. */
export interface Failure {
  /** Where that piece is written. */
  at: ConfigSource;
  /** Why it fails, in plain words. */
  reason: string;
  /** A flag test: the flag. */
  flag?: FlagFact;
  /** A reference to a named rule: the rule (its condition's failure is in `inside`). */
  rule?: { name: string; title: string };
  /**
   * The failures inside: `fix` says how many of them must be put right for this piece to pass
   * ("each": all of them; a number: that many, e.g. 1 for the alternatives of an "any").
   */
  inside?: { fix: 'each' | number; failures: Failure[] };
}

/** A menu link (config/menus.json) to the route. */
export interface LinkExplanation {
  at: ConfigSource;
  /** The label it shows with, under its dropdown's label ("Documents › Knowledge Exchange"). */
  label: string;
  /** The menu part: loggedOut, main or account. */
  part: keyof MenusConfig;
  shown: boolean;
  /** Whether the route's condition holds (a link inherits it). */
  routeHolds: boolean;
  /** What fails besides the route's condition: the dropdown's, the link's own, the menu part. */
  failures: Failure[];
}

export interface RouteExplanation {
  path: string;
  title: string;
  /** The route in config/routes.json. */
  at: ConfigSource;
  access: 'public' | 'protected';
  /** Whether the route shows its screen in this state (not "Not available"). */
  shown: boolean;
  /** Why it does not: empty when it shows. */
  failures: Failure[];
  links: LinkExplanation[];
}

const ROUTES_FILE = 'config/routes.json';
const MENUS_FILE = 'config/menus.json';

/** RFC 6901: a key as one step of a JSON pointer. */
const step = (key: string | number) =>
  `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
const under = (at: ConfigSource, ...keys: (string | number)[]): ConfigSource => ({
  file: at.file,
  pointer: at.pointer + keys.map(step).join(''),
});

/** `config/routes.json#/routes/17/condition`. */
export const sourceText = (at: ConfigSource) => `${at.file}#${at.pointer}`;

/** How the context flags read in a sentence: [when on, when off]. Others use their description. */
const CONTEXT_PHRASES: Partial<Record<string, [string, string]>> = {
  company_user: ['a company user (company staff)', 'a user who is not company staff'],
  farm_user: ['a farm user', 'a user who is not a farm user'],
  unit_selected: ['a unit selected', 'no unit selected'],
  plan_selected: ['a plan selected', 'no plan selected'],
  several_units: ['several units to choose from', 'at most one unit to choose from'],
  several_plans: ['several plans on the unit', 'at most one plan on the unit'],
  provider_sends_surveys: ['a provider that sends surveys', 'a provider that sends no surveys'],
  has_help_content: ['a brand with its own Help & Support page', 'a brand without one'],
  has_contact_content: ['a brand with its own Contact Us page', 'a brand without one'],
};

const list = (items: readonly string[]) => items.join(', ');

class Explainer {
  private readonly features: ReadonlyMap<string, FlagEntry>;
  private readonly context: ReadonlyMap<string, ContextFlagEntry>;

  constructor(
    private readonly sources: ExplainSources,
    private readonly state: ExplainState,
  ) {
    this.features = new Map((sources.features ?? flagEntries).map((e) => [e.flag, e]));
    this.context = new Map((sources.contextFlags ?? CONTEXT_FLAG_ENTRIES).map((e) => [e.flag, e]));
  }

  holds(condition: Condition): boolean {
    return evaluate(condition, this.state.flags, this.sources.rules.lookup);
  }

  /** Flags of the state whose name starts with a prefix, e.g. its provider. */
  private having(prefix: string): string[] {
    return [...this.state.flags].filter((f) => f.startsWith(prefix)).sort();
  }

  /** Where a feature flag comes from and why it is (not) on. */
  private featureOrigin(entry: FlagEntry, present: boolean): string {
    const parts: string[] = [];
    const user = entry.requires.user ?? [];
    const plan = entry.requires.package ?? [];
    const known = (have: readonly string[] | undefined, needed: string[]) =>
      have === undefined ? undefined : needed.filter((f) => !have.includes(f));
    if (user.length > 0) {
      const missing = present ? [] : known(this.state.userFeatures, user);
      parts.push(
        present
          ? `a user permission from accessTo: the user's accessTo allows ${list(user)}`
          : `a user permission from accessTo: the user's accessTo does not allow ${list(missing && missing.length > 0 ? missing : user)}`,
      );
    }
    if (plan.length > 0) {
      const missing = present ? [] : known(this.state.planFeatures, plan);
      const named = (f: string) =>
        f === 'unit_has_mifarm_support' ? `${f} (the unit's MiFarm support)` : f;
      let why: string;
      if (present) why = `the selected plan includes ${list(plan.map(named))}`;
      else if (!this.state.flags.has('plan_selected')) why = 'no plan is selected';
      else if (missing && missing.length > 0)
        why = `the selected plan does not include ${list(missing.map(named))}`;
      else
        why = `the selected plan does not include ${plan.length > 1 ? 'all of ' : ''}${list(plan.map(named))}`;
      parts.push(`a plan feature: ${why}`);
    }
    return `${entry.title}; ${parts.join('; and ')}`;
  }

  /** Where a flag comes from, in plain words, and what the state has instead. */
  origin(flag: string, present: boolean): string {
    const entry = this.features.get(flag);
    if (entry) return this.featureOrigin(entry, present);
    const context = this.context.get(flag);
    if (context) {
      const brand = context.known === 'brand' ? ' Known only to the browser.' : '';
      return `${context.description}${brand}`;
    }
    if (flag.startsWith('provider:')) {
      const mine = this.having('provider:');
      return (
        "the provider: company staff's own, a farm user's the selected plan's; " +
        (mine.length > 0 ? `this state's is ${list(mine)}` : 'this state has none')
      );
    }
    if (flag.startsWith('business_role:')) {
      const mine = this.having('business_role:');
      return (
        "company staff's business sub type (business_role:0 for everyone else); " +
        `this state's is ${mine.length > 0 ? list(mine) : 'none'}`
      );
    }
    return 'config/features.json does not define it and the portal does not derive it';
  }

  private flagFailure(flag: string, at: ConfigSource, wanted: boolean): Failure {
    const present = this.state.flags.has(flag);
    const origin = this.origin(flag, present);
    const phrase = CONTEXT_PHRASES[flag];
    const reason = phrase
      ? `needs ${wanted ? phrase[0] : phrase[1]} (${flag} is ${present ? 'on' : 'off'}: ${origin})`
      : wanted
        ? `needs the flag ${flag} (${origin})`
        : `needs the flag ${flag} to be off (${origin})`;
    return { at, reason, flag: { name: flag, present, wanted, origin } };
  }

  /**
   * Why `condition`, written at `at`, does not come out as `wanted` (true: hold; false: fail,
   * under a "not"). Call it only when it does not.
   */
  failure(condition: Condition, at: ConfigSource, wanted: boolean, rules: string[] = []): Failure {
    if (typeof condition === 'string') return this.flagFailure(condition, at, wanted);
    if ('not' in condition) return this.failure(condition.not, under(at, 'not'), !wanted, rules);
    if ('rule' in condition) {
      const rule = this.sources.rules.get(condition.rule);
      if (!rule) {
        return {
          at,
          reason: `refers to the rule "${condition.rule}", which no config defines`,
          rule: { name: condition.rule, title: condition.rule },
        };
      }
      const looped = rules.includes(rule.name);
      const inner = looped
        ? { at: rule.source, reason: `the rule "${rule.name}" refers to itself` }
        : this.failure(rule.condition, rule.source, wanted, [...rules, rule.name]);
      return {
        at,
        reason: `${wanted ? 'needs' : 'must not meet'} the rule "${rule.name}" (${rule.title}), which ${wanted ? 'does not hold' : 'holds'}`,
        rule: { name: rule.name, title: rule.title },
        inside: { fix: 'each', failures: [inner] },
      };
    }
    const [key, children, atLeast] =
      'all' in condition
        ? (['all', condition.all, condition.all.length] as const)
        : 'any' in condition
          ? (['any', condition.any, Math.min(1, condition.any.length)] as const)
          : (['of', condition.of, condition.atLeast] as const);
    const childAt = (i: number) => under(at, key, i);
    const holding = children.filter((c) => this.holds(c)).length;
    const total = children.length;
    // The children that come out wrong, and how many of them must be put right.
    const wrong = children
      .map((child, i) => ({ child, i }))
      .filter(({ child }) => this.holds(child) !== wanted);
    const fix = wanted ? atLeast - holding : holding - atLeast + 1;
    const failures = wrong.map(({ child, i }) => this.failure(child, childAt(i), wanted, rules));
    const only = failures[0];
    if (failures.length === 1 && only && fix === 1) return only;
    if (total === 0) {
      return { at, reason: wanted ? 'is an empty "any", which never holds' : 'always holds' };
    }
    let reason: string;
    if (key === 'all') {
      reason = wanted
        ? `needs all ${String(total)} of these; ${String(failures.length)} fail`
        : `must not meet all ${String(total)} of these, yet meets them all: one of them failing would do`;
    } else if (key === 'any') {
      reason = wanted
        ? `needs one of these ${String(total)} alternatives; none holds`
        : `must meet none of these ${String(total)}, yet meets ${String(holding)}`;
    } else {
      reason = wanted
        ? `needs at least ${String(atLeast)} of these ${String(total)}; ${String(holding)} hold`
        : `must meet fewer than ${String(atLeast)} of these ${String(total)}, yet meets ${String(holding)}`;
    }
    return {
      at,
      reason,
      inside: { fix: fix >= failures.length ? 'each' : fix, failures },
    };
  }

  /** Why the condition at `at` fails, or nothing when it holds (or there is none). */
  failuresOf(condition: Condition | undefined, at: ConfigSource): Failure[] {
    if (condition === undefined || this.holds(condition)) return [];
    return [this.failure(condition, at, true)];
  }
}

const signedIn = (flags: ReadonlySet<string>) =>
  flags.has('company_user') || flags.has('farm_user');

/** The links of the menus to a path, with where each is written and the dropdown it is in. */
function linksTo(path: string, menus: MenusConfig) {
  const found: {
    part: keyof MenusConfig;
    at: ConfigSource;
    item: MenuItem & { route: string };
    dropdown?: { label: string; condition?: Condition; at: ConfigSource };
  }[] = [];
  for (const part of ['loggedOut', 'main', 'account'] as const) {
    menus[part].forEach((item, i) => {
      const at: ConfigSource = { file: MENUS_FILE, pointer: `${step(part)}${step(i)}` };
      if (isLink(item)) {
        if (item.route === path) found.push({ part, at, item });
        return;
      }
      if (!('items' in item)) return;
      item.items.forEach((inner, j) => {
        if (isLink(inner) && inner.route === path) {
          found.push({
            part,
            at: under(at, 'items', j),
            item: inner,
            dropdown: { label: item.label, condition: item.condition, at },
          });
        }
      });
    });
  }
  return found;
}

/** Why a route of config/routes.json shows or not for a state, and each menu link to it. */
export function explainRoute(
  path: string,
  sources: ExplainSources,
  state: ExplainState,
): RouteExplanation | undefined {
  const index = sources.routes.findIndex((r) => r.path === path && !isRedirect(r));
  const route = sources.routes[index] as ScreenRouteConfig | undefined;
  if (!route) return undefined;
  const explainer = new Explainer(sources, state);
  const declared = sources.generated?.get(path);
  const at: ConfigSource = declared?.route ?? {
    file: ROUTES_FILE,
    pointer: `/routes${step(index)}`,
  };
  const failures: Failure[] = [];
  if (route.access === 'protected' && !signedIn(state.flags)) {
    failures.push({
      at: under(at, 'access'),
      reason: 'needs a signed-in user: the route is protected',
    });
  }
  const conditionFailures = explainer.failuresOf(route.condition, under(at, 'condition'));
  failures.push(...conditionFailures);
  const routeHolds = failures.length === 0;

  const links = linksTo(path, sources.menus).map(({ part, at: listedAt, item, dropdown }) => {
    const linkAt = declared?.link ?? listedAt;
    const own: Failure[] = [];
    if (part === 'loggedOut' && signedIn(state.flags)) {
      own.push({
        at: { file: MENUS_FILE, pointer: '/loggedOut' },
        reason: 'the loggedOut menu shows only before signing in',
      });
    } else if (part !== 'loggedOut' && !signedIn(state.flags)) {
      own.push({
        at: { file: MENUS_FILE, pointer: step(part) },
        reason: `the ${part} menu shows only once signed in`,
      });
    }
    if (dropdown)
      own.push(...explainer.failuresOf(dropdown.condition, under(dropdown.at, 'condition')));
    own.push(...explainer.failuresOf(item.condition, under(linkAt, 'condition')));
    const label = item.label ?? route.title;
    return {
      at: linkAt,
      label: dropdown ? `${dropdown.label} › ${label}` : label,
      part,
      shown: routeHolds && own.length === 0,
      routeHolds,
      failures: own,
    };
  });
  return {
    path,
    title: route.title,
    at,
    access: route.access,
    shown: routeHolds,
    failures,
    links,
  };
}

/** Every screen route (not the catch-all "*"), optionally only the protected ones, explained. */
export function explainRoutes(
  sources: ExplainSources,
  state: ExplainState,
  options: { protectedOnly?: boolean } = {},
): RouteExplanation[] {
  const seen = new Set<string>();
  const paths: string[] = [];
  for (const route of sources.routes) {
    if (isRedirect(route) || route.path === '*' || seen.has(route.path)) continue;
    if (options.protectedOnly === true && route.access !== 'protected') continue;
    seen.add(route.path);
    paths.push(route.path);
  }
  return paths.flatMap((p) => explainRoute(p, sources, state) ?? []);
}

/** Where to look first: the failure, or the one failure inside it while there is just one. */
export function focus(failure: Failure): Failure {
  const inner = failure.inside?.failures;
  return inner?.length === 1 && inner[0] ? focus(inner[0]) : failure;
}

/** A failure and what is inside it, as indented lines of text. */
export function failureLines(failure: Failure, indent = ''): string[] {
  const lines = [`${indent}${sourceText(failure.at)}: ${failure.reason}`];
  const inside = failure.inside;
  if (!inside) return lines;
  const many = inside.failures.length > 1;
  const lead =
    !many || inside.fix === 'each'
      ? ''
      : inside.fix === 1
        ? 'any one of these would do:'
        : `any ${String(inside.fix)} of these would do:`;
  const next = `${indent}  `;
  if (lead) lines.push(`${next}${lead}`);
  inside.failures.forEach((inner, i) => {
    const marker = many ? `${String(i + 1)}. ` : '';
    const [first = '', ...rest] = failureLines(inner, next);
    lines.push(
      `${next}${marker}${first.slice(next.length)}`,
      ...rest.map((l) => (marker ? `   ${l}` : l)),
    );
  });
  return lines;
}

/** The explanation as text: the route's verdict, why, then each menu link's. */
export function renderExplanation(explanation: RouteExplanation): string {
  const { path, title } = explanation;
  const lines = [
    `${path} (${title}): ${explanation.shown ? 'shown' : 'hidden'}  [${sourceText(explanation.at)}]`,
  ];
  for (const failure of explanation.failures) lines.push(...failureLines(failure, '  '));
  if (explanation.links.length === 0) lines.push('  No menu link leads to it.');
  for (const link of explanation.links) {
    const verdict = link.shown
      ? 'shown'
      : !link.routeHolds && link.failures.length === 0
        ? 'hidden, as its route is'
        : link.routeHolds
          ? 'hidden'
          : 'hidden, as its route is, and also';
    lines.push(`  Menu link "${link.label}" [${sourceText(link.at)}]: ${verdict}`);
    for (const failure of link.failures) lines.push(...failureLines(failure, '    '));
  }
  return lines.join('\n');
}
