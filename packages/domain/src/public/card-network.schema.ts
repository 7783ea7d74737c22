import { z } from 'zod';
import { emailField } from '../auth/auth.schema.ts';
import { branchCsvRowSchema } from '../branch/branch.schema.ts';
import { messages } from '../messages/messages.ts';

const m = messages.cardNetwork;

/** The pages a lead comes from (spec 3 §7 `from`). */
export const leadSources = ['amexdining', 'amexsignup', 'amexdiningsignup'] as const;
export type LeadSource = (typeof leadSources)[number];

/**
 * What a lead is: a contact request (either contact form), a Merchant ID look-up that found no
 * waiting account, or a dining sign-up (which may carry branch submissions).
 */
export const leadKinds = ['contact', 'lookupFailed', 'diningSignup'] as const;
export type LeadKind = (typeof leadKinds)[number];

/** Most branches one submission of the branch page may carry. */
export const maxBranchEntries = 100;
/** The branch page's optional Excel file: at most this many bytes. */
export const branchFileMaxBytes = 5 * 1024 * 1024;

/** A required text: trimmed, then the given message when empty. */
const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, messages.validation.tooLong);

/** An optional text: trimmed; empty means none (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.validation.tooLong)
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null);

/** Digits with spaces, dots, hyphens, brackets and an optional leading +: 7 to 15 digits. */
const phonePattern = /^\+?[\d\s().-]{7,20}$/;
const countDigits = (value: string) => value.replace(/\D/g, '').length;

export const phoneField = z
  .string()
  .trim()
  .max(20, m.phoneInvalid)
  .refine((value) => value === '' || (phonePattern.test(value) && countDigits(value) >= 7), m.phoneInvalid)
  .transform((value) => value || null)
  .nullish()
  .transform((value) => value ?? null);

/** A web address with or without its scheme: 'www.example.co.uk' or 'https://example.com/menu'. */
const websitePattern =
  /^(https?:\/\/)?[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)+(?::\d+)?(?:[/?#]\S*)?$/i;

/** Stored with its scheme (https:// when none was typed), so it can only ever be a web link. */
export const websiteField = z
  .string()
  .trim()
  .max(300, messages.validation.tooLong)
  .refine((value) => value === '' || websitePattern.test(value), m.websiteInvalid)
  .transform((value) => (value === '' ? null : /^https?:\/\//i.test(value) ? value : `https://${value}`))
  .nullish()
  .transform((value) => value ?? null);

const merchantIdField = requiredText(m.merchantIdRequired, 50);

/**
 * The contact form (spec 3 §5 'Contact form'): /amexdining, and the dialog /amexsignup opens when
 * a look-up fails, which also sends the Merchant ID that was looked up.
 */
export const contactLeadSchema = z.strictObject({
  name: requiredText(messages.validation.nameRequired, 100),
  email: emailField,
  phone: phoneField,
  company: requiredText(m.restaurantNameRequired),
  website: websiteField,
  from: z.enum(['amexdining', 'amexsignup']),
  amexMerchantID: optionalText(50),
});
export type ContactLeadInput = z.input<typeof contactLeadSchema>;
export type ContactLead = z.output<typeof contactLeadSchema>;

/** The card-network sign-up look-up (spec 3 §5 'Card-network signup'). */
export const signupLookupSchema = z.strictObject({
  amexMerchantID: merchantIdField,
  email: emailField,
  phone: phoneField,
  website: websiteField,
});
export type SignupLookupInput = z.input<typeof signupLookupSchema>;
export type SignupLookup = z.output<typeof signupLookupSchema>;

/** The look-up's path parameter: the Merchant ID itself. */
export const merchantIdParamsSchema = z.strictObject({ amexMerchantID: merchantIdField });

export const verifyEmailSchema = z.strictObject({ email: emailField });

/**
 * The dining sign-up (spec 3 §5 'Card-network dining signup'): a name, the brand (restaurant) name
 * and its legal name, and the e-mail are required. The spec gives the name the Brand Name message
 * too ("Brand Name required (on both name and brandName)").
 */
export const brandOnboardingFormSchema = z.strictObject({
  name: requiredText(m.brandNameRequired, 100),
  brandName: requiredText(m.brandNameRequired),
  legalName: requiredText(m.legalNameRequired),
  email: emailField,
  phone: phoneField,
  website: websiteField,
});
export type BrandOnboardingFormInput = z.input<typeof brandOnboardingFormSchema>;

/** What POST auth/onBoardAmexBrand takes: the form plus from = amexdiningsignup (spec 3 §7). */
export const brandOnboardingSchema = brandOnboardingFormSchema.extend({
  from: z.literal('amexdiningsignup'),
});
export type BrandOnboarding = z.output<typeof brandOnboardingSchema>;

/** One row of the branch page's table (spec 3 §3 'Branch entry'), as the form holds it. */
export const branchEntryFields = [
  'branchName',
  'merchantId',
  'amexMerchantID',
  'zettleMerchantID',
  'postcode',
  'postaltown',
  'address',
] as const;
export type BranchEntryField = (typeof branchEntryFields)[number];

const entryText = z.string().max(300, messages.validation.tooLong).default('');

/** The branch form's field an issue of the branch rules is about, by the entry's names. */
function entryFieldOf(path: readonly PropertyKey[]): BranchEntryField {
  if (path[0] === 'merchantIds') {
    const id = path[1];
    return id === 'amexMerchantID' || id === 'zettleMerchantID' ? id : 'merchantId';
  }
  if (path[0] === 'postalTown') return 'postaltown';
  if (path[0] === 'postcode' || path[0] === 'address') return path[0];
  return 'branchName';
}

function branchFormOf(entry: Record<BranchEntryField, string>) {
  return {
    name: entry.branchName,
    postcode: entry.postcode,
    postalTown: entry.postaltown,
    address: entry.address,
    merchantIds: {
      merchantId: entry.merchantId,
      amexMerchantID: entry.amexMerchantID,
      zettleMerchantID: entry.zettleMerchantID,
    },
  };
}

/**
 * A branch entry: the branches' own rules (name and UK postcode required, at least one merchant
 * ID), so the branch it becomes passes the same checks as one added on the Branches screen.
 * Errors are named by the entry's fields; the output is the branch form.
 */
export const branchEntrySchema = z
  .strictObject({
    branchName: entryText,
    merchantId: entryText,
    amexMerchantID: entryText,
    zettleMerchantID: entryText,
    postcode: entryText,
    postaltown: entryText,
    address: entryText,
  })
  .transform((entry, context) => {
    const checked = branchCsvRowSchema.safeParse(branchFormOf(entry));
    if (checked.success) return checked.data;
    const named = new Set<BranchEntryField>();
    for (const issue of checked.error.issues) {
      const field = entryFieldOf(issue.path);
      if (named.has(field)) continue;
      named.add(field);
      context.addIssue({ code: 'custom', message: issue.message, path: [field] });
    }
    return z.NEVER;
  });
export type BranchEntryInput = z.input<typeof branchEntrySchema>;
export type BranchEntry = z.output<typeof branchEntrySchema>;

/** Every merchant ID of the entries, in order, with the first it repeats (none when all differ). */
export function repeatedMerchantId(entries: readonly BranchEntry[]): string | undefined {
  const seen = new Set<string>();
  for (const entry of entries) {
    for (const id of Object.values(entry.merchantIds)) {
      if (!id) continue;
      const key = id.toUpperCase();
      if (seen.has(key)) return id;
      seen.add(key);
    }
  }
  return undefined;
}

export const branchListSchema = z
  .array(branchEntrySchema)
  .min(1, m.branchRequired)
  .max(maxBranchEntries, m.tooManyBranches(maxBranchEntries))
  .superRefine((entries, context) => {
    const repeated = repeatedMerchantId(entries);
    if (repeated)
      context.addIssue({ code: 'custom', message: messages.branch.duplicateMerchantId(repeated) });
  });

/** The branch page's id: the unguessable id of one dining sign-up (never a brand id). */
export const branchPageIdField = z
  .string({ error: m.branchPageUnknown })
  .regex(/^[A-Za-z0-9_-]{43}$/, m.branchPageUnknown);

/** The branch page's form (the file travels beside it, checked by its bytes on the server). */
export const branchSubmissionFormSchema = z.strictObject({
  branchList: branchListSchema,
  comments: z.string().trim().max(2000, messages.validation.tooLong).default(''),
});
export type BranchSubmissionFormInput = z.input<typeof branchSubmissionFormSchema>;

/** The multipart text fields of POST auth/notifyAdminForAmexBranch once read. */
export const branchSubmissionSchema = branchSubmissionFormSchema.extend({ id: branchPageIdField });
export type BranchSubmission = z.output<typeof branchSubmissionSchema>;

/** The card-network leads list (system admin): search, sort and paging. */
export const leadSortFields = ['created', 'name', 'company', 'email', 'kind'] as const;
export type LeadSortField = (typeof leadSortFields)[number];
