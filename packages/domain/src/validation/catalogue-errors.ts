import * as z from 'zod/mini';
import { signInMessages } from '../messages/sign-in-messages.ts';

const m = signInMessages.validation;

/**
 * The catalogue's words for an issue whose schema gave no message of its own. zod's English
 * ('Invalid UUID', 'Invalid option: expected one of …', 'Too big: expected string to have <=100
 * characters') is written for developers and reached users.
 */
export function catalogueMessageOf(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? m.required : m.invalidValue;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? m.required : m.invalidValue;
    case 'too_big':
      return issue.origin === 'string' ? m.tooLong : m.invalidValue;
    case 'unrecognized_keys':
      return m.unexpectedField;
    default:
      return m.invalidValue;
  }
}

/** Makes every schema without its own message speak the catalogue's words; once per process. */
export function installCatalogueErrors(): void {
  z.config({ customError: catalogueMessageOf });
}
