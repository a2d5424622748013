import { useId, useMemo } from 'react';
import {
  explainRoutes,
  sourceText,
  type ExplainSources,
  type Failure,
  type RouteExplanation,
} from '../../../shared/access/explain.ts';
import { GENERATED_ROUTE_SOURCES } from '../../../shared/access/portal-config.ts';
import { planFeatures } from '../../../shared/access/state.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { useSession } from '../../core/session/session-store.ts';
import { accessibleFeatures, isAuthenticated } from '../../core/session/user.ts';
import { menusConfig } from '../../engine/menus.ts';
import { routeConfig } from '../../engine/routes-config.ts';
import { ruleBook } from '../../engine/rules.ts';
import { useAvailableFlags } from '../../engine/use-flags.ts';
import pageStyles from '../../ui/content/ContentPage.module.css';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import styles from './AccessExplanation.module.css';

/** The portal's own config and rule book: what the router and the menus evaluate. */
const sources: ExplainSources = {
  routes: routeConfig,
  menus: menusConfig,
  rules: ruleBook,
  generated: GENERATED_ROUTE_SOURCES,
};

function FailureItem({ failure }: { failure: Failure }) {
  const inside = failure.inside;
  const many = inside !== undefined && inside.failures.length > 1;
  const lead =
    !many || inside.fix === 'each'
      ? 'Each of these fails:'
      : inside.fix === 1
        ? 'Any one of these would do:'
        : `Any ${String(inside.fix)} of these would do:`;
  return (
    <li>
      <code className={styles.pointer}>{sourceText(failure.at)}</code>: {failure.reason}
      {inside &&
        (many ? (
          <>
            <br />
            {lead}
            <ol>
              {inside.failures.map((inner) => (
                <FailureItem key={sourceText(inner.at)} failure={inner} />
              ))}
            </ol>
          </>
        ) : (
          <ul>
            {inside.failures.map((inner) => (
              <FailureItem key={sourceText(inner.at)} failure={inner} />
            ))}
          </ul>
        ))}
    </li>
  );
}

function Failures({ failures }: { failures: readonly Failure[] }) {
  return (
    <ul className={styles.reasons}>
      {failures.map((failure) => (
        <FailureItem key={sourceText(failure.at)} failure={failure} />
      ))}
    </ul>
  );
}

/** The menu links to a route: each shown or hidden, and why when not because of the route. */
function Links({ route }: { route: RouteExplanation }) {
  if (route.links.length === 0) return null;
  return (
    <ul className={`${styles.reasons} ${styles.links}`}>
      {route.links.map((link) => (
        <li key={sourceText(link.at)}>
          Menu link “{link.label}” (<code className={styles.pointer}>{sourceText(link.at)}</code>
          ): {link.shown ? 'shown' : link.routeHolds ? 'hidden' : 'hidden, as its route is'}
          {link.failures.length > 0 && <Failures failures={link.failures} />}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: Column<RouteExplanation>[] = [
  {
    key: 'route',
    header: 'Route',
    rowHeader: true,
    hideLabel: true,
    cell: (route) => (
      <>
        <code>{route.path}</code>
        <br />
        {route.title}
      </>
    ),
  },
  {
    key: 'shown',
    header: 'Shown',
    className: (route) => `${styles.verdict} ${route.shown ? '' : styles.hidden}`,
    cell: (route) => (route.shown ? 'Shown' : 'Hidden'),
  },
  {
    key: 'why',
    header: 'Why (file#pointer: reason)',
    label: 'Why',
    cell: (route) => (
      <>
        {route.failures.length > 0 && <Failures failures={route.failures} />}
        <Links route={route} />
      </>
    ),
  },
];

/**
 * "Why is it hidden?" (issue 14): every protected route, shown or hidden for the signed-in user in
 * their current unit and plan, and for a hidden one which piece of which condition fails, computed
 * here with the portal's own flags, rules and config (shared/access/explain.ts, as npm run explain).
 */
export default function AccessExplanation() {
  const user = useSession((s) => s.user);
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  const flags = useAvailableFlags();
  const headingId = useId();
  const explanations = useMemo(
    () =>
      explainRoutes(
        sources,
        {
          flags,
          userFeatures: accessibleFeatures(user),
          planFeatures: planFeatures({ unit, plan: unit ? plan : null }),
        },
        { protectedOnly: true },
      ),
    [flags, user, unit, plan],
  );
  const signedIn = isAuthenticated(user);
  const hidden = explanations.filter((e) => !e.shown).length;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Why is it hidden?</h2>
      {!signedIn ? (
        <p>Sign in to see which pages are shown to you, and why the others are hidden.</p>
      ) : (
        <>
          <dl className={`${pageStyles.facts} ${styles.state}`}>
            <dt>User</dt>
            <dd>{user.username}</dd>
            <dt>Unit</dt>
            <dd>{unit ? `${unit.name} (${String(unit.id)})` : 'None selected'}</dd>
            <dt>Plan</dt>
            <dd>{unit && plan ? `${plan.visible_name} (${String(plan.id)})` : 'None selected'}</dd>
            <dt>Flags</dt>
            <dd className={styles.flags}>{[...flags].sort().join(', ')}</dd>
          </dl>
          <DataTable
            narrow="cards"
            caption={`${String(explanations.length)} protected routes; ${String(hidden)} hidden for you now`}
            columns={COLUMNS}
            rows={explanations}
            rowKey={(route) => route.path}
          />
        </>
      )}
    </section>
  );
}
