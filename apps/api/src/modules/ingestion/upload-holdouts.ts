import type { Transaction } from 'kysely';
import {
  assignHoldouts,
  heldOutCampaigns,
  holdoutCampaignsOf,
  holdoutMonthOf,
} from '@krowd/domain/incrementality/holdout-assignment.rules';
import type { QualificationCampaign } from '@krowd/domain/qualification/qualification.rules';
import type { DB } from '../../db/database.generated.ts';
import {
  addHoldoutAssignments,
  storedHoldoutArms,
  type HoldoutAssignmentRow,
  type StoredArms,
} from './holdout-assignments.repository.ts';
import type { StagedRow } from './staging.repository.ts';

/** Card and campaign pairs whose assignment the upload stored or found; past this it starts again. */
const maxRememberedAssignments = 200_000;

/** A brand's approved campaigns with a holdout, by month 'YYYY-MM'. */
export type BrandHoldouts = Map<string, QualificationCampaign[]>;

/**
 * An upload's holdouts (docs/decisions/0129), for a publisher that hides held-out cards' offers
 * (none otherwise): each brand's holdout campaigns by month, the stored arms of a page's cards
 * (one query a page, only when a brand of the page has any), and the arms decided by its purchases,
 * stored with the page (source 'transaction'). An arm stored first is kept whatever the hash says.
 */
export class UploadHoldouts {
  private pending: HoldoutAssignmentRow[] = [];
  /** 'campaign card' pairs stored or found already, so each is written once. */
  private readonly assigned = new Set<string>();

  constructor(
    private readonly honours: boolean,
    private readonly publisherId: string,
  ) {}

  /** A brand's holdout campaigns by month; none when the publisher does not honour holdouts. */
  of(campaigns: readonly QualificationCampaign[]): BrandHoldouts {
    const byMonth: BrandHoldouts = new Map();
    if (!this.honours) return byMonth;
    for (const month of new Set(campaigns.map((campaign) => holdoutMonthOf(campaign.start_date)))) {
      const holding = holdoutCampaignsOf(campaigns, month);
      if (holding.length > 0) byMonth.set(month, holding);
    }
    return byMonth;
  }

  /** The stored arms of the purchases' cards for their brands' holdout campaigns (by MID), or null. */
  async stored(
    trx: Transaction<DB>,
    rows: readonly StagedRow[],
    holdoutsAt: (mid: string) => BrandHoldouts | null,
  ): Promise<StoredArms | null> {
    if (!this.honours) return null;
    const campaignIds = new Set<string>();
    const tokens = new Set<string>();
    for (const row of rows) {
      const holdouts = row.amountPence > 0 ? holdoutsAt(row.mid) : null;
      if (!holdouts || holdouts.size === 0) continue;
      tokens.add(row.cardToken);
      for (const campaigns of holdouts.values()) for (const { id } of campaigns) campaignIds.add(id);
    }
    if (tokens.size === 0) return null;
    return storedHoldoutArms(trx, this.publisherId, [...campaignIds], [...tokens]);
  }

  /** The campaigns a purchase's card is held out of in the month; new arms wait to be written. */
  heldOutOf(
    cardToken: string,
    holdouts: BrandHoldouts,
    month: string,
    storedArms: StoredArms | null,
  ): ReadonlySet<string> | undefined {
    const campaigns = holdouts.get(month);
    if (!campaigns) return undefined;
    const card = { publisherId: this.publisherId, cardToken, brandId: campaigns[0]!.brandId, month };
    const decided = assignHoldouts(card, campaigns);
    const stored = storedArms?.get(cardToken) ?? null;
    if (this.assigned.size > maxRememberedAssignments) this.assigned.clear();
    for (const assignment of decided) {
      const key = `${assignment.campaignId} ${cardToken}`;
      if (this.assigned.has(key)) continue;
      this.assigned.add(key);
      if (!stored?.has(assignment.campaignId))
        this.pending.push({ ...assignment, ...card, source: 'transaction' });
    }
    return heldOutCampaigns(decided, stored);
  }

  /** The page's new assignments written, or null when there are none. */
  write(trx: Transaction<DB>): Promise<void> | null {
    if (this.pending.length === 0) return null;
    const rows = this.pending;
    this.pending = [];
    return addHoldoutAssignments(trx, rows);
  }
}
