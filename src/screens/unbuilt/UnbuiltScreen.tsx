import { Link } from 'react-router-dom';
import { appPaths } from '../../core/config.ts';
import { useScreenHandle } from '../../engine/use-screen-handle.ts';

/**
 * Shown by routes whose feature exists on plans but whose screen this release does not have
 * yet: it says so plainly rather than pretend, and offers the way back.
 */
export default function UnbuiltScreen() {
  const title = useScreenHandle()?.title ?? 'This page';
  return (
    <>
      <h1>{title}</h1>
      <p>
        {title} is part of your plan, but this version of the portal does not include it yet. Your
        data is not affected.
      </p>
      <p>
        <Link to={appPaths.home}>Back to the dashboard</Link>
      </p>
    </>
  );
}
