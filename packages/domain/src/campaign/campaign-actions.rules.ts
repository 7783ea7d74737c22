import { can, canOpen, type Audience, type PageKey } from '../access/access.rules.ts';
import type { CampaignPhase } from './campaign-dates.rules.ts';
import type { CampaignStatusLabel } from './campaign.rules.ts';

/** What a row of the campaign lists offers (spec 3 §2.1–2.3). */
export type CampaignAction =
  'open' | 'pause' | 'edit' | 'editOverview' | 'delete' | 'confirmTemplates' | 'rejectTemplates' | 'simulate';

/** The row's facts the actions depend on. */
export interface CampaignActionRow {
  is_primary_campaign: boolean;
  recurring: boolean;
  editable: boolean;
  statusLabel: CampaignStatusLabel;
}

/**
 * The actions of one row of a list, in the order the row shows them (the API checks each again).
 *
 * - Past: open the campaign's figures.
 * - Future, for editors: pause a recurring series' primary; edit before the cut-off.
 * - Current, for editors: edit the campaign overview.
 * - Current and future, for editors: delete.
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
    ['delete', phase !== 'past' && edits],
    ['confirmTemplates', reviews && audience === 'bank'],
    ['rejectTemplates', reviews],
    ['simulate', can(audience, 'campaigns.simulate')],
  ];
  return actions.filter(([, allowed]) => allowed).map(([action]) => action);
}

/** The brand side reads a past campaign on its dashboard; the other roles on its report. */
const dashboardAudiences: readonly Audience[] = [
  'user',
  'companyAdmin',
  'groupAdmin',
  'brandAdmin',
  'brandUser',
  'groupUser',
];
/** Roles that edit a current campaign's overview; other editors read its report. */
const overviewEditAudiences: readonly Audience[] = ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin'];

/** The page 'open' (a past campaign) and 'editOverview' (a current one) go to. */
export function campaignActionPage(action: 'open' | 'editOverview', audience: Audience): PageKey {
  if (action === 'open') {
    return dashboardAudiences.includes(audience) && canOpen(audience, 'dashboard')
      ? 'dashboard'
      : 'campaignsReport';
  }
  return overviewEditAudiences.includes(audience) ? 'campaignOverviewEdit' : 'campaignsReport';
}
