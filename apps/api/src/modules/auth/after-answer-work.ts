import type { Kysely } from 'kysely';
import { z } from 'zod';
import { isGuest } from '@krowd/domain/access/access.rules';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import type { RateLimiter } from '../../http/rate-limiter.ts';
import { afterAnswerJob, type JobQueue } from '../../plugins/jobs.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Accounts } from './accounts.ts';
import type { createAccountMails } from './account-mails.ts';
import { guestResumeMail, recoverPasswordMail, verifyEmailMail } from './auth.mail.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { createOneTimeLinks } from './one-time-links.ts';

/**
 * The work sign-up, forgot password and signing in leave for after their answer, one job kind each
 * (docs/decisions/0112). Payloads hold what the work needs and no more: ids where the account is
 * known, the address typed where it may not be, a password only as its hash, and the confirmation
 * link (the only copy of its token) for the mail that carries it. The jobs table is server-only
 * (no route reads it) and the after-answer kinds' payloads are erased once their job ends.
 */
export const signupJob = 'auth.signup';
export const verifyEmailMailJob = 'auth.verifyEmailMail';
export const verificationLinkJob = 'auth.verificationLink';
export const recoveryMailJob = 'auth.recoveryMail';

const signupPayloadSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  passwordHash: z.string(),
});
export type SignupPayload = z.infer<typeof signupPayloadSchema>;
const verifyEmailMailPayloadSchema = z.object({ userId: z.uuid(), link: z.url() });
const accountPayloadSchema = z.object({ userId: z.uuid() });
const recoveryMailPayloadSchema = z.object({ email: z.string() });

export function createAfterAnswerWork(deps: {
  db: Kysely<DB>;
  users: Accounts;
  repository: AuthRepository;
  limiter: RateLimiter;
  mailer: Mailer;
  config: Config;
  links: ReturnType<typeof createOneTimeLinks>;
  accountMails: ReturnType<typeof createAccountMails>;
  jobs: JobQueue;
}) {
  const { db, users, repository, limiter, mailer, config, links, accountMails, jobs } = deps;

  /**
   * Sign-up's work: a new address gets an unverified account, its confirmation link and the job
   * that mails it, in one transaction; a taken one's owner is told (account-mails.ts).
   */
  async function completeSignup(input: SignupPayload) {
    const existing = await users.findAccountByEmail(input.email);
    if (existing) {
      await accountMails.ownerOfTakenAddress(existing);
      return;
    }
    try {
      await db.transaction().execute(async (trx) => {
        const { id } = await users.createBrandOwner(input, trx);
        const link = await links.issue(id, 'verify_email', { executor: trx });
        await jobs.enqueue(verifyEmailMailJob, { userId: id, link }, { trx });
      });
    } catch (error) {
      // Two sign-ups racing for one e-mail: the unique index decides; the other is an attempt.
      if (String((error as { code?: string }).code) !== '23505') throw error;
      const winner = await users.findAccountByEmail(input.email);
      if (winner) await accountMails.signupAttempt(winner);
    }
  }

  /** A new account's confirmation mail, unless the address was confirmed meanwhile. */
  async function mailVerifyLink(userId: string, link: string) {
    const account = await users.findAccountById(userId);
    if (!account || account.email_verified) return;
    await mailer.send({ to: account.email, ...verifyEmailMail(account.first_name, link) });
  }

  /**
   * Forgot password's work. A guest has no password to recover: they get a new guest link instead,
   * which resumes the onboarding train where they left it, from the source their last link came in by.
   */
  async function mailRecoveryLink(email: string) {
    const account = await users.findAccountByEmail(email);
    if (!account || account.status !== 'active') return;
    const guest = isGuest({ guestUser: account.guest_user, guestUserFlag: account.guest_user_flag });
    if (account.guest_user && !guest) return;
    const { recoveryMailsPerAccount } = config.rateLimit;
    const { allowed } = await limiter.hit(`recovery-mails:${email}`, recoveryMailsPerAccount, 3_600_000);
    if (!allowed) return;
    if (guest) {
      const origin = await repository.newestGuestLinkOrigin(account.id);
      // type=campaign: the link resumes the train, even before the guest saved a campaign (spec 1 §2).
      const url = `${await links.issue(account.id, 'guest_login', origin ? { origin } : {})}?type=campaign`;
      await mailer.send({
        to: account.email,
        brandId: account.brand_id,
        ...guestResumeMail(account.first_name, url),
      });
      return;
    }
    const url = await links.issue(account.id, 'recover_password');
    await mailer.send({
      to: account.email,
      brandId: account.brand_id,
      ...recoverPasswordMail(account.first_name, url),
    });
  }

  jobs.handle(signupJob, (payload) => completeSignup(signupPayloadSchema.parse(payload)), afterAnswerJob);
  jobs.handle(
    verifyEmailMailJob,
    (payload) => {
      const { userId, link } = verifyEmailMailPayloadSchema.parse(payload);
      return mailVerifyLink(userId, link);
    },
    afterAnswerJob,
  );
  jobs.handle(
    verificationLinkJob,
    async (payload) => {
      const account = await users.findAccountById(accountPayloadSchema.parse(payload).userId);
      if (account && !account.email_verified) await accountMails.verificationLink(account);
    },
    afterAnswerJob,
  );
  jobs.handle(
    recoveryMailJob,
    (payload) => mailRecoveryLink(recoveryMailPayloadSchema.parse(payload).email),
    afterAnswerJob,
  );
}
