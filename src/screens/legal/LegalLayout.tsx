import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { appPaths } from '../../core/config.ts';
import styles from './LegalLayout.module.css';

export const PRIVACY_POLICY_PATH = appPaths.privacyPolicy;
export const COOKIE_POLICY_PATH = appPaths.cookiePolicy;

const LEGAL_PAGES = [
  { to: PRIVACY_POLICY_PATH, label: 'Privacy Policy' },
  { to: COOKIE_POLICY_PATH, label: 'Cookie Policy' },
] as const;

export interface LegalLayoutProps {
  /** The page's one <h1>. */
  title: string;
  /** When the notice took effect, as shown ("March 2023") and as an ISO month ("2023-03"). */
  effective: { label: string; dateTime: string };
  children: ReactNode;
}

/** The shell shared by the legal pages: a side list of every legal page beside the notice. */
export function LegalLayout({ title, effective, children }: LegalLayoutProps) {
  return (
    <div className={styles.layout}>
      <nav aria-label="Legal" className={styles.sideList}>
        <ul>
          {LEGAL_PAGES.map((page) => (
            <li key={page.to}>
              {/* NavLink marks the current page with aria-current="page". */}
              <NavLink
                to={page.to}
                end
                className={({ isActive }) => (isActive ? styles.current : undefined)}
              >
                {page.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className={styles.content}>
        <header className={styles.heading}>
          <h1>{title}</h1>
          <p className={styles.effective}>
            Effective: <time dateTime={effective.dateTime}>{effective.label}</time>
          </p>
        </header>
        {children}
      </article>
    </div>
  );
}

/**
 * A wide table that scrolls sideways on its own on narrow screens; the wrapper is focusable so
 * that keyboard users can scroll it too.
 */
export function LegalTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      <table>{children}</table>
    </div>
  );
}
