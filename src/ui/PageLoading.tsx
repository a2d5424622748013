import { Skeleton } from './skeleton/Skeleton.tsx';

/** Shown while a screen's code or first data loads: a neutral skeleton; screen readers hear "Loading…" once. */
export function PageLoading() {
  return <Skeleton shape="page" />;
}
