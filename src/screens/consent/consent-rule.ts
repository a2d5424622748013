import { ruleBook } from '../../engine/rules.ts';

/**
 * The rule of config/rules.json under which the farm's own users see and change who sees the
 * unit's data: its route, its menu link, MiFarm's section and the server's endpoints all name it.
 */
export const CONSENT_RULE = 'consent';

/** "Who sees my data": the rule's title, for where the screen's own route title is not at hand. */
export function consentTitle(): string {
  const rule = ruleBook.rules.get(CONSENT_RULE);
  if (!rule) throw new Error(`config/rules.json has no rule "${CONSENT_RULE}".`);
  return rule.title;
}
