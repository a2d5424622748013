import { lazy, Suspense, useId, useState, type SyntheticEvent } from 'react';
import { useBranding } from '../../core/branding/branding-store.ts';
import { DEMO_BRAND } from '../../../shared/branding/resolve-brand.ts';
import { useBrandingContent } from '../../core/branding/use-branding-content.ts';
import { Button } from '../../ui/Button.tsx';
import styles from '../../ui/content/ContentPage.module.css';

/**
 * "Why is it hidden?": outside production only, like the quick-login panel that links here; a
 * production build does not contain it (the page itself is a public route in every build).
 */
const AccessExplanation = import.meta.env.DEV
  ? lazy(() => import('./AccessExplanation.tsx'))
  : null;

const yesNo = (value: string | null | undefined) => (value ? 'Yes' : 'None');

/** Which brand is active and what custom content it has; testers can switch brand here. */
export default function BrandingScreen() {
  const brand = useBranding((s) => s.brand);
  const setBrand = useBranding((s) => s.setBrand);
  const { data, isLoading } = useBrandingContent();
  const [name, setName] = useState('');
  const inputId = useId();

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBrand(name.trim().toLowerCase().replaceAll('-', '_'));
  };

  return (
    <div className={styles.page}>
      <h1>Branding</h1>
      <div className={styles.content}>
        <dl className={styles.facts}>
          <dt>Active brand</dt>
          <dd>{brand}</dd>
          <dt>Login message</dt>
          <dd>{isLoading ? 'Loading…' : yesNo(data?.login_message)}</dd>
          <dt>Contact page</dt>
          <dd>{isLoading ? 'Loading…' : yesNo(data?.contact_us_page_content)}</dd>
          <dt>Help page</dt>
          <dd>{isLoading ? 'Loading…' : yesNo(data?.help_page_content)}</dd>
        </dl>
        {brand === DEMO_BRAND ? (
          <p>The demo brand stays active once chosen.</p>
        ) : (
          <form onSubmit={onSubmit}>
            <p>
              <label htmlFor={inputId}>Switch to brand</label>{' '}
              <input
                id={inputId}
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder="e.g. fenland_fresh"
                pattern="[A-Za-z0-9_-]+"
                required
              />{' '}
              <Button type="submit">Switch</Button>
            </p>
          </form>
        )}
      </div>
      {AccessExplanation && (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <AccessExplanation />
        </Suspense>
      )}
    </div>
  );
}
