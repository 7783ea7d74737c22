import { useSyncExternalStore } from 'react';
import type { CampaignFormInput } from '@krowd/domain/campaign/campaign.schema';

/**
 * The campaign being made, carried from the form to the template step and back (spec 1 §4:
 * "Back keeps the form"). It lives in memory only: a reload of the template step starts over at
 * the form, as the spec says it should when there is no preview data.
 */
export interface CampaignDraft {
  form: CampaignFormInput;
  /** Set when editing. */
  campaignId?: string;
  brandName: string;
  /** From the projection, for the promo-code minimum. */
  expectedReach?: number;
}

let draft: CampaignDraft | null = null;
const listeners = new Set<() => void>();

export const draftStore = {
  get: () => draft,
  set(next: CampaignDraft | null) {
    draft = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useCampaignDraft(): CampaignDraft | null {
  return useSyncExternalStore(draftStore.subscribe, draftStore.get);
}
