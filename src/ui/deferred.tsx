import { useEffect, useState, type ComponentType } from 'react';
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

type Loading<P> =
  | { state: 'idle' | 'loading' }
  | { state: 'loaded'; Component: ComponentType<P> }
  | { state: 'failed'; error: unknown };

/**
 * A part of the page its first paint does without (the dialogs, the toasts, the printed header):
 * its code loads, and it is drawn, as soon as `needed` (a dialog opens, an alert comes), or else
 * once the browser is idle after the page has loaded. Its code that fails to arrive is thrown to
 * the nearest error boundary, as a lazy screen's is.
 *
 * Not React.lazy under <Suspense>: a boundary showing its fallback, even an empty one, holds back
 * every suspended part of the page that is ready in the next 300 ms (React throttles reveals
 * page-wide), and these parts load while the screen beside them is still arriving.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P & { needed?: boolean }> {
  let loading: Loading<P> = { state: 'idle' };
  let arrival: Promise<void> | undefined;
  const start = () =>
    (arrival ??= load().then(
      (Component) => {
        loading = { state: 'loaded', Component };
      },
      (error: unknown) => {
        loading = { state: 'failed', error };
      },
    ));

  return function Deferred({ needed = false, ...props }: P & { needed?: boolean }) {
    const idle = useIdle();
    const wanted = needed || idle;
    const [seen, setSeen] = useState(loading);
    useEffect(() => {
      if (!wanted || seen.state === 'loaded' || seen.state === 'failed') return;
      let current = true;
      void start().then(() => {
        if (current) setSeen(loading);
      });
      return () => {
        current = false;
      };
    }, [wanted, seen.state]);
    if (seen.state === 'failed') throw seen.error;
    if (!wanted || seen.state !== 'loaded') return null;
    return <seen.Component {...(props as P)} />;
  };
}
