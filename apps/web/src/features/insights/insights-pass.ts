import { useSyncExternalStore } from 'react';
import type { InsightsLoginAnswer } from '@krowd/domain/insights/insights-response.schema';

/**
 * A visitor's social analytics pass (docs/social-analytics.md): what the insights login answered,
 * kept for this browser tab only (sessionStorage) and sent as X-Insights-Pass on the reviewsdata
 * calls. It is a brand-scoped token the server stores hashed, not a sign-in.
 */
export type InsightsPass = Omit<InsightsLoginAnswer['data'], 'expiresAt'>;

const storageKey = 'krowd.insightsPass';
const listeners = new Set<() => void>();
let cachedText: string | null = null;
let cachedPass: InsightsPass | null = null;
/** Whether the server refused this tab's pass (expired or revoked): the page then says so. */
let refused = false;

function read(): InsightsPass | null {
  const text = window.sessionStorage.getItem(storageKey);
  if (text === cachedText) return cachedPass;
  cachedText = text;
  try {
    const value = text ? (JSON.parse(text) as Partial<InsightsPass>) : null;
    cachedPass =
      value && value._id && value.insightsPass && value.email && value.brandId
        ? {
            _id: value._id,
            insightsPass: value.insightsPass,
            email: value.email,
            brandId: value.brandId,
            brandName: value.brandName ?? '',
          }
        : null;
  } catch {
    cachedPass = null;
  }
  return cachedPass;
}

export const insightsPassStore = {
  get: read,
  save(pass: InsightsPass) {
    refused = false;
    window.sessionStorage.setItem(storageKey, JSON.stringify(pass));
    listeners.forEach((listener) => listener());
  },
  /** Logout: forget the pass. */
  clear() {
    refused = false;
    window.sessionStorage.removeItem(storageKey);
    listeners.forEach((listener) => listener());
  },
  /** The server answered 401 to the pass: forget it and remember why. */
  refuse() {
    refused = true;
    window.sessionStorage.removeItem(storageKey);
    listeners.forEach((listener) => listener());
  },
  wasRefused: () => refused,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The pass of this tab, or null when the visitor has not logged in through an insights link. */
export function useInsightsPass(): InsightsPass | null {
  return useSyncExternalStore(insightsPassStore.subscribe, read, () => null);
}
