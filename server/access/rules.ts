import rulesJson from '../../config/rules.json' with { type: 'json' };
import { evaluate, flagsIn } from '../../shared/access/conditions.ts';
import { RuleBook, type RecordTypeAccess } from '../../shared/access/rule-book.ts';
import { INSIGHTS } from '../../shared/benchmarking/config.ts';
import { benchmarkRuleBookEntries } from '../../shared/benchmarking/portal-entries.ts';
import { stateFlags, type AccessState } from '../../shared/access/state.ts';
import type { ApiUser } from '../../shared/api.ts';
import {
  visibleUnit,
  type UnitFacts,
  forbidden,
  visiblePackagesCondition,
  visibleUnitsCondition,
} from '../accounts/access.ts';
import type { Db, Queryable } from '../db/index.ts';
import { NotifiedCache } from '../db/notified-cache.ts';
import { loadReports } from '../reports/declarations.ts';
import { readSurveyProviders } from '../surveys/definitions.ts';
import { todayOf } from '../surveys/status.ts';
import { badRequest, notFound, type HttpError } from '../http/errors.ts';
import { ConsentCatalogue } from '../consent/catalogue.ts';
import { withheldCategoriesSql } from '../consent/store.ts';

/** What a call is about: a unit (from its path or query) and, when the client says, a plan. */
export interface AccessScope {
  unitId?: number;
  planId?: number;
}

/** A plan of the unit in scope, as the server checks it. */
export interface ScopePlan {
  id: number;
  provider_id: number;
  provider_reference: string;
  features: string[];
}

/** The state a rule held in: the portal would have offered the screen in exactly this state. */
export interface Grant {
  state: AccessState;
  plan: ScopePlan | null;
  /** The provider whose content the call may show: company staff's own, else the plan's. */
  providerId: number | null;
}

/** The server's rule book: config/rules.json, the record types' and the reports' rules. */
export function serverRuleBook(recordTypes: readonly RecordTypeAccess[]): RuleBook {
  return new RuleBook(
    rulesJson,
    recordTypes,
    [...loadReports().values()],
    benchmarkRuleBookEntries(INSIGHTS.benchmarks),
  );
}

/**
 * The server's side of "one rule in one place": it evaluates the named rule of config with the
 * same code and the same flags as the portal (shared/access), for the state the call is in.
 */
/** What the access check reads of a unit in one query (see AccessRules.states). */
export type UnitAccessRow = UnitFacts & {
  visible: boolean;
  plans: (ScopePlan & { visible: boolean })[];
  withheld: string[];
};

/** The channel 0020_access_notices.sql's triggers notify. */
export const ACCESS_CHANGED_CHANNEL = 'access_changed';

/**
 * The access check's reads of units, held until a unit, farm, plan, provider or consent changes
 * anywhere on the database (0020_access_notices.sql). Ten thousand entries of about a kilobyte;
 * a minute at most, should a change ever bypass the triggers.
 */
export function unitAccessCache(db: Db, clock?: () => number) {
  return new NotifiedCache<UnitAccessRow | undefined>(
    db,
    ACCESS_CHANGED_CHANNEL,
    { lifetimeMs: 60_000, maxEntries: 10_000 },
    clock,
  );
}

export class AccessRules {
  /** The categories of a unit's data each rule shows, which the farm may withhold. */
  readonly consent: ConsentCatalogue;
  /** The providers that send surveys (config/surveys/), for the flag provider_sends_surveys. */
  readonly surveyProviders: readonly string[];
  private readonly clock: () => number;
  private readonly unitAccess: NotifiedCache<UnitAccessRow | undefined> | undefined;

  constructor(
    private readonly db: Queryable,
    readonly book: RuleBook,
    options: {
      surveyProviders?: readonly string[];
      consent?: ConsentCatalogue;
      /** The server's clock, for the day a share until a date lapses; injectable in tests. */
      clock?: () => number;
      /**
       * Holds what the access check read of a unit until the database announces a change
       * (see unitAccessCache); without it every check reads the database.
       */
      unitAccess?: NotifiedCache<UnitAccessRow | undefined>;
    } = {},
  ) {
    this.unitAccess = options.unitAccess;
    this.surveyProviders = options.surveyProviders ?? readSurveyProviders();
    this.consent = options.consent ?? new ConsentCatalogue(book);
    this.clock = options.clock ?? Date.now;
  }

  /** For the server that changed what the access check reads (see unitAccessCache). */
  forgetUnitAccess(): void {
    this.unitAccess?.forgetAll();
  }

  /**
   * Whether the rule holds in a state: its condition, and for company staff on a unit, none of
   * the categories it shows withheld from their provider by the farm (issue 20 point 3).
   */
  holds(name: string, state: AccessState): boolean {
    return this.allows(name, state) && this.withholding(name, state).length === 0;
  }

  /** Whether the rule's condition holds, whatever the farm shares. */
  allows(name: string, state: AccessState): boolean {
    return evaluate({ rule: name }, stateFlags(state), this.book.lookup);
  }

  /** The categories the rule shows that the farm withholds in this state. */
  withholding(name: string, state: AccessState): string[] {
    const withheld = state.withheld ?? [];
    if (withheld.length === 0) return [];
    return this.consent.categoriesOf(name).filter((c) => withheld.includes(c));
  }

  /** Today as the server counts days (UTC), when a share until a date lapses. */
  today(): string {
    return todayOf(this.clock);
  }

  /**
   * The states a call with this scope may be in. With a unit: one per plan of the unit the user may
   * see (only the named plan, when the call names one), as if it were selected; with none, the unit
   * alone. Without a unit: company staff with no unit selected; a farm user, who always works in
   * one of their units, in each of their units in turn. 404/403 when the unit or plan is not the
   * user's to see.
   */
  async states(
    user: ApiUser,
    scope: AccessScope,
    needs: ReadonlySet<string> = new Set(),
  ): Promise<{ state: AccessState; plan: ScopePlan | null; unitId: number | null }[]> {
    if (scope.unitId === undefined) {
      if (scope.planId !== undefined) {
        throw badRequest('A plan can only be named together with its unit.', {
          plan: 'needs unit',
        });
      }
      if (user.type === 'farm_employee') {
        const units = visibleUnitsCondition(user, 1);
        const { rows } = await this.db.query<{ id: number }>(
          `select un.id from units un where ${units.sql} order by un.id`,
          units.params,
        );
        const all = [];
        for (const { id } of rows) all.push(...(await this.states(user, { unitId: id }, needs)));
        return all;
      }
      const severalUnits = needs.has('several_units') && (await this.unitCount(user, null)) > 1;
      return [
        {
          state: {
            user,
            unit: null,
            plan: null,
            severalUnits,
            severalPlans: false,
            surveyProviders: this.surveyProviders,
          },
          plan: null,
          unitId: null,
        },
      ];
    }
    const unitId = scope.unitId;
    // The unit's facts, whether the user may see it, its plans and what its farm withholds from
    // company staff's provider (a farm user sees all of their own): one round trip.
    const units = visibleUnitsCondition(user, 2);
    const params: unknown[] = [unitId, ...units.params];
    const plansVisible = visiblePackagesCondition(user, params.length + 1);
    params.push(...plansVisible.params);
    let withheldSql = `'{}'::text[]`;
    if (user.type === 'company_employee' && user.provider) {
      params.push(user.provider.id, this.today());
      withheldSql = withheldCategoriesSql(
        'un.id',
        `$${String(params.length - 1)}`,
        `$${String(params.length)}`,
      );
    }
    const sql = `select (${units.sql}) as visible, un.farm_id, un.supports_mifarm, un.supports_bcms_cts,
              coalesce((select json_agg(x order by x.id) from (
                 select p.id, p.provider_id, pr.reference as provider_reference, p.features,
                        (${plansVisible.sql}) as visible
                 from unit_packages up join packages p on p.id = up.package_id
                 join providers pr on pr.id = p.provider_id
                 where up.unit_id = un.id) x), '[]') as plans,
              ${withheldSql} as withheld
       from units un where un.id = $1`;
    const read = async () => (await this.db.query<UnitAccessRow>(sql, params)).rows[0];
    const row = this.unitAccess
      ? await this.unitAccess.get(`${sql}\n${JSON.stringify(params)}`, read)
      : await read();
    const { plans, withheld, ...unit } = visibleUnit(row, unitId);
    const seen = plans.filter((p) => p.visible).map(({ visible: _visible, ...plan }) => plan);
    let chosen: ScopePlan[] = seen;
    if (scope.planId !== undefined) {
      const named = plans.find((p) => p.id === scope.planId);
      if (!named)
        throw notFound(`Plan ${String(scope.planId)} is not held by unit ${String(unitId)}.`);
      if (!named.visible) throw forbidden('You do not have access to this plan.');
      chosen = seen.filter((p) => p.id === named.id);
    }
    const severalUnits =
      needs.has('several_units') && (await this.unitCount(user, unit.farm_id)) > 1;
    const base = {
      user,
      unit: { supports: { mifarm: unit.supports_mifarm, bcms_cts: unit.supports_bcms_cts } },
      severalUnits,
      severalPlans: seen.length > 1,
      surveyProviders: this.surveyProviders,
      withheld,
    };
    if (chosen.length === 0) return [{ state: { ...base, plan: null }, plan: null, unitId }];
    return chosen.map((plan) => ({ state: { ...base, plan }, plan, unitId }));
  }

  /**
   * The first state of the scope in which the rule holds; 403 when it holds in none. Every feature
   * endpoint calls this with the rule its screen's route names.
   */
  async require(user: ApiUser, name: string, scope: AccessScope): Promise<Grant> {
    const { grants, withheld } = await this.check(user, name, scope);
    const [first] = grants;
    if (first) return first;
    throw await this.refused(user, name, scope, withheld);
  }

  /**
   * The 403 for a rule that holds in no state of the scope; it names no flag. Where only the
   * farm's consent stands in the way, it says so and names what the farm has not shared.
   */
  async refused(
    user: ApiUser,
    name: string,
    scope: AccessScope,
    withheld: readonly string[] = [],
    /** The transaction the caller is in, if any (PGlite has one connection). */
    q: Queryable = this.db,
  ): Promise<HttpError> {
    if (withheld.length > 0 && scope.unitId !== undefined && user.provider) {
      const { rows } = await q.query<{ farm: string; provider: string }>(
        `select f.name as farm, p.name as provider from units un join farms f on f.id = un.farm_id
         join providers p on p.id = $2 where un.id = $1`,
        [scope.unitId, user.provider.id],
      );
      const names = rows[0];
      if (names) {
        const what = withheld.map((c) => this.consent.titleOf(c)).join(', ');
        return forbidden(`${names.farm} has not shared ${what} with ${names.provider}.`);
      }
    }
    const rule = this.ruleNamed(name);
    const where =
      scope.planId !== undefined
        ? ' with this plan'
        : scope.unitId !== undefined
          ? ' on this unit'
          : '';
    return forbidden(`You do not have access to ${rule.title}${where}.`);
  }

  /**
   * Every state of the scope in which the rule holds, possibly none: for a call that gathers what
   * each of those states would show (a farm user's news across their plans).
   */
  async grants(user: ApiUser, name: string, scope: AccessScope): Promise<Grant[]> {
    return (await this.check(user, name, scope)).grants;
  }

  /**
   * The states in which the rule holds, and when it holds in none: the categories the farm
   * withholds in the states where its condition alone would have held (empty when none would).
   */
  async check(
    user: ApiUser,
    name: string,
    scope: AccessScope,
  ): Promise<{ grants: Grant[]; withheld: string[] }> {
    const rule = this.ruleNamed(name);
    const needs = new Set(flagsIn(rule.condition, this.book.lookup));
    const allowed = (await this.states(user, scope, needs)).filter(({ state }) =>
      this.allows(name, state),
    );
    const grants = allowed
      .filter(({ state }) => this.withholding(name, state).length === 0)
      .map(({ state, plan }) => ({
        state,
        plan,
        providerId:
          user.type === 'company_employee'
            ? (user.provider?.id ?? null)
            : (plan?.provider_id ?? null),
      }));
    const withheld =
      grants.length > 0
        ? []
        : [...new Set(allowed.flatMap(({ state }) => this.withholding(name, state)))];
    return { grants, withheld };
  }

  private ruleNamed(name: string) {
    const rule = this.book.get(name);
    if (!rule)
      throw new Error(`The server enforces the rule "${name}", which config does not define.`);
    return rule;
  }

  /** How many units the user may see on a farm (or, for a farm user, on their farms). */
  private async unitCount(user: ApiUser, farmId: number | null): Promise<number> {
    const units = visibleUnitsCondition(user, 1);
    const params: unknown[] = [...units.params];
    let where = units.sql;
    if (farmId !== null) {
      params.push(farmId);
      where += ` and un.farm_id = $${String(params.length)}`;
    } else if (user.type !== 'farm_employee') {
      return 0;
    }
    const { rows } = await this.db.query<{ n: number }>(
      `select count(*)::int as n from units un where ${where}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }
}
