import type { Kysely } from 'kysely';
import { isGroupRole } from '@krowd/domain/access/access.rules';
import type { SecondStepDue, SignedIn } from '@krowd/domain/auth/auth-response.schema';
import { isPersonalPassword } from '@krowd/domain/auth/password-policy';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import type { OneTimeTokenPurpose, SessionOrigin } from '../../db/schema.ts';
import type { AuthContext, SessionSource, UserAccount } from '../../http/caller.ts';
import type { DeviceDetails } from '../../http/device.ts';
import { HttpError, invalidField, unauthorized } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limiter.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Accounts, SessionWithAccount } from './accounts.ts';
import { createAccountMails } from './account-mails.ts';
import {
  createAfterAnswerWork,
  recoveryMailJob,
  signupJob,
  verificationLinkJob,
  type SignupPayload,
} from './after-answer-work.ts';
import type { AuthRepository } from './auth.repository.ts';
import { hashPassword, verifyPassword } from '../../crypto/passwords.ts';
import { createLoginAttempts, type CountedSource } from './login-attempts.ts';
import { knownDeviceLifetimeMs, knownDevicesPerAccount, type CheckPlace } from './known-devices.ts';
import { createOneTimeLinks } from './one-time-links.ts';
import type { SessionCache } from './session-cache.ts';
import { audienceOfAccount, scopeOfAccount, toSessionUser } from './session-user.ts';
import { hashToken, newToken } from '../../crypto/tokens.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { createAccountAudit } from './account-audit.ts';

export type Clock = () => Date;

function sourceOf(origin: SessionOrigin | null): SessionSource {
  return origin === 'card_network' ? 'cardNetwork' : null;
}

/** last_seen_at is written at most this often, so reads do not each cost a write. */
const touchIntervalMs = 30_000;

export function createAuthService(deps: {
  db: Kysely<DB>;
  users: Accounts;
  repository: AuthRepository;
  limiter: RateLimiter;
  mailer: Mailer;
  config: Config;
  clock: Clock;
  /** The work after an answer runs as jobs (after-answer-work.ts). */
  jobs: JobQueue;
  /** Two-step sign-in: a challenge for an account that has it, else null. */
  secondStep: { challengeFor(userId: string): Promise<string | null> };
  sessions: SessionCache<SessionWithAccount>;
  /** One's own password change recorded in its transaction (docs/decisions/0113). */
  audit?: AuditRecorder;
}) {
  const { db, users, repository, limiter, mailer, config, clock, jobs, secondStep, sessions } = deps;
  const audited = createAccountAudit(deps.audit);
  const attempts = createLoginAttempts({ limiter, config });
  const links = createOneTimeLinks({ db, repository, config, clock });
  const accountMails = createAccountMails({ limiter, mailer, config, issueLink: links.issue });
  createAfterAnswerWork({ db, users, repository, limiter, mailer, config, links, accountMails, jobs });

  /**
   * Where a check on `email` is counted: its device when the account signed in there before
   * (known-devices.ts), else its address.
   */
  async function countedSourceOf(email: string, place: CheckPlace): Promise<CountedSource> {
    const since = new Date(clock().getTime() - knownDeviceLifetimeMs);
    const knownDevice = place.deviceToken
      ? await repository.knownDevice(hashToken(place.deviceToken), email, since)
      : undefined;
    return { ip: place.ip, knownDevice: knownDevice ?? null };
  }

  type SignupInput = { firstName: string; lastName: string; email: string; password: string };

  async function sessionUserOf(account: UserAccount, source: SessionSource = null): Promise<SessionUser> {
    const audience = audienceOfAccount(account);
    let brands: { id: string; name: string }[] = [];
    if (isGroupRole(audience) && account.effective_group_id) {
      brands = await users.brandsOfGroup(account.effective_group_id);
    } else if (account.brand_id && account.brand_name) {
      brands = [{ id: account.brand_id, name: account.brand_name }];
    }
    return { ...toSessionUser(account, brands), source };
  }

  async function startSession(
    account: UserAccount,
    device: DeviceDetails,
    origin: SessionOrigin | null = null,
  ): Promise<SignedIn> {
    const now = clock();
    const { token, hash } = newToken();
    await db.transaction().execute(async (trx) => {
      const sessionId = await repository.insertSession(
        {
          userId: account.id,
          tokenHash: hash,
          now,
          expiresAt: new Date(now.getTime() + config.session.absoluteMs),
          device,
          origin,
        },
        trx,
      );
      await repository.endSessionsBeyond(account.id, sessionId, config.session.maxPerUser, now, trx);
    });
    return { accessToken: token, details: await sessionUserOf(account, sourceOf(origin)) };
  }

  /** Uses a link token and sets the password it was sent for, in one transaction. */
  async function setPasswordWithLink(token: string, purpose: OneTimeTokenPurpose, newPassword: string) {
    const passwordHash = await hashPassword(newPassword);
    const now = clock();
    const account = await db.transaction().execute(async (trx) => {
      const userId = (await repository.consumeToken(hashToken(token), purpose, now, trx))?.userId;
      if (!userId) throw new HttpError(400, messages.auth.linkInvalid);
      const found = await users.findAccountById(userId, trx);
      if (!found || found.status !== 'active') throw new HttpError(400, messages.auth.linkInvalid);
      const person = { email: found.email, firstName: found.first_name, lastName: found.last_name };
      if (isPersonalPassword(newPassword, person)) {
        throw invalidField('newPassword', messages.validation.passwordPersonal);
      }
      await users.setPasswordHash(userId, passwordHash, trx);
      // The link came to the address, so the address is the user's.
      await repository.markEmailVerified(userId, trx);
      await repository.endSessionsOfUser(userId, now, trx);
      return found;
    });
    await attempts.forget(account.email);
  }

  return {
    sessionUserOf,
    issueLink: links.issue,
    mailOwnerOfTakenAddress: accountMails.ownerOfTakenAddress,

    /** A normal session for an account that has just been set up (the onboarding train's end). */
    signIn(account: UserAccount, device: DeviceDetails): Promise<SignedIn> {
      return startSession(account, device);
    },

    async login(
      email: string,
      password: string,
      device: DeviceDetails,
      deviceToken?: string,
    ): Promise<SignedIn | SecondStepDue> {
      const source = await countedSourceOf(email, { ip: device.ipAddress, deviceToken });
      await attempts.claim(email, source);
      const account = await users.findAccountByEmail(email);
      const valid = await verifyPassword(account?.password_hash ?? null, password);
      if (!account || !valid) throw unauthorized(messages.auth.loginFailed);
      if (account.status !== 'active')
        throw new HttpError(
          403,
          messages.auth.accountDeactivated,
          undefined,
          undefined,
          'account_deactivated',
        );
      if (!account.email_verified) {
        await attempts.clear(email, source);
        await jobs.enqueue(verificationLinkJob, { userId: account.id });
        throw new HttpError(403, messages.auth.emailNotVerified, undefined, undefined, 'email_not_verified');
      }
      // The failures are cleared only once the second step passes, so codes cannot be guessed forever.
      const challenge = await secondStep.challengeFor(account.id);
      if (challenge) return { mfaRequired: true, challenge };
      await attempts.clear(email, source);
      return startSession(account, device);
    },

    /**
     * After a sign-in: the browser's device token (a new one unless it holds one we issued) is
     * recorded for the account, which signs in there under the device's own count from now on.
     */
    async rememberDevice(userId: string, deviceToken?: string): Promise<string> {
      const issued = deviceToken && (await repository.deviceTokenIssued(hashToken(deviceToken)));
      const { token, hash } = issued ? { token: deviceToken, hash: hashToken(deviceToken) } : newToken();
      await repository.rememberDevice(userId, hash, clock(), knownDevicesPerAccount);
      return token;
    },

    /**
     * A credential check counted with failed logins (the second sign-in step, turning two-step
     * sign-in off). After a password step (`afterPassword`), whose attempt login left counted, a
     * pass clears that attempt too.
     */
    async countedCheck(
      email: string,
      place: CheckPlace,
      check: () => Promise<boolean>,
      options: { afterPassword?: boolean } = {},
    ): Promise<boolean> {
      const source = await countedSourceOf(email, place);
      await attempts.claim(email, source);
      const passed = await check();
      if (passed) await attempts.clear(email, source);
      if (passed && options.afterPassword) await attempts.undoPasswordStep(email, source);
      return passed;
    },

    /** One-click login from a guest link (GET users/checkGuestUser?token=). */
    async guestLogin(token: string, device: DeviceDetails): Promise<SignedIn> {
      const now = clock();
      const { account, origin } = await db.transaction().execute(async (trx) => {
        const used = await repository.consumeToken(hashToken(token), 'guest_login', now, trx);
        const found = used ? await users.findAccountById(used.userId, trx) : undefined;
        if (!used || !found || found.status !== 'active') throw unauthorized(messages.auth.guestLinkInvalid);
        return { account: found, origin: used.origin };
      });
      return startSession(account, device, origin);
    },

    /** Finds the caller of a request, ending sessions that went idle or passed their absolute limit. */
    async resolveSession(token: string): Promise<AuthContext> {
      const tokenHash = hashToken(token);
      const kept = sessions.get(tokenHash);
      const ticket = sessions.ticket();
      const found = kept ?? (await users.findSessionWithAccount(tokenHash));
      const now = clock();
      if (!found || found.session_ended_at) throw unauthorized(messages.common.sessionExpired);
      const {
        session_id: sessionId,
        session_last_seen_at: lastSeenAt,
        session_expires_at: expiresAt,
        session_origin: origin,
        session_ended_at: _endedAt,
        ...account
      } = found;
      const idleFor = now.getTime() - lastSeenAt.getTime();
      if (idleFor > config.session.idleMs || now >= expiresAt) {
        await repository.endSession(sessionId, now);
        throw unauthorized(messages.common.sessionExpired);
      }
      if (account.id === null || account.status !== 'active') {
        await repository.endSession(sessionId, now);
        throw unauthorized(messages.common.sessionExpired);
      }
      const live = account as UserAccount;
      // Touching writes the session, which empties the cache: the next request reads it afresh.
      if (idleFor > touchIntervalMs) await repository.touchSession(sessionId, now);
      else if (!kept) sessions.keep(tokenHash, found, ticket);
      return {
        sessionId,
        account: live,
        audience: audienceOfAccount(live),
        scope: scopeOfAccount(live),
        source: sourceOf(origin),
      };
    },

    async logout(sessionId: string) {
      await repository.endSession(sessionId, clock());
    },

    /**
     * Answers the same, in the same time, for every address: the password's hash and the job are
     * made for each alike; the work that differs follows the answer (after-answer-work.ts).
     */
    async signup({ password, ...person }: SignupInput) {
      const payload: SignupPayload = { ...person, passwordHash: await hashPassword(password) };
      await jobs.enqueue(signupJob, payload);
    },

    /** Answers at once and the same for every address; the work follows (after-answer-work.ts). */
    async forgotPassword(email: string) {
      await jobs.enqueue(recoveryMailJob, { email });
    },

    /** Opens a sign-up's confirmation link: the account may log in from now on. */
    async confirmEmail(token: string) {
      await db.transaction().execute(async (trx) => {
        const used = await repository.consumeToken(hashToken(token), 'verify_email', clock(), trx);
        if (!used) throw new HttpError(400, messages.auth.linkInvalid);
        await repository.markEmailVerified(used.userId, trx);
      });
    },

    /** Runs the work earlier answers left (the jobs handled `soon`) and waits for it (tests). */
    async settled() {
      await jobs.runDue({ soon: true });
    },

    recoverPassword(token: string, newPassword: string) {
      return setPasswordWithLink(token, 'recover_password', newPassword);
    },

    createPassword(token: string, newPassword: string) {
      return setPasswordWithLink(token, 'set_password', newPassword);
    },

    /** Changes the caller's password and ends all their sessions: they log in again with it. */
    async changePassword(auth: AuthContext, currentPassword: string, newPassword: string, place: CheckPlace) {
      const { email, first_name: firstName, last_name: lastName } = auth.account;
      if (isPersonalPassword(newPassword, { email, firstName, lastName })) {
        throw invalidField('newPassword', messages.validation.passwordPersonal);
      }
      // Wrong current passwords count with failed logins: a stolen session cannot guess at leisure.
      await attempts.claim(email, await countedSourceOf(email, place));
      if (!(await verifyPassword(auth.account.password_hash, currentPassword))) {
        throw new HttpError(400, messages.auth.currentPasswordWrong, {
          currentPassword: messages.auth.currentPasswordWrong,
        });
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        await users.setPasswordHash(auth.account.id, passwordHash, trx);
        await repository.endSessionsOfUser(auth.account.id, clock(), trx);
        await audited(trx, auth, 'password', 'rotated', {});
      });
      await attempts.forget(email);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
