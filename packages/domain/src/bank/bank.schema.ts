import { z } from 'zod';
import { parsedJson, pageQuerySchema, sortDirections } from '../list/list.schema.ts';
import { messages } from '../messages/messages.ts';
import { bankUserFormSchema } from '../user/user.schema.ts';
import { optionalChecked, webLink, withoutSpaces } from '../validation/text-fields.schema.ts';

const m = messages.bank;
const v = messages.validation;

export const bankNameLength = { min: 3, max: 100 } as const;
/** Digits with an optional leading +: 7 to 15 digits once spaces are taken out. */
const phonePattern = /^\+?\d{7,15}$/;

const bankNameField = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .min(bankNameLength.min, m.nameMin)
  .max(bankNameLength.max, m.nameMax);

/** My Bank (spec 2 §2.1, /user/settings/bank): the bank's name and contact details. */
export const bankUpdateSchema = z.strictObject({
  name: bankNameField,
  contactEmail: optionalChecked(z.email(v.emailInvalid), 254),
  contactPhone: z.preprocess(
    withoutSpaces,
    optionalChecked(z.string().regex(phonePattern, messages.profile.phoneLength), 16),
  ),
  address: optionalChecked(z.string(), 500),
  website: optionalChecked(z.string().regex(webLink, messages.branch.linkInvalid), 500),
});
export type BankUpdateInput = z.input<typeof bankUpdateSchema>;
export type BankUpdate = z.output<typeof bankUpdateSchema>;

export const bankSortFields = ['name', 'usersCount', 'created'] as const;
export type BankSortField = (typeof bankSortFields)[number];

/**
 * GET banks: the entity-list contract of spec 2 §7 (page, limit, filters with globalSearch and
 * sortField). Banks have no status, so the status drop-down is not part of it.
 */
export const bankListQuerySchema = pageQuerySchema
  .extend({
    filters: z.preprocess(
      parsedJson,
      z
        .strictObject({
          globalSearch: z
            .strictObject({ value: z.string().max(100), type: z.string().max(30).optional() })
            .optional(),
          sortField: z
            .strictObject({ direction: z.enum(sortDirections), sortfield: z.enum(bankSortFields) })
            .optional(),
        })
        .default({}),
    ),
  })
  .strict();
export type BankListQuery = z.output<typeof bankListQuerySchema>;

/**
 * POST banks (the system admin): a new bank and its first user, a bank admin, who is
 * mailed a link to set a password (the Bank Users form's fields).
 */
export const bankCreateSchema = z.strictObject({ name: bankNameField, admin: bankUserFormSchema });
export type BankCreateInput = z.input<typeof bankCreateSchema>;
export type BankCreate = z.output<typeof bankCreateSchema>;

/** The most brands one bank may be linked to in one save. */
export const bankBrandsMax = 500;

/** PUT banks/{id}/brands: the brands the bank publishes, replacing those linked before. */
export const bankBrandsUpdateSchema = z.strictObject({
  brandIds: z
    .array(z.uuid(m.brandUnknown))
    .max(bankBrandsMax, m.brandsTooMany)
    .transform((ids) => [...new Set(ids)]),
});
export type BankBrandsUpdateInput = z.input<typeof bankBrandsUpdateSchema>;
