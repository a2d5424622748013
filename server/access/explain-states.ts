/**
 * The states `npm run explain` explains (issue 14, "Why is it hidden?"): a user's real states,
 * built by the server's own AccessRules.states from the database, for the internal endpoint
 * (a running server) and for the script opening the database itself.
 */
import { planFeatures, type AccessState } from '../../shared/access/state.ts';
import type { ApiUser } from '../../shared/api.ts';
import { findUserByUsername } from '../auth/users.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import type { AccessRules } from './rules.ts';

/** One state the user may be in: the unit and plan it is about, and what the flags come from. */
export interface ExplainedState {
  unitId: number | null;
  planId: number | null;
  state: AccessState;
  /** The user's permitted features (accessTo entries that are true). */
  userFeatures: string[];
  /** The selected plan's features with the unit's supports. */
  planFeatures: string[];
}

export interface UserStates {
  user: Pick<ApiUser, 'username' | 'type' | 'provider' | 'business' | 'accessTo'>;
  states: ExplainedState[];
}

/**
 * The states of `username` for a scope: with a unit, one per plan of it the user may see (only
 * the named plan, with --plan); with no unit, company staff with no unit selected, a farm user in
 * each unit and plan of theirs (they always work in one), narrowed to a named plan if any.
 * 404 for an unknown user, unit or plan; 403 (reworded) for a unit or plan the user may not see.
 */
export async function userStates(
  db: Queryable,
  access: AccessRules,
  username: string,
  scope: { unitId?: number; planId?: number },
): Promise<UserStates> {
  const stored = await findUserByUsername(db, username);
  if (!stored) throw notFound(`There is no user ${username}.`);
  const { user } = stored;
  let unitScope = scope;
  if (scope.unitId === undefined && scope.planId !== undefined) {
    if (user.type !== 'farm_employee')
      throw badRequest(`--plan needs --unit for company staff: name the unit the plan is on.`);
    unitScope = {};
  }
  let found;
  try {
    found = await access.states(user, unitScope, new Set(['several_units']));
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 403) {
      const what =
        scope.planId !== undefined && error.message.includes('plan')
          ? `Plan ${String(scope.planId)}`
          : `Unit ${String(scope.unitId)}`;
      throw new HttpError(403, `${what} is not visible to ${username}.`);
    }
    throw error;
  }
  if (scope.unitId === undefined && scope.planId !== undefined) {
    found = found.filter((s) => s.plan?.id === scope.planId);
    if (found.length === 0)
      throw notFound(`Plan ${String(scope.planId)} is on none of ${username}'s units.`);
  }
  const userFeatures = Object.entries(user.accessTo)
    .filter(([, allowed]) => allowed)
    .map(([feature]) => feature);
  return {
    user: {
      username: user.username,
      type: user.type,
      provider: user.provider,
      business: user.business,
      accessTo: user.accessTo,
    },
    states: found.map(({ state, plan, unitId }) => ({
      unitId,
      planId: plan?.id ?? null,
      state,
      userFeatures,
      planFeatures: planFeatures(state),
    })),
  };
}
