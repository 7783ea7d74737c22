import { useEffect, useSyncExternalStore } from 'react';

/**
 * The create screen's variant of the session modals (spec 1 §2 "Session-timeout modal on this
 * screen", §8): while the screen is open, a session that ends (idle, or ended by the server) is
 * told with the timeout modal, 'Your session has expired please login again' and 'Login again',
 * or, when the brand has no branch to run a campaign at, '…please try again' and 'Try Again'.
 * null elsewhere: the shell's usual modals. Kept outside React so the shell reads what the screen
 * set without the features importing each other.
 */
export type SessionModalVariant = 'loginAgain' | 'tryAgain';

let variant: SessionModalVariant | null = null;
const listeners = new Set<() => void>();

export const sessionModalVariant = {
  set(next: SessionModalVariant | null) {
    if (variant === next) return;
    variant = next;
    for (const listener of listeners) listener();
  },
  get: () => variant,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSessionModalVariant(): SessionModalVariant | null {
  return useSyncExternalStore(sessionModalVariant.subscribe, sessionModalVariant.get);
}

/** Puts the variant in place while the calling screen is mounted. */
export function useScreenSessionModalVariant(next: SessionModalVariant) {
  useEffect(() => {
    sessionModalVariant.set(next);
    return () => sessionModalVariant.set(null);
  }, [next]);
}
