import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { splitPersonName } from '@krowd/domain/public/card-network.rules';
import { brandOnboardingSchema, type BrandOnboarding } from '@krowd/domain/public/card-network.schema';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import { afterAnswerJob, type JobQueue } from '../../plugins/jobs.ts';
import type { AuthService, Clock } from '../auth/auth.service.ts';
import { newToken } from '../../crypto/tokens.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { diningWelcomeMail } from './public.mail.ts';
import type { PublicRepository } from './public.repository.ts';

/**
 * The dining sign-up's work after its answer, as two job kinds (docs/decisions/0112): the sign-up
 * (its payload the form, which holds no secret) and the registrant's welcome mail, queued in the
 * sign-up's transaction. The mail's payload carries its two links, the only copies of their tokens
 * (their hashes are stored); the jobs table is server-only and the payload is erased once the mail
 * job ends.
 */
export const diningSignupJob = 'cardNetwork.diningSignup';
export const diningWelcomeMailJob = 'cardNetwork.diningWelcomeMail';

const day = 86_400_000;
/** How long a sign-up's branch page stays open. */
export const branchPageLifetimeMs = 30 * day;

const welcomeMailPayloadSchema = z.object({ userId: z.uuid(), guestLink: z.url(), branchPageLink: z.url() });

const isUniqueViolation = (error: unknown) => String((error as { code?: unknown }).code) === '23505';

export function handleDiningSignups(deps: {
  db: Kysely<DB>;
  leads: PublicRepository;
  users: UsersRepository;
  auth: AuthService;
  mailer: Mailer;
  jobs: JobQueue;
  config: Config;
  clock: Clock;
  /** Queues the system admins' next digest, in the transaction given. */
  digestLater: (trx: Transaction<DB>) => Promise<void>;
}) {
  const { db, leads, users, auth, mailer, jobs, config, clock, digestLater } = deps;

  /**
   * For a new address the brand, its card-network guest account (companyAdmin), the lead with its
   * branch page, the guest link and the welcome mail's job, in one transaction; the system admins'
   * digest will tell of it. A taken address changes nothing: its owner is told someone tried, as by
   * the sign-up.
   */
  async function completeOnboarding(input: BrandOnboarding) {
    const existing = await users.findAccountByEmail(input.email);
    if (existing) {
      await auth.mailOwnerOfTakenAddress(existing);
      return;
    }
    const branchPage = newToken();
    const now = clock();
    const { firstName, lastName } = splitPersonName(input.name);
    try {
      await db.transaction().execute(async (trx) => {
        const brand = await leads.insertSignupBrand(input.brandName, trx);
        const userId = await users.insertUser(
          {
            email: input.email,
            password_hash: null,
            first_name: firstName,
            last_name: lastName,
            phone: input.phone,
            entity_type: 'brand',
            role: 'companyAdmin',
            brand_id: brand.id,
            guest_user: true,
            guest_user_flag: true,
            is_first_login: true,
          },
          trx,
        );
        await leads.insertLead(
          {
            kind: 'diningSignup',
            source: input.from,
            name: input.name,
            email: input.email,
            phone: input.phone,
            company: input.brandName,
            legal_name: input.legalName,
            website: input.website,
            brand_id: brand.id,
            user_id: userId,
            branch_page_hash: branchPage.hash,
            branch_page_expires_at: new Date(now.getTime() + branchPageLifetimeMs),
          },
          trx,
        );
        await digestLater(trx);
        const guestUrl = await auth.issueLink(userId, 'guest_login', {
          origin: 'card_network',
          executor: trx,
        });
        const welcome = {
          userId,
          guestLink: `${guestUrl}?type=campaign`,
          branchPageLink: `${config.publicUrl}/amexdiningbranch/${branchPage.token}`,
        };
        await jobs.enqueue(diningWelcomeMailJob, welcome, { trx });
      });
    } catch (error) {
      // Two sign-ups racing for one e-mail: the unique index decides; the other is an attempt.
      if (!isUniqueViolation(error)) throw error;
      const winner = await users.findAccountByEmail(input.email);
      if (winner) await auth.mailOwnerOfTakenAddress(winner);
    }
  }

  jobs.handle(
    diningSignupJob,
    (payload) => completeOnboarding(brandOnboardingSchema.parse(payload)),
    afterAnswerJob,
  );
  jobs.handle(
    diningWelcomeMailJob,
    async (payload) => {
      const { userId, guestLink, branchPageLink } = welcomeMailPayloadSchema.parse(payload);
      const account = await users.findAccountById(userId);
      if (!account) return;
      await mailer.send({
        to: account.email,
        ...diningWelcomeMail(account.first_name, guestLink, branchPageLink),
      });
    },
    afterAnswerJob,
  );
}
