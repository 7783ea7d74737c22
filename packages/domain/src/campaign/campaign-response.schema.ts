import { z } from 'zod';
import { paginationSchema } from '../list/list.schema.ts';
import { budgetProjections } from '../qualification/budget-pacing.rules.ts';
import { campaignStatuses, campaignStatusLabels, customerTypes, discountTypes } from './campaign.rules.ts';
import {
  campaignFields,
  campaignFieldsShape,
  type CampaignField,
  type CampaignFormInput,
} from './campaign.schema.ts';

/**
 * What the campaign routes answer (the request schemas are in campaign.schema.ts and
 * campaign-list.schema.ts): the API serialises through these allowlists and the web client's calls
 * are typed from them, so neither side writes the fields out again.
 */

/** One row of the campaign lists (spec 3 §2, §3). Money in pounds, as the form. */
export const campaignListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The stored status. */
  status: z.enum(campaignStatuses),
  /** What the lists show (`statusLabel`). */
  statusLabel: z.enum(campaignStatusLabels),
  discountType: z.enum(discountTypes),
  discountPercent: z.number().nullable(),
  discountValue: z.number().nullable(),
  discountSpreadValue: z.number().nullable(),
  successFee: z.number(),
  /** ISO instants of the first and last instant of the campaign month (`monthWindowOf`). */
  openingTime: z.string(),
  closingTime: z.string(),
  start_date: z.string(),
  /** 'MM/YYYY' (`periodOf`). */
  period: z.string(),
  merchantNames: z.array(z.string()),
  brandId: z.string(),
  brandName: z.string(),
  customerType: z.enum(customerTypes),
  suggestions: z.string(),
  recurring: z.boolean(),
  is_primary_campaign: z.boolean(),
  /** 'DD/MM/YYYY - DD/MM/YYYY' (`formatPauseRange`). */
  pausedDate: z.array(z.string()),
  /** `isEditable` today. */
  editable: z.boolean(),
  /** Whether cardholders have earned cashback on it (billed): then it cannot be deleted. */
  hasQualifiedTransactions: z.boolean(),
  /** A recurring series with a month after this campaign's to run: it can be stopped from next month on. */
  seriesContinues: z.boolean(),
  /** The campaign's caps in a line (`capsSummary`, docs/decisions/0116): 'No caps' when none. */
  caps: z.string(),
  /** Its holdout share in basis points (0: none), docs/decisions/0129. */
  holdoutShare: z.number().int(),
  /**
   * What it has spent of its budget (cashback plus fee, integer pence) and when the budget runs out
   * at the pace so far (`budgetPacing`, docs/decisions/0120).
   */
  budgetUse: z.object({
    spentPence: z.number().int(),
    budgetPence: z.number().int().nullable(),
    percentUsed: z.number().int().nullable(),
    projection: z.enum(budgetProjections),
    /** 'YYYY-MM-DD' in the timezone setting, when `projection` is 'runsOut'. */
    runsOutOn: z.string().nullable(),
  }),
});
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

/** GET campaigns: one page of a list. */
export const campaignListPageSchema = z.object({
  campaigns: z.array(campaignListItemSchema),
  pagination: paginationSchema,
});
export type CampaignListPage = z.infer<typeof campaignListPageSchema>;

/** GET campaigns?campaignType=All: the dashboard's campaign selector (spec 3 §7: name, campaign_id). */
export const campaignSelectorSchema = z.object({
  campaigns: z.array(z.object({ _id: z.string(), campaign_id: z.string(), name: z.string() })),
});
export type CampaignSelector = z.infer<typeof campaignSelectorSchema>;

/** GET campaigns/campaignName: what the campaign name is built from. */
export const campaignNamePartsSchema = z.object({ brandName: z.string(), count: z.number().int() });
export type CampaignNameParts = z.infer<typeof campaignNamePartsSchema>;

/** GET campaigns/current/count. */
export const campaignCountSchema = z.object({ count: z.number().int() });

/** POST campaigns. */
export const campaignCreatedSchema = z.object({
  campaign: z.object({ _id: z.string(), name: z.string() }),
});
export type CampaignCreated = z.infer<typeof campaignCreatedSchema>;

type AnsweredAs<Schema> = Schema extends z.ZodPipe<infer In, z.ZodType> ? In : Schema;

/**
 * The campaign's own fields as the form takes them in: the answer fills the form as it is, and the
 * form's transforms (blank to missing, the form rules) are left out since an answer is encoded,
 * which a one-way transform refuses.
 */
const answeredFieldsShape = Object.fromEntries(
  campaignFields.map((field) => {
    const schema = campaignFieldsShape[field];
    return [field, schema instanceof z.ZodPipe ? schema.in : schema];
  }),
) as { [Field in CampaignField]: AnsweredAs<(typeof campaignFieldsShape)[Field]> };

/** GET campaigns/{id}: the list's row, every field of the form, and the series' pauses. */
export const campaignDetailsSchema = campaignListItemSchema.extend({
  ...answeredFieldsShape,
  primaryCampaignId: z.string().nullable(),
  pauses: z.array(z.object({ from: z.string(), to: z.string(), label: z.string() })),
  /** 'DD/MM/YYYY' (`displayDate`). */
  startedOn: z.string(),
});
export type CampaignDetails = z.output<typeof campaignDetailsSchema>;

export const campaignDetailsAnswerSchema = z.object({ campaign: campaignDetailsSchema });
export type CampaignDetailsAnswer = z.output<typeof campaignDetailsAnswerSchema>;

/** The form's fields out of a loaded campaign (the payload schema refuses the answer's others). */
export function formValuesOf(campaign: CampaignDetails): CampaignFormInput {
  const values = Object.fromEntries(campaignFields.map((field) => [field, campaign[field]]));
  return values as Pick<CampaignDetails, CampaignField>;
}
