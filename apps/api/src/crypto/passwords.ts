import { hash, verify } from '@node-rs/argon2';

/** argon2id in @node-rs/argon2's Algorithm enum (a const enum, not importable as a value). */
const argon2id = 2;

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's recommended minimum). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: argon2id });
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password. With no stored hash it still spends the time of one verification, so a
 * login for an unknown e-mail answers no faster than a wrong password.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-9!A');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
