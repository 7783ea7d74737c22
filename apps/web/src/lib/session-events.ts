import { useSyncExternalStore } from 'react';

/** What ended the session: the server (a 401), or the idle time running out in this tab. */
export type SessionEnd = 'server' | 'idle';

/**
 * Whether the session has ended under us, and how. The API client raises it on a 401, the idle
 * timer when the idle time runs out; the shell shows one modal while it is up (the inactivity
 * modal after idling, 'Session Expired' otherwise) and nothing else speaks meanwhile (notify.ts).
 * Kept outside React so the client can raise it from anywhere.
 */
let ended: SessionEnd | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function end(how: SessionEnd) {
  if (ended) return;
  ended = how;
  emit();
}

export const sessionEvents = {
  /** The server answered 401: the session is over. */
  markExpired: () => end('server'),
  /** The idle time ran out in this tab (the shell also ends the session on the server). */
  markIdle: () => end('idle'),
  reset() {
    if (!ended) return;
    ended = null;
    emit();
  },
  isExpired: () => ended !== null,
  endedBy: () => ended,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSessionExpired(): boolean {
  return useSyncExternalStore(sessionEvents.subscribe, sessionEvents.isExpired);
}

/** How the session ended, or null while it lasts. */
export function useSessionEnd(): SessionEnd | null {
  return useSyncExternalStore(sessionEvents.subscribe, sessionEvents.endedBy);
}
