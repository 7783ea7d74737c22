import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import {
  challengeLifetimeMs,
  multiFactorRequiredFor,
  recoveryCodeAlphabet,
  recoveryCodeCount,
  recoveryCodeLength,
  totpDigits,
  totpPeriodSeconds,
  formatRecoveryCode,
} from '@krowd/domain/auth/multi-factor.schema';
import type { MultiFactorStatus, SignedIn } from '@krowd/domain/auth/auth-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext, UserAccount } from '../../http/caller.ts';
import type { DeviceDetails } from '../../http/device.ts';
import { HttpError, badRequest, conflict, invalidField, unauthorized } from '../../http/errors.ts';
import type { Accounts } from './accounts.ts';
import type { AuthService, Clock } from './auth.service.ts';
import type { CheckPlace } from './known-devices.ts';
import type { MultiFactorRepository } from './multi-factor.repository.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { createAccountAudit } from './account-audit.ts';
import { verifyPassword } from '../../crypto/passwords.ts';
import { hashToken, newToken } from '../../crypto/tokens.ts';

const m = messages.multiFactor;
const issuer = 'Krowd';
const periodMs = totpPeriodSeconds * 1000;

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: totpDigits,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The code an authenticator app shows at `at` (the demo script and the tests compute it too). */
export function totpCodeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

/**
 * The 30-second step a code belongs to when it is right at `at`, give or take one step for a phone
 * clock a little off; null when it is not right.
 */
export function stepOfCode(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  return delta === null ? null : Math.floor(at.getTime() / periodMs) + delta;
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < recoveryCodeLength; i += 1)
    code += recoveryCodeAlphabet[randomInt(recoveryCodeAlphabet.length)];
  return code;
}

/**
 * A recovery code carries 60 random bits, under ASVS 2.6.2's 112 for an unsalted hash: each is
 * stored as SHA-256 over a random salt of its own and the code.
 */
function hashRecoveryCode(code: string, salt: string): string {
  return createHash('sha256').update(salt).update(code).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createMultiFactorService(deps: {
  db: Kysely<DB>;
  repository: MultiFactorRepository;
  clock: Clock;
  /** Set-up, renewal and removal recorded in their transaction (docs/decisions/0113). */
  audit?: AuditRecorder;
}) {
  const { db, repository, clock } = deps;
  const audited = createAccountAudit(deps.audit);

  /** Ten new recovery codes for the user in place of any earlier ones, answered as shown. */
  async function replaceRecoveryCodes(userId: string, executor: Kysely<DB>): Promise<string[]> {
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    const stored = codes.map((code) => {
      const salt = randomBytes(16).toString('hex');
      return { salt, codeHash: hashRecoveryCode(code, salt) };
    });
    await repository.replaceRecoveryCodes(userId, stored, executor);
    return codes.map(formatRecoveryCode);
  }

  async function enabledSecret(userId: string): Promise<string | null> {
    const row = await repository.find(userId);
    return row?.enabled_at ? row.secret : null;
  }

  /** Accepts a code of the user's app once: the step it belongs to is then used up. */
  async function acceptCode(userId: string, code: string): Promise<boolean> {
    const secret = await enabledSecret(userId);
    const step = secret ? stepOfCode(secret, code, clock()) : null;
    return step !== null && repository.useStep(userId, step);
  }

  async function acceptRecoveryCode(userId: string, code: string): Promise<boolean> {
    const unused = await repository.unusedRecoveryCodes(userId);
    const match = unused.find((row) => sameHash(hashRecoveryCode(code, row.salt), row.code_hash));
    return match !== undefined && repository.useRecoveryCode(match.id, clock());
  }

  return {
    acceptCode,
    acceptRecoveryCode,

    async status(account: UserAccount): Promise<MultiFactorStatus> {
      const enabled = (await enabledSecret(account.id)) !== null;
      return {
        enabled,
        required: multiFactorRequiredFor(account.entity_type),
        recoveryCodesLeft: enabled ? (await repository.unusedRecoveryCodes(account.id)).length : 0,
      };
    },

    /** A system admin signed in without two-step sign-in yet: they may only set it up. */
    async setupPending(auth: AuthContext): Promise<boolean> {
      if (!multiFactorRequiredFor(auth.account.entity_type)) return false;
      return (await enabledSecret(auth.account.id)) === null;
    },

    /**
     * After a correct password: a challenge for the second step when the account has two-step
     * sign-in, else null (the session starts at once).
     */
    async challengeFor(userId: string): Promise<string | null> {
      if ((await enabledSecret(userId)) === null) return null;
      const now = clock();
      const { token, hash } = newToken();
      await repository.insertChallenge({
        userId,
        tokenHash: hash,
        now,
        expiresAt: new Date(now.getTime() + challengeLifetimeMs),
      });
      return token;
    },

    async challengedUser(token: string): Promise<string | undefined> {
      return repository.findChallenge(hashToken(token), clock());
    },

    useChallenge(token: string): Promise<boolean> {
      return repository.useChallenge(hashToken(token), clock());
    },

    /** Starts (or restarts) the set-up: a new secret, confirmed by its first code. */
    async beginSetup(account: UserAccount): Promise<{ secret: string; uri: string }> {
      const secret = newTotpSecret();
      if (!(await repository.savePending(account.id, secret))) throw conflict(m.alreadyEnabled);
      return { secret, uri: totpUri(secret, account.email) };
    },

    /** Confirms the set-up with a first code; answers the recovery codes, shown this once. */
    async confirmSetup(caller: AuthContext, code: string): Promise<string[]> {
      const { account } = caller;
      const row = await repository.find(account.id);
      if (!row) throw new HttpError(400, m.setupNotStarted);
      if (row.enabled_at) throw conflict(m.alreadyEnabled);
      const step = stepOfCode(row.secret, code, clock());
      if (step === null) throw badRequest(m.codeWrong);
      return db.transaction().execute(async (trx) => {
        const enabledAt = clock();
        await repository.enable(account.id, enabledAt, step, trx);
        const codes = await replaceRecoveryCodes(account.id, trx);
        await audited(trx, caller, 'multi_factor', 'created', {
          enabled_at: { before: null, after: enabledAt.toISOString() },
          recovery_codes: { before: null, after: codes.length },
        });
        return codes;
      });
    },

    /** New recovery codes in place of the old ones, which stop working. */
    async renewRecoveryCodes(caller: AuthContext): Promise<string[]> {
      // Read before the transaction: PGlite has one connection, which the transaction holds.
      const left = (await repository.unusedRecoveryCodes(caller.account.id)).length;
      return db.transaction().execute(async (trx) => {
        const codes = await replaceRecoveryCodes(caller.account.id, trx);
        await audited(trx, caller, 'multi_factor', 'rotated', {
          recovery_codes: { before: left, after: codes.length },
        });
        return codes;
      });
    },

    async isEnabled(userId: string): Promise<boolean> {
      return (await enabledSecret(userId)) !== null;
    },

    async remove(caller: AuthContext) {
      const row = await repository.find(caller.account.id);
      await db.transaction().execute(async (trx) => {
        await repository.remove(caller.account.id, trx);
        await audited(trx, caller, 'multi_factor', 'deleted', {
          enabled_at: { before: row?.enabled_at?.toISOString() ?? null, after: null },
        });
      });
    },
  };
}

export type MultiFactorService = ReturnType<typeof createMultiFactorService>;

/**
 * The login's second step: the challenge a correct password answered, and a code of the user's
 * app or one of their recovery codes. A wrong one counts with failed logins (so guessing codes
 * pauses the account like guessing passwords); a right one starts the session.
 */
export async function completeSignIn(
  deps: { auth: AuthService; multiFactor: MultiFactorService; users: Pick<Accounts, 'findAccountById'> },
  input: { challenge: string; code?: string; recoveryCode?: string },
  device: DeviceDetails,
  place: CheckPlace,
): Promise<SignedIn> {
  const { auth, multiFactor, users } = deps;
  const userId = await multiFactor.challengedUser(input.challenge);
  const account = userId ? await users.findAccountById(userId) : undefined;
  if (!account || account.status !== 'active') throw unauthorized(m.challengeExpired);
  const accepted = await auth.countedCheck(
    account.email,
    place,
    () =>
      input.recoveryCode !== undefined
        ? multiFactor.acceptRecoveryCode(account.id, input.recoveryCode)
        : multiFactor.acceptCode(account.id, input.code ?? ''),
    { afterPassword: true },
  );
  if (!accepted) {
    // One field on the form: its message under the form says it all, without a repeat on the field.
    throw badRequest(input.recoveryCode !== undefined ? m.recoveryCodeWrong : m.codeWrong);
  }
  if (!(await multiFactor.useChallenge(input.challenge))) throw unauthorized(m.challengeExpired);
  return auth.signIn(account, device);
}

/**
 * Turns two-step sign-in off with the current password and a current code, both counted with
 * failed logins. Refused where it is required.
 */
export async function turnOff(
  deps: { auth: AuthService; multiFactor: MultiFactorService },
  caller: AuthContext,
  input: { password: string; code: string },
  place: CheckPlace,
) {
  const { auth, multiFactor } = deps;
  const { account } = caller;
  if (multiFactorRequiredFor(account.entity_type)) throw new HttpError(400, m.requiredCannotDisable);
  if (!(await multiFactor.isEnabled(account.id))) throw new HttpError(400, m.notEnabled);
  let wrongField: 'password' | 'code' | null = null;
  const accepted = await auth.countedCheck(account.email, place, async () => {
    if (!(await verifyPassword(account.password_hash, input.password))) wrongField = 'password';
    else if (!(await multiFactor.acceptCode(account.id, input.code))) wrongField = 'code';
    return wrongField === null;
  });
  if (!accepted) {
    throw wrongField === 'password'
      ? invalidField('password', messages.auth.currentPasswordWrong)
      : invalidField('code', m.codeWrong);
  }
  await multiFactor.remove(caller);
}

/** New recovery codes for a current code (counted with failed logins when wrong). */
export async function renewRecoveryCodes(
  deps: { auth: AuthService; multiFactor: MultiFactorService },
  caller: AuthContext,
  code: string,
  place: CheckPlace,
): Promise<string[]> {
  const { auth, multiFactor } = deps;
  const { account } = caller;
  if (!(await multiFactor.isEnabled(account.id))) throw new HttpError(400, m.notEnabled);
  if (!(await auth.countedCheck(account.email, place, () => multiFactor.acceptCode(account.id, code)))) {
    throw badRequest(m.codeWrong);
  }
  return multiFactor.renewRecoveryCodes(caller);
}
