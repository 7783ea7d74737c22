import { createHash, randomBytes } from 'node:crypto';

/** Random tokens for sessions and links: only their SHA-256 is stored, so a leaked table logs nobody in. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
