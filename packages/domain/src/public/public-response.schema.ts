import { z } from 'zod';
import { listPageSchema } from '../list/list.schema.ts';
import { leadKinds, leadSources } from './card-network.schema.ts';

/**
 * What the public card-network pages' routes and the leads list answer (the requests are in
 * card-network.schema.ts): the API serialises through these allowlists and the web client's calls
 * are typed from them. POST auth/verifyEmail answers the API's envelope alone.
 */

/**
 * POST auth/notifyAdminForAmex, auth/onBoardAmexBrand and auth/notifyAdminForAmexBranch: a submit
 * that sends the visitor on to the marketing site (spec 3 §2.8).
 */
export const redirectingSchema = z.object({ redirectTo: z.string() });
export type Redirecting = z.infer<typeof redirectingSchema>;

/**
 * POST auth/getAmexUser/{amexMerchantID}: the envelope's message alone. The spec's answer has an
 * e-mail; brief §4 wins: no part of the account's address is answered.
 */
export const signupLookedUpSchema = z.object({});
export type SignupLookedUp = z.infer<typeof signupLookedUpSchema>;

/** GET auth/getAmexBranchPage/{id}: the restaurant the branch page greets. */
export const branchPageSchema = z.object({ brandName: z.string() });
export type BranchPage = z.infer<typeof branchPageSchema>;

export const leadBranchSubmissionSchema = z.object({
  _id: z.string(),
  created: z.iso.datetime(),
  comments: z.string().nullable(),
  branches: z.array(
    z.object({
      name: z.string(),
      postcode: z.string(),
      postalTown: z.string().nullable(),
      address: z.string().nullable(),
      merchantId: z.string().nullable(),
      amexMerchantID: z.string().nullable(),
      zettleMerchantID: z.string().nullable(),
    }),
  ),
  fileName: z.string().nullable(),
  /** The file's address for a signed-in system admin, when one was uploaded. */
  fileUrl: z.string().nullable(),
});
export type LeadBranchSubmission = z.infer<typeof leadBranchSubmissionSchema>;

/** A lead as the system admin's list shows it: an allowlist (the branch page id never leaves). */
export const leadRowSchema = z.object({
  _id: z.string(),
  created: z.iso.datetime(),
  kind: z.enum(leadKinds),
  from: z.enum(leadSources),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  legalName: z.string().nullable(),
  website: z.string().nullable(),
  amexMerchantID: z.string().nullable(),
  brandId: z.string().nullable(),
  branchSubmissions: z.array(leadBranchSubmissionSchema),
});
export type LeadRow = z.infer<typeof leadRowSchema>;

/** GET cardnetwork/leads: one page of the leads list. */
export const leadListPageSchema = listPageSchema(leadRowSchema);
