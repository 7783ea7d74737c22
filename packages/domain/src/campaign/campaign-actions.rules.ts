import {
  can,
  canOpen,
  confirmsTemplates,
  isBrandRole,
  type Audience,
  type PageKey,
} from '../access/access.rules.ts';
import type { CampaignPhase } from './campaign-dates.rules.ts';
import type { CampaignStatusLabel } from './campaign.rules.ts';

/** What a row of the campaign lists offers (spec 3 §2.1–2.3). */
export type CampaignAction =
  | 'open'
  | 'pause'
  | 'edit'
  | 'editOverview'
  | 'delete'
  | 'stop'
  | 'confirmTemplates'
  | 'rejectTemplates'
  | 'simulate';

/** The row's facts the actions depend on. */
export interface CampaignActionRow {
  is_primary_campaign: boolean;
  recurring: boolean;
  editable: boolean;
  statusLabel: CampaignStatusLabel;
  /** A recurring series that has a month after this one to run (its valid-until month is later). */
  seriesContinues: boolean;
}

/**
 * The actions of one row of a list, in the order the row shows them (the API checks each again).
 *
 * - Past: open the campaign's figures.
 * - Future, for editors: pause a recurring series' primary; edit before the cut-off.
 * - Current, for editors: edit the campaign overview; stop a recurring series from next month on.
 * - Future, for editors: delete (spec 3 §1: delete and edit are for future campaigns). A running
 *   campaign is never deleted: cardholders have been offered it this month.
 * - Future and Submitted, for reviewers: a bank confirms or rejects the templates, a system admin
 *   only rejects.
 * - Anywhere, for those who may: simulate a purchase.
 */
export function campaignActions(
  row: CampaignActionRow,
  phase: CampaignPhase,
  audience: Audience,
): CampaignAction[] {
  const edits = can(audience, 'campaigns.edit');
  const reviews = can(audience, 'campaigns.review') && phase === 'future' && row.statusLabel === 'Submitted';
  const actions: [CampaignAction, boolean][] = [
    ['open', phase === 'past'],
    ['pause', phase === 'future' && edits && row.is_primary_campaign && row.recurring],
    ['edit', phase === 'future' && edits && row.editable],
    ['editOverview', phase === 'current' && edits],
    ['delete', phase === 'future' && edits],
    ['stop', phase === 'current' && edits && row.recurring && row.seriesContinues],
    ['confirmTemplates', reviews && confirmsTemplates(audience)],
    ['rejectTemplates', reviews],
    ['simulate', can(audience, 'campaigns.simulate')],
  ];
  return actions.filter(([, allowed]) => allowed).map(([action]) => action);
}

/**
 * The page 'open' (a past campaign) and 'editOverview' (a current one) go to: the brand side opens
 * its own page for it (the dashboard, the overview editor) when the table lets it; everyone else,
 * operators and banks included, the campaign's report.
 */
export function campaignActionPage(action: 'open' | 'editOverview', audience: Audience): PageKey {
  const own: PageKey = action === 'open' ? 'dashboard' : 'campaignOverviewEdit';
  return isBrandRole(audience) && canOpen(audience, own) ? own : 'campaignsReport';
}
