import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import type { OneTimeTokenPurpose, SessionOrigin } from '../../db/schema.ts';
import type { AuthRepository } from './auth.repository.ts';
import { newToken } from '../../crypto/tokens.ts';

const day = 24 * 3_600_000;
/** Link lifetimes (brief §4): guest, set-password and e-mail confirmation links 7 days, recovery 1 hour. */
export const linkLifetimeMs: Record<OneTimeTokenPurpose, number> = {
  guest_login: 7 * day,
  set_password: 7 * day,
  recover_password: 3_600_000,
  verify_email: 7 * day,
};
const linkPaths: Record<OneTimeTokenPurpose, string> = {
  guest_login: '/guestuser/',
  set_password: '/setpassword/',
  recover_password: '/changerecoverpassword/',
  verify_email: '/verifyemail/',
};

/** The single-use links mailed to users: each purpose with its lifetime and the page it opens. */
export function createOneTimeLinks(deps: {
  db: Kysely<DB>;
  repository: AuthRepository;
  config: Config;
  clock: () => Date;
}) {
  const { db, repository, config, clock } = deps;

  /**
   * A single-use link for the user. `origin` is remembered with the token and given to the session
   * the link starts (a card-network guest link: `{ origin: 'card_network' }`).
   */
  async function issue(
    userId: string,
    purpose: OneTimeTokenPurpose,
    options: { origin?: SessionOrigin; executor?: Kysely<DB> } = {},
  ) {
    const { token, hash } = newToken();
    await repository.insertToken(
      {
        userId,
        purpose,
        tokenHash: hash,
        expiresAt: new Date(clock().getTime() + linkLifetimeMs[purpose]),
        origin: options.origin ?? null,
      },
      options.executor ?? db,
    );
    return `${config.publicUrl}${linkPaths[purpose]}${token}`;
  }

  return { issue };
}
