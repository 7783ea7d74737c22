/**
 * The password rule (ASVS 6.2, docs/decisions.md 'Sign-in hardening'): length in Unicode code points,
 * no composition rules, and no password from a list of common and leaked ones.
 */
export const passwordLength = { min: 8, recommended: 12, max: 64 } as const;

/** Code points, not UTF-16 units: an emoji is one character to the person typing it. */
export const passwordCharacters = (password: string) => [...password].length;

/**
 * The list of common and leaked passwords, lower-cased (common-passwords.ts). The server installs it
 * at start; the browser never loads it (it weighs 220 KB compressed), so a form there checks the
 * length and the server's answer names a listed password.
 */
let commonPasswords: ReadonlySet<string> = new Set();
const listed = (candidate: string) => commonPasswords.has(candidate);

export function installCommonPasswords(list: Iterable<string>) {
  commonPasswords = new Set([...list].map((entry) => entry.toLowerCase()));
}

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
