import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../core/idle.ts';

/** True once the browser has been idle after the page's load (src/core/idle.ts). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let current = true;
    void whenIdle().then(() => {
      if (current) setIdle(true);
    });
    return () => {
      current = false;
    };
  }, []);
  return idle;
}

/**
 * A part of the page its first paint does without (the dialogs, the toasts, the printed header):
 * its code loads, and it is drawn, as soon as `needed` (a dialog opens, an alert comes), or else
 * once the browser is idle after the page has loaded.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P & { needed?: boolean }> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function Deferred({ needed = false, ...props }: P & { needed?: boolean }) {
    const idle = useIdle();
    if (!needed && !idle) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...(props as P)} />
      </Suspense>
    );
  };
}
