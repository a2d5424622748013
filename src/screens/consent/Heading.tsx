import type { ReactNode } from 'react';

/**
 * The level of a section's heading: 2 on the screen of its own (under its h1), 3 inside MiFarm's
 * section (under its h2), so the outline holds wherever the sections show.
 */
export type HeadingLevel = 2 | 3;

interface HeadingProps {
  level: HeadingLevel;
  id: string;
  className?: string;
  children: ReactNode;
}

/** A section's heading at the level the page gives it. */
export function Heading({ level, id, className, children }: HeadingProps) {
  return level === 2 ? (
    <h2 id={id} className={className}>
      {children}
    </h2>
  ) : (
    <h3 id={id} className={className}>
      {children}
    </h3>
  );
}
