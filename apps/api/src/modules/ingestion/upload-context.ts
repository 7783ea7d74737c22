import type { IsoMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import type { QualificationCampaign } from '@krowd/domain/qualification/qualification.rules';
import type { StoredArms } from './holdout-assignments.repository.ts';
import type { StagedRow } from './staging.repository.ts';
import type { BrandHoldouts } from './upload-holdouts.ts';

/** What an upload (upload-qualification.ts) holds for each brand it meets and each page it reads. */

/** A brand's campaigns as the engine reads them, and its number within the upload (card keys). */
export interface BrandContext {
  index: number;
  campaigns: QualificationCampaign[];
  months: IsoMonth[];
  /** Its campaigns with count or spend caps, whose rewards its cards hold (card-rewards.ts). */
  capped: string[];
  /**
   * Its approved campaigns with a holdout, by month 'YYYY-MM', when the publisher honours holdouts
   * (docs/decisions/0129); empty otherwise.
   */
  holdouts: BrandHoldouts;
}

/** A page and what it needs, looked up before its rows are qualified. */
export interface PreparedPage {
  /** Every row of the page, duplicates included. */
  size: number;
  /** The rows to store. */
  rows: StagedRow[];
  /** Each row's slot in the card cache when it is a purchase at a known MID, else -1. */
  cardSlots: Int32Array;
  /** The stored holdout arms of the page's cards for their brands' holdout campaigns. */
  storedArms: StoredArms | null;
}
