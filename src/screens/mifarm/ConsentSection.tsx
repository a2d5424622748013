import { evaluate } from '../../../shared/access/conditions.ts';
import { ruleBook } from '../../engine/rules.ts';
import { useAvailableFlags } from '../../engine/use-flags.ts';
import { CONSENT_RULE, consentTitle } from '../consent/consent-rule.ts';
import { WhoSeesMyData } from '../consent/WhoSeesMyData.tsx';
import styles from './MiFarm.module.css';

/**
 * "Who sees my data" inside MiFarm: the same providers, choices and access log as the screen of
 * its own, shown where the rule consent holds (the farm's own users, as MiFarm's are).
 */
export function ConsentSection({ unitId, unitName }: { unitId: number; unitName: string }) {
  const flags = useAvailableFlags();
  if (!evaluate({ rule: CONSENT_RULE }, flags, ruleBook.lookup)) return null;
  return (
    <section className={styles.section} aria-labelledby="mifarm-consent">
      <h2 id="mifarm-consent">{consentTitle()}</h2>
      <WhoSeesMyData unitId={unitId} unitName={unitName} level={3} />
    </section>
  );
}
