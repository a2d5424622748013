import { useSyncExternalStore } from 'react';

/** The parts of the app only a signed-in visitor's pages need (src/app/SignedInShell.tsx). */
export type SignedInShell = typeof import('./SignedInShell.tsx');

let shell: SignedInShell | null = null;
let loading: Promise<SignedInShell> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the signed-in shell once: after a login, or before the first render of a signed-in page
 * (src/app/bootstrap.ts). The login page's first load leaves it out.
 */
export function loadSignedInShell(): Promise<SignedInShell> {
  loading ??= import('./SignedInShell.tsx').then(
    (module) => {
      shell = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // Tried again on the next call (a release may have replaced the chunk meanwhile).
      loading = null;
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The signed-in shell once it has loaded, null until then. */
export function useSignedInShell(): SignedInShell | null {
  return useSyncExternalStore(
    subscribe,
    () => shell,
    () => shell,
  );
}
