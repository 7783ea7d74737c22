import { z } from 'zod';
import { listPageSchema } from '../list/list.schema.ts';
import { branchStatuses } from './branch.schema.ts';
import { merchantIdSchemes, midHealthStatuses } from './mid-health.rules.ts';

/**
 * What the branch routes answer (the requests are in branch.schema.ts): the API serialises through
 * these allowlists and the web client's calls are typed from them.
 */

const merchantIdsAnswerSchema = z.object({
  merchantId: z.string().nullable(),
  amexMerchantID: z.string().nullable(),
  zettleMerchantID: z.string().nullable(),
});

const localDay = z.iso.date();

/** MID health (docs/decisions/0115): whether each merchant ID is still seen in transactions. */
export const midHealthSchema = z.object({
  status: z.enum(midHealthStatuses),
  merchantIds: z.array(
    z.object({
      mid: z.string(),
      scheme: z.enum(merchantIdSchemes),
      status: z.enum(midHealthStatuses),
      /** Local days in the timezone setting. */
      firstSeenDay: localDay.nullable(),
      lastSeenDay: localDay.nullable(),
      daysSinceSeen: z.number().int().nonnegative().nullable(),
      last7Days: z.number().int().nonnegative(),
      last30Days: z.number().int().nonnegative(),
      /** The local hour (0–23) holding most of its transactions, when they come in one batch. */
      batchedHour: z.number().int().min(0).max(23).nullable(),
    }),
  ),
});
export type MidHealthAnswer = z.infer<typeof midHealthSchema>;

/** A branch as the lists and the Branch View modal show it (spec 2 §2.4, §3): an allowlist. */
export const branchRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kmid: z.string().nullable(),
  brandId: z.string(),
  brandName: z.string(),
  status: z.enum(branchStatuses),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  postalTown: z.string().nullable(),
  city: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  tripadvisorUrl: z.string().nullable(),
  /** The reviewed merchant IDs: those a transaction earns on. */
  merchantIds: merchantIdsAnswerSchema,
  /**
   * The brand's new merchant IDs while they await the operator side's review (status Updated), or
   * null: they take effect when approved (spec 2 §4).
   */
  proposedMerchantIds: merchantIdsAnswerSchema.nullable(),
  block: z.string().nullable(),
  comments: z.string().nullable(),
  approvedBy: z.string().nullable(),
  created: z.iso.datetime(),
  activatedDate: z.iso.datetime().nullable(),
  /** The spec's createdBy.user: a brand user created the branch. */
  createdByBrandUser: z.boolean(),
  defaultBranch: z.boolean(),
  midHealth: midHealthSchema,
});
export type BranchRow = z.infer<typeof branchRowSchema>;

/** A venue of the branch directory (spec 2 §3 "Directory branch"). */
export const directoryBranchSchema = z.object({
  merchant_name: z.string(),
  kmid: z.string(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  phone_no: z.string().nullable(),
  entity_url: z.string().nullable(),
});
export type DirectoryBranch = z.infer<typeof directoryBranchSchema>;

/** GET merchants: one page of the branch list. */
export const branchListPageSchema = listPageSchema(branchRowSchema);

/** POST merchants, PUT merchants/{id}, users/approveMerchantId: the branch as saved. */
export const branchSavedSchema = z.object({ details: branchRowSchema });
export type BranchSaved = z.infer<typeof branchSavedSchema>;

/** A brand's branch as the campaign form offers it (GET merchants/getMerchantByBrandId). */
export const brandMerchantSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kmid: z.string().nullable(),
  status: z.enum(branchStatuses),
  merchantId: z.string().nullable(),
  amexMerchantID: z.string().nullable(),
  zettleMerchantID: z.string().nullable(),
  postcode: z.string().nullable(),
  address: z.string().nullable(),
  /** Whether a campaign may run at this branch (approved or active). */
  selectable: z.boolean(),
  /** The spec's createdBy.user: a brand user created it; the operator side's Pending ones await the brand. */
  createdByBrandUser: z.boolean(),
});
export type BrandMerchant = z.infer<typeof brandMerchantSchema>;

export const brandMerchantsSchema = z.object({ merchants: z.array(brandMerchantSchema) });
export type BrandMerchants = z.infer<typeof brandMerchantsSchema>;

/** POST merchants/createMultiple: the wizard's saved branches, in the spec's bulk-write shape. */
export const branchesSavedSchema = z.object({
  details: z.object({
    branch: z.array(z.object({ updateOne: z.object({ filter: z.object({ _id: z.string() }) }) })),
  }),
});
export type BranchesSaved = z.infer<typeof branchesSavedSchema>;

/** POST merchants/upload: how many branches the CSV added. */
export const branchesUploadedSchema = z.object({ count: z.number().int() });
export type BranchesUploaded = z.infer<typeof branchesUploadedSchema>;

/** GET and POST branchDirectory: the venues found, or the one created. */
export const directoryBranchesSchema = z.object({ data: z.array(directoryBranchSchema) });
export type DirectoryBranches = z.infer<typeof directoryBranchesSchema>;
