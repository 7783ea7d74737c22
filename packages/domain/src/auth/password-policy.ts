import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The password rule (ASVS 6.2, docs/decisions.md 'Sign-in hardening'): length in Unicode code points,
 * no composition rules, and no password from a list of common and leaked ones.
 */
export const passwordLength = { min: 8, recommended: 12, max: 64 } as const;

/** Code points, not UTF-16 units: an emoji is one character to the person typing it. */
export const passwordCharacters = (password: string) => [...password].length;

/** zxcvbn-ts's list of ~49,000 passwords most often found in leaks, lower-cased. */
let commonPasswords: Set<string> | undefined;
const listed = (candidate: string) => {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return commonPasswords.has(candidate);
};

/**
 * True for a listed password in any letter case, and for a listed password of the minimum length or
 * more with only digits and symbols added at its end ('Password1!'): the usual way people satisfy
 * the old composition rules, and the first variation a guessing list tries.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (listed(lower)) return true;
  const stem = lower.replace(/[^\p{L}]+$/u, '');
  return stem !== lower && passwordCharacters(stem) >= passwordLength.min && listed(stem);
}

/**
 * True when the password is the person's e-mail address, its local part or their name. Takes the
 * form's values as they came, so a form with other mistakes is still checked.
 */
export function isPersonalPassword(
  password: string,
  person: { email?: unknown; firstName?: unknown; lastName?: unknown },
): boolean {
  const text = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '');
  const squash = (value: string) => value.replace(/[\s._-]+/g, '');
  const email = text(person.email);
  const first = text(person.firstName);
  const last = text(person.lastName);
  const personal = [email, email.split('@')[0] ?? '', first + last, last + first].map(squash);
  const candidate = squash(password.toLowerCase());
  return personal.some((value) => value.length > 0 && value === candidate);
}
