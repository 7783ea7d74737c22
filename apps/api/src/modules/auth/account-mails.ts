import { publicPaths } from '@krowd/domain/access/access.rules';
import type { Config } from '../../config.ts';
import type { OneTimeTokenPurpose } from '../../db/schema.ts';
import type { UserAccount } from '../../http/caller.ts';
import type { RateLimiter } from '../../http/rate-limiter.ts';
import type { Mailer } from '../mail/mailer.ts';
import { signupAttemptMail, verifyEmailMail } from './auth.mail.ts';

/** The mails sign-up and sign-in send about an account: its confirmation link, or a note that someone tried. */
export function createAccountMails(deps: {
  limiter: RateLimiter;
  mailer: Mailer;
  config: Config;
  issueLink: (userId: string, purpose: OneTimeTokenPurpose) => Promise<string>;
}) {
  const { limiter, mailer, config, issueLink } = deps;

  /** Mails about an account other than recovery links: at most RECOVERY_MAILS_PER_ACCOUNT an hour. */
  async function mayMail(email: string) {
    const { recoveryMailsPerAccount } = config.rateLimit;
    return (await limiter.hit(`account-mails:${email}`, recoveryMailsPerAccount, 3_600_000)).allowed;
  }

  async function verificationLink(account: UserAccount) {
    if (!(await mayMail(account.email))) return;
    const url = await issueLink(account.id, 'verify_email');
    await mailer.send({
      to: account.email,
      brandId: account.brand_id,
      ...verifyEmailMail(account.first_name, url),
    });
  }

  async function signupAttempt(account: UserAccount) {
    if (!(await mayMail(account.email))) return;
    const loginUrl = `${config.publicUrl}${publicPaths.login}`;
    const forgotUrl = `${config.publicUrl}${publicPaths.forgot}`;
    await mailer.send({
      to: account.email,
      brandId: account.brand_id,
      ...signupAttemptMail(account.first_name, loginUrl, forgotUrl),
    });
  }

  /**
   * A sign-up (or card-network dining sign-up) with a taken address: its owner gets a note that
   * someone tried, or a fresh confirmation link while the address is unconfirmed.
   */
  async function ownerOfTakenAddress(account: UserAccount) {
    await (account.email_verified ? signupAttempt(account) : verificationLink(account));
  }

  return { verificationLink, signupAttempt, ownerOfTakenAddress };
}
