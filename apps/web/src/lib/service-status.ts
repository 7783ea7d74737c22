import { useSyncExternalStore } from 'react';

/**
 * Whether the server says it cannot serve for a moment (503: its database is away). The API
 * client raises it on a 503 and lowers it on the next answer that succeeds; while it is up the app
 * shows one notice, keeps every page as it is, and retries (docs/decisions.md 'Serving through
 * database faults'). Kept outside React, like session-events.ts, so the client can raise it.
 */
let unavailable = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (unavailable === value) return;
  unavailable = value;
  for (const listener of listeners) listener();
}

export const serviceStatus = {
  markUnavailable: () => set(true),
  markAvailable: () => set(false),
  isUnavailable: () => unavailable,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useServiceUnavailable(): boolean {
  return useSyncExternalStore(serviceStatus.subscribe, serviceStatus.isUnavailable);
}
