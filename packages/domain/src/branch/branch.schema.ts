import { z } from 'zod';
import { messages } from '../messages/messages.ts';
import { optionalChecked, webLink, withoutSpaces } from '../validation/text-fields.schema.ts';

const m = messages.branch;

/** Branch statuses (spec 2 §4); Active is the normal state and shows no badge. */
export const branchStatuses = ['Pending', 'Approved', 'Active', 'Rejected', 'Deleted', 'Updated'] as const;
export type BranchStatus = (typeof branchStatuses)[number];

export const branchNameLength = { min: 3, max: 100 } as const;
/** The phone input takes at most 12 characters (spec 2 §5). */
export const contactPhoneMaxLength = 12;

/** UK postcodes, outward and inward code with an optional space (and the GIR 0AA special case). */
const ukPostcode = /^(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/i;
/** Letters, spaces, dots, apostrophes and hyphens, starting with a letter. */
const contactNamePattern = /^[A-Za-z][A-Za-z .'-]*$/;
/** Digits with an optional leading +: 7 to 11 digits, so at most 12 characters. */
const contactPhonePattern = /^\+?\d{7,11}$/;

/** An optional text: trimmed; empty means none (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.validation.tooLong)
    .transform((value) => value || null)
    .nullish();

const nameField = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .min(branchNameLength.min, m.nameMin)
  .max(branchNameLength.max, m.nameMax);

const postcodeField = z
  .string({ error: m.postcodeRequired })
  .trim()
  .min(1, m.postcodeRequired)
  .regex(ukPostcode, m.postcodeInvalid)
  .transform((postcode) => postcode.toUpperCase());

const contactNameCheck = z
  .string()
  .regex(contactNamePattern, m.contactNameInvalid)
  .min(3, m.contactNameMin)
  .max(100, m.contactNameMax);

const contactPhoneField = z.preprocess(
  withoutSpaces,
  optionalChecked(z.string().regex(contactPhonePattern, m.contactPhoneInvalid), contactPhoneMaxLength),
);
const contactEmailField = optionalChecked(z.email(m.contactEmailInvalid), 254);
const tripadvisorUrlField = optionalChecked(z.string().regex(webLink, m.linkInvalid), 500);

/** The three merchant IDs, sent grouped (spec 2 §3): card network (Visa/Mastercard), Amex, Zettle. */
export const merchantIdsSchema = z.strictObject({
  merchantId: optionalText(50),
  amexMerchantID: optionalText(50),
  zettleMerchantID: optionalText(50),
});
export type MerchantIds = z.infer<typeof merchantIdsSchema>;

export function hasMerchantId(ids: Partial<Record<keyof MerchantIds, string | null | undefined>>): boolean {
  return Boolean(ids.merchantId?.trim() || ids.amexMerchantID?.trim() || ids.zettleMerchantID?.trim());
}

/** The directory venue a branch is, when picked from the branch directory (spec 2 §4). */
const kmidField = optionalText(40);

/**
 * The Add/Edit branch form of spec 2 §5 (the admin form): name and postcode required; contact
 * name, phone, e-mail and the free-text fields optional, checked when given.
 */
export const branchFormSchema = z.strictObject({
  name: nameField,
  kmid: kmidField,
  postcode: postcodeField,
  postalTown: optionalText(100),
  address: optionalText(300),
  contactName: optionalChecked(contactNameCheck, 1000),
  contactPhone: contactPhoneField,
  contactEmail: contactEmailField,
  tripadvisorUrl: tripadvisorUrlField,
  merchantIds: merchantIdsSchema.default({}),
});
export type BranchFormInput = z.input<typeof branchFormSchema>;
export type BranchForm = z.output<typeof branchFormSchema>;

/** Adding a branch names the brand it belongs to. */
export const branchCreateSchema = branchFormSchema.extend({ brandId: z.uuid(messages.validation.idInvalid) });
export type BranchCreateInput = z.input<typeof branchCreateSchema>;
export type BranchCreate = z.output<typeof branchCreateSchema>;

/**
 * Editing a branch: any of the form's fields, except the directory choice (name and kmid), which
 * is locked once the branch exists (spec 2 §4). Inline merchant-ID editing sends merchantIds only.
 */
export const branchUpdateSchema = branchFormSchema
  .omit({ name: true, kmid: true })
  .extend({ merchantIds: merchantIdsSchema.partial().optional() })
  .partial();
export type BranchUpdateInput = z.input<typeof branchUpdateSchema>;
export type BranchUpdate = z.output<typeof branchUpdateSchema>;

/**
 * The onboarding wizard's branch (spec 2 §5): contact number and e-mail are required there, and a
 * branch needs at least one merchant ID before the wizard moves on.
 */
export const branchWizardSchema = branchFormSchema
  .extend({
    _id: z.uuid(messages.validation.idInvalid).optional(),
    brandId: z.uuid(messages.validation.idInvalid),
    contactPhone: z.preprocess(
      withoutSpaces,
      z
        .string({ error: m.contactPhoneRequired })
        .min(1, m.contactPhoneRequired)
        .max(contactPhoneMaxLength, m.contactPhoneInvalidWizard)
        .regex(contactPhonePattern, m.contactPhoneInvalidWizard),
    ),
    contactEmail: z
      .string({ error: m.contactEmailRequired })
      .trim()
      .min(1, m.contactEmailRequired)
      .pipe(z.email(m.contactEmailInvalid)),
  })
  .refine((branch) => hasMerchantId(branch.merchantIds), {
    path: ['merchantIds'],
    error: m.merchantIdRequired,
  });
export type BranchWizardInput = z.input<typeof branchWizardSchema>;
export type BranchWizard = z.output<typeof branchWizardSchema>;

/** The branches CSV (brief §6): its header, in this order. */
export const branchCsvColumns = [
  'name',
  'postcode',
  'postalTown',
  'address',
  'contactName',
  'contactPhone',
  'contactEmail',
  'merchantId',
  'amexMerchantID',
  'zettleMerchantID',
  'tripadvisorUrl',
] as const;
export type BranchCsvColumn = (typeof branchCsvColumns)[number];

/** Most rows one CSV file may hold. */
export const maxBranchCsvRows = 1000;

/**
 * One CSV row: the admin form's rules, plus at least one merchant ID (a branch without one can
 * never match a transaction). Values are kept as the text they are: '=cmd|…' is a name, not a formula.
 */
export const branchCsvRowSchema = branchFormSchema
  .omit({ kmid: true })
  .refine((branch) => hasMerchantId(branch.merchantIds), {
    path: ['merchantIds'],
    error: m.merchantIdRequired,
  });

/** A CSV record (column → text) in the shape of the branch form. */
export function branchInputOfCsvRecord(
  record: Record<BranchCsvColumn, string>,
): z.input<typeof branchCsvRowSchema> {
  const { merchantId, amexMerchantID, zettleMerchantID, ...rest } = record;
  return { ...rest, merchantIds: { merchantId, amexMerchantID, zettleMerchantID } };
}

export type BranchCsvRow = z.output<typeof branchCsvRowSchema>;

/** Approve or reject one branch (POST users/approveMerchantId): a reason is required to reject. */
export const approveMerchantSchema = z
  .strictObject({
    status: z.enum(['Approved', 'Rejected']),
    MId: z.uuid(messages.validation.idInvalid),
    comments: z.string().trim().max(500, messages.validation.tooLong).default(''),
  })
  .refine((input) => input.status === 'Approved' || input.comments.length > 0, {
    path: ['comments'],
    error: m.rejectCommentsRequired,
  });
export type ApproveMerchantInput = z.input<typeof approveMerchantSchema>;

export const bulkBranchActions = ['APPROVE', 'REJECT', 'DELETE'] as const;
export type BulkBranchAction = (typeof bulkBranchActions)[number];

/** The multi action of spec 2 §7: the ticked rows and what to do with them. */
export const multiActionSchema = <const Action extends readonly [BulkBranchAction, ...BulkBranchAction[]]>(
  actions: Action,
) =>
  z
    .strictObject({
      selectedIds: z.array(z.uuid(messages.validation.idInvalid)).min(1).max(100),
      action: z.enum(actions),
      comments: z.string().trim().max(500, messages.validation.tooLong).default(''),
    })
    .refine((input) => input.action !== 'REJECT' || input.comments.length > 0, {
      path: ['comments'],
      error: m.rejectCommentsRequired,
    });

/** The sort columns of the branch list. */
export const branchSortFields = [
  'name',
  'status',
  'created',
  'activatedDate',
  'brandName',
  'merchantId',
  /** MID health, worst first ascending (midHealthStatuses' order; decision 0115). */
  'tracking',
] as const;
export type BranchSortField = (typeof branchSortFields)[number];

/** The directory search: from three typed characters (spec 2 §4). */
export const directorySearchSchema = z.strictObject({
  search: z.string().trim().min(3, messages.list.searchMin).max(100, messages.validation.tooLong),
});

/**
 * A new directory entry, as the branch-creation call of spec 2 §7 sends it (its fixed fields,
 * sector_id '16', created_by and datasource 'ui', are ours to set). It answers data[0].kmid.
 */
export const directoryCreateSchema = z.strictObject({
  branch_name: nameField,
  brand_id: z.uuid(messages.validation.idInvalid),
  address: optionalText(300),
  postcode: z
    .union([z.literal(''), postcodeField])
    .transform((value) => value || null)
    .optional(),
  city: optionalText(100),
  description: optionalText(500),
  entity_url: tripadvisorUrlField,
  tripadvisorUrl: tripadvisorUrlField,
  merchantId: optionalText(50),
  amexMerchantID: optionalText(50),
  zettleMerchantID: optionalText(50),
  brandname: optionalText(200),
  email: contactEmailField,
  phone_no: contactPhoneField,
});
export type DirectoryCreateInput = z.input<typeof directoryCreateSchema>;
export type DirectoryCreate = z.output<typeof directoryCreateSchema>;
