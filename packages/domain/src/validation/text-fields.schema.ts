import { z } from 'zod';
import { messages } from '../messages/messages.ts';

/** A web address the contact details accept: http or https, no spaces. */
export const webLink = /^https?:\/\/[^\s]+$/i;

/** Spaces are not part of a number: '020 7946 0000' is read as '02079460000'. */
export const withoutSpaces = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\s+/g, '') : value;

/** An optional text that, when given, must also pass a check (a pattern or rule); empty means none (null). */
export const optionalChecked = (check: z.ZodType<string>, max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.validation.tooLong)
    .superRefine((value, context) => {
      if (value === '') return;
      const checked = check.safeParse(value);
      if (!checked.success) context.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
    })
    .transform((value) => value || null)
    .nullish();
