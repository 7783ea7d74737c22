import { z } from 'zod';
import { listPageSchema } from '../list/list.schema.ts';

/**
 * What the bank routes answer (the requests are in bank.schema.ts): the API serialises through
 * these allowlists and the web client's calls are typed from them.
 */

/** A bank as the API answers it. */
export const bankDetailsSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  created: z.iso.datetime(),
  /** Whether the caller may change these details (an admin of this bank). */
  editable: z.boolean(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** A row of the system admin's banks list (/user/banks/list). */
export const bankRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** Active users of the bank. */
  usersCount: z.number().int(),
  created: z.iso.datetime(),
});
export type BankRow = z.infer<typeof bankRowSchema>;

/** GET user/banks/list: one page of the banks list. */
export const bankListPageSchema = listPageSchema(bankRowSchema);

/** POST banks, GET and PUT banks/{id}: the bank's details. */
export const bankSavedSchema = z.object({ details: bankDetailsSchema });
export type BankSaved = z.infer<typeof bankSavedSchema>;

/** A brand linked to a bank, as the bank's Brands dialog lists it. */
export const bankBrandSchema = z.object({
  _id: z.string(),
  name: z.string(),
  groupName: z.string().nullable(),
  /** When the link was made. */
  linked: z.iso.datetime(),
});
export type BankBrand = z.infer<typeof bankBrandSchema>;

/** GET and PUT banks/{id}/brands: the brands linked to the bank. */
export const bankBrandsSchema = z.object({ brands: z.array(bankBrandSchema) });
export type BankBrands = z.infer<typeof bankBrandsSchema>;
