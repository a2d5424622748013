import type { FastifyInstance, FastifyRequest } from 'fastify';
import { positiveId } from '../accounts/access.ts';
import { noteRead } from '../consent/access-log.ts';
import { HttpError } from '../http/errors.ts';
import type { AccessRules, AccessScope, Grant } from './rules.ts';

/**
 * What guards a signed route, declared in its config next to `access: 'user'`, so that no
 * feature endpoint can be added without naming its rule (tests/server/access-matrix.test.ts
 * checks every signed route declares one):
 * - `rule`: the named rule of config (config/rules.json, or record:<type>) the route enforces,
 *   or a function of the request giving it, possibly after a look-up (a saved calculation's
 *   calculator); undefined when the request names nothing that exists: the handler then
 *   answers 404; `scope` says where the call names its unit: in the
 *   path (`unit`), in the portal's `unit` and `plan` query (`selection`), or nowhere (`none`).
 * - `ownAccount`: the route is about the caller's own account, not a feature of a screen
 *   (the user, logout, password, the farm's units, analytics); the text says why.
 */
export type RouteGuard =
  | {
      rule:
        string | ((request: FastifyRequest) => string | undefined | Promise<string | undefined>);
      scope: 'unit' | 'selection' | 'none';
    }
  | { ownAccount: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: RouteGuard;
  }
  interface FastifyRequest {
    /** Set on routes guarded by a rule: each state of the call's scope in which it holds. */
    grants?: Grant[];
  }
}

function scopeOf(request: FastifyRequest, scope: 'unit' | 'selection' | 'none'): AccessScope {
  if (scope === 'none') return {};
  if (scope === 'unit') {
    const { unitId } = request.params as { unitId?: string };
    return { unitId: positiveId(unitId, 'unitId') };
  }
  const { unit, plan } = request.query as { unit?: string; plan?: string };
  return {
    ...(unit === undefined ? {} : { unitId: positiveId(unit, 'unit') }),
    ...(plan === undefined ? {} : { planId: positiveId(plan, 'plan') }),
  };
}

/**
 * Enforces each route's declared rule before its handler (after the signature is checked): 403
 * when the rule holds in no state of the call's scope (for company staff on a unit, that includes
 * a category of the unit's data the farm withholds from their provider), else the states it holds
 * in, for the handler to read with grantsOf(). A company call on a unit in its path is noted for
 * the unit's access log with the categories the rule shows (server/consent/access-log.ts).
 */
export function installRouteRules(app: FastifyInstance, access: AccessRules): void {
  app.addHook('preHandler', async (request) => {
    const guard = request.routeOptions.config.guard;
    if (!guard || !('rule' in guard) || !request.auth) return;
    const name = typeof guard.rule === 'string' ? guard.rule : await guard.rule(request);
    if (name === undefined) return;
    const scope = scopeOf(request, guard.scope);
    const { user } = request.auth;
    const { grants, withheld } = await access.check(user, name, scope);
    if (grants.length === 0) throw await access.refused(user, name, scope, withheld);
    request.grants = grants;
    // A unit in the path is the unit's data; one in the selection only scopes what the call
    // works out from its own inputs (a calculator) or the provider's content (news).
    if (guard.scope === 'unit' && scope.unitId !== undefined) {
      noteRead(request, {
        unitId: scope.unitId,
        categories: access.consent.categoriesOf(name),
        what: access.book.get(name)?.title ?? name,
      });
    }
  });
}

/** The states the route's rule holds in; a route that declares no rule has none to read. */
export function grantsOf(request: FastifyRequest): Grant[] {
  if (!request.grants) {
    throw new HttpError(
      500,
      `${request.routeOptions.url ?? request.url} reads grants its guard never gave.`,
    );
  }
  return request.grants;
}
