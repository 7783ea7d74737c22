import { messages } from '../messages/messages.ts';

/**
 * The password rule (ASVS 6.2, docs/decisions.md 'Sign-in hardening' and 'Sign-in lockout and
 * password strength'): length in Unicode code points, no composition rules, no password from a list
 * of common and leaked ones, and none that a strength estimate finds easy to guess.
 */
export const passwordLength = { min: 8, recommended: 12, max: 64 } as const;

/** Code points, not UTF-16 units: an emoji is one character to the person typing it. */
export const passwordCharacters = (password: string) => [...password].length;

/**
 * The list of common and leaked passwords, lower-cased (common-passwords.ts). The server installs it
 * at start; the browser installs it with the strength estimate, loaded apart by the forms that set a
 * password (password-checks.ts), never by /login.
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

/** zxcvbn's estimate: a score from 0 (guessed at once) to 4, and its feedback's keys. */
export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestions: string[];
}

/**
 * The lowest score accepted: 3, 'safely unguessable' (10^8 guesses or more), what zxcvbn's authors
 * advise for a password that guards an account. 'abcdefgh', 'Qwerty123!' and 'Welcome1!' score 0–1.
 */
export const minimumPasswordScore = 3;

/** Installed by password-checks.ts (the server at start, the browser when a password form opens). */
let estimateStrength: ((password: string) => PasswordStrength) | null = null;
/** The last answer: a form validates every field at each change, the password each time. */
let lastEstimate: { password: string; strength: PasswordStrength } | null = null;

export function installPasswordStrength(estimate: (password: string) => PasswordStrength) {
  estimateStrength = estimate;
  lastEstimate = null;
}

function strengthOf(password: string): PasswordStrength | null {
  if (!estimateStrength) return null;
  if (lastEstimate?.password !== password) {
    lastEstimate = { password, strength: estimateStrength(password) };
  }
  return lastEstimate.strength;
}

/**
 * Suggestions that push people to composition tricks (capitals, symbols), which the rule leaves
 * out on purpose (ASVS 6.2): never offered.
 */
const compositionSuggestions = new Set(['capitalization', 'allUppercase', 'noNeed']);

/**
 * Why a password of an allowed length is too easy to guess, in the catalogue's words (zxcvbn's
 * warning and its first useful suggestion), or null when it is strong enough, or while no estimate
 * is installed.
 */
export function weakPasswordMessage(password: string): string | null {
  const strength = strengthOf(password);
  if (!strength || strength.score >= minimumPasswordScore) return null;
  const words = messages.passwordStrength;
  const textOf = <Key extends string>(texts: Record<Key, string>, key: string | null | undefined) =>
    key && key in texts ? texts[key as Key] : null;
  const suggestion =
    strength.suggestions.find((key) => !compositionSuggestions.has(key) && key in words.suggestions) ??
    'anotherWord';
  return words.tooWeak(textOf(words.warnings, strength.warning), textOf(words.suggestions, suggestion));
}
