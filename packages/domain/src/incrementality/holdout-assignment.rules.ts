import { statusLabel, type CampaignStatus } from '../campaign/campaign.rules.ts';
import { holdoutBucket, holdoutHashVersion } from './holdout.rules.ts';

/**
 * A card's stored holdout assignment (docs/decisions/0129): which arm of a campaign it is in for the
 * campaign's month, decided once by the hash of holdout.rules.ts and then kept, so that the cards of
 * a month being measured never move whatever changes after.
 */

/** The two arms: kept out of the campaign, or shown it. */
export const holdoutArms = ['holdout', 'exposed'] as const;
export type HoldoutArm = (typeof holdoutArms)[number];

/**
 * Who first asked for the assignment: the publisher (the held-out cards call), the card's first
 * purchase at the brand, or the demo data.
 */
export const holdoutSources = ['publisher', 'transaction', 'demo'] as const;
export type HoldoutSource = (typeof holdoutSources)[number];

/** What an assignment is decided from: one card of one publisher, the brand and month. */
export interface HoldoutCardMonth {
  publisherId: string;
  cardToken: string;
  brandId: string;
  /** 'YYYY-MM': the campaigns' month. */
  month: string;
}

/** A campaign as the assignment reads it: its id and share (basis points, 0 is none). */
export interface HoldoutCampaign {
  id: string;
  holdoutShareBasisPoints: number;
}

/** One card's arm for one campaign, as stored. */
export interface HoldoutAssignment {
  campaignId: string;
  bucket: number;
  arm: HoldoutArm;
  shareBasisPoints: number;
  recipeVersion: string;
}

/** The campaign month of a start date 'YYYY-MM-DD'. */
export function holdoutMonthOf(startDate: string): string {
  return startDate.slice(0, 7);
}

/**
 * The card's assignment for each campaign of the brand's month that has a holdout (share above 0):
 * one bucket for the brand and month, held out where it is below the campaign's share. Campaigns
 * without a holdout have no assignment: there is nothing to measure and nothing to store.
 */
export function assignHoldouts(
  card: HoldoutCardMonth,
  campaigns: readonly HoldoutCampaign[],
): HoldoutAssignment[] {
  const withHoldout = campaigns.filter((campaign) => campaign.holdoutShareBasisPoints > 0);
  if (withHoldout.length === 0) return [];
  const bucket = holdoutBucket(card);
  return withHoldout.map((campaign) => ({
    campaignId: campaign.id,
    bucket,
    arm: bucket < campaign.holdoutShareBasisPoints ? 'holdout' : 'exposed',
    shareBasisPoints: campaign.holdoutShareBasisPoints,
    recipeVersion: holdoutHashVersion,
  }));
}

/**
 * The campaigns a card is held out of, from its assignments: those stored first win (frozen), the
 * others as decided now. Stored and decided are keyed by campaign id.
 */
export function heldOutCampaigns(
  decided: readonly HoldoutAssignment[],
  stored: ReadonlyMap<string, HoldoutArm> | null,
): Set<string> {
  const held = new Set<string>();
  for (const assignment of decided) {
    const arm = stored?.get(assignment.campaignId) ?? assignment.arm;
    if (arm === 'holdout') held.add(assignment.campaignId);
  }
  return held;
}

/**
 * The brand's campaigns that hold cards out in a month: approved (the offers a publisher shows),
 * of that month, with a share above 0.
 */
export function holdoutCampaignsOf<
  Campaign extends HoldoutCampaign & { start_date: string; status: CampaignStatus },
>(campaigns: readonly Campaign[], month: string): Campaign[] {
  return campaigns.filter(
    (campaign) =>
      campaign.holdoutShareBasisPoints > 0 &&
      holdoutMonthOf(campaign.start_date) === month &&
      statusLabel(campaign.status) === 'Approved',
  );
}
