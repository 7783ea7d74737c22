import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { commonPasswordList } from './common-passwords.ts';
import { installCommonPasswords, installPasswordStrength, type PasswordStrength } from './password-policy.ts';

/**
 * The heavy half of the password rule (docs/decisions.md 'Sign-in lockout and password strength'):
 * the list of leaked passwords and zxcvbn-ts's strength estimate with its common and English
 * dictionaries (about 2 MB of words). The server installs them at start; the browser imports this
 * module lazily on the forms that set a password (apps/web lib/password-checks.ts), never on /login.
 *
 * Levenshtein matching stays off: it compares the password with every word of every dictionary and
 * took a second a check; the leaked list's own check (a listed word with digits and symbols
 * added) covers the near misses that matter most.
 */
let estimator: ZxcvbnFactory | null = null;

function estimate(password: string): PasswordStrength {
  // Built at the first estimate, not at import: ranking the dictionaries takes a quarter of a second.
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
  });
  const { score, feedback } = estimator.check(password);
  return { score, warning: feedback.warning, suggestions: feedback.suggestions };
}

let installed = false;

/** Installs both checks into the domain's password rule; once per process (or page). */
export function installPasswordChecks() {
  if (installed) return;
  installCommonPasswords(commonPasswordList());
  installPasswordStrength(estimate);
  installed = true;
}
