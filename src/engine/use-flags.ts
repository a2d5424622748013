import { useMemo } from 'react';
import { useAccount } from '../core/account/account-store.ts';
import { useBrandingContent } from '../core/branding/use-branding-content.ts';
import { useSession } from '../core/session/session-store.ts';
import { sessionFlags } from './session-flags.ts';

/** The available flags, recomputed whenever the user's or the plan's features change. */
export function useAvailableFlags(): ReadonlySet<string> {
  const user = useSession((s) => s.user);
  const farm = useAccount((s) => s.farm);
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  const { data: content } = useBrandingContent();
  const hasHelpContent = Boolean(content?.help_page_content);
  const hasContactContent = Boolean(content?.contact_us_page_content);
  return useMemo(
    () => sessionFlags({ user, farm, unit, plan, hasHelpContent, hasContactContent }),
    [user, farm, unit, plan, hasHelpContent, hasContactContent],
  );
}
