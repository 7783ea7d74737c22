import { useSyncExternalStore } from 'react';

/**
 * Whether the server has ended the session under us. The API client raises it on a 401; the
 * shell shows the 'Session Expired' modal while it is up. Kept outside React so the client can
 * raise it from anywhere.
 */
let expired = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const sessionEvents = {
  markExpired() {
    if (expired) return;
    expired = true;
    emit();
  },
  reset() {
    if (!expired) return;
    expired = false;
    emit();
  },
  isExpired: () => expired,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSessionExpired(): boolean {
  return useSyncExternalStore(sessionEvents.subscribe, sessionEvents.isExpired);
}
