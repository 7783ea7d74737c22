import type { Insertable, Kysely, Transaction } from 'kysely';
import { pagePath } from '@krowd/domain/access/access.rules';
import { paginationOf, type PageQuery } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import { spreadsheetKindOf, spreadsheetKindOfName } from '@krowd/domain/public/card-network.rules';
import type {
  BrandOnboarding,
  BranchEntry,
  BranchSubmission,
  ContactLead,
  SignupLookup,
} from '@krowd/domain/public/card-network.schema';
import type { LeadBranchSubmission } from '@krowd/domain/public/public-response.schema';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limiter.ts';
import type { AuthService, Clock } from '../auth/auth.service.ts';
import { hashToken } from '../../crypto/tokens.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { BranchesRepository } from '../branches/branches.repository.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { diningSignupJob, handleDiningSignups } from './dining-signup.ts';
import { leadRowsOf, submissionFilePath } from './leads.mapper.ts';
import { cardNetworkDigestMail, guestLoginMail } from './public.mail.ts';
import type { LeadListQuery, PublicRepository } from './public.repository.ts';

const m = messages.cardNetwork;
/** Sign-in links one waiting account may be sent by look-ups an hour; beyond it the answer is the same. */
export const lookupLinksPerAccountPerHour = 1;
/** The job that mails the system admins the digest of the card-network pages' leads (hourly at most). */
export const cardNetworkDigestJob = 'cardNetwork.digest';

/** The digest that will tell of what comes in now: the one at the top of the next hour. */
export function nextDigestAt(now: Date): Date {
  const next = new Date(now);
  next.setUTCMinutes(0, 0, 0);
  next.setUTCHours(next.getUTCHours() + 1);
  return next;
}

/** The Excel file of a branch submission, as the multipart form gave it. */
export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

type SubmittedBranch = LeadBranchSubmission['branches'][number];

/** A branch as a submission keeps it (and the leads list shows it). */
function submittedBranchOf(entry: BranchEntry): SubmittedBranch {
  return {
    name: entry.name,
    postcode: entry.postcode,
    postalTown: entry.postalTown ?? null,
    address: entry.address ?? null,
    merchantId: entry.merchantIds.merchantId ?? null,
    amexMerchantID: entry.merchantIds.amexMerchantID ?? null,
    zettleMerchantID: entry.merchantIds.zettleMerchantID ?? null,
  };
}

export function createPublicService(deps: {
  db: Kysely<DB>;
  leads: PublicRepository;
  users: UsersRepository;
  branches: BranchesRepository;
  auth: AuthService;
  limiter: RateLimiter;
  mailer: Mailer;
  jobs: JobQueue;
  config: Config;
  clock: Clock;
}) {
  const { db, leads, users, branches, auth, limiter, mailer, jobs, config, clock } = deps;
  const leadsUrl = `${config.publicUrl}${pagePath('cardNetworkLeads')}`;
  const merchantsUrl = `${config.publicUrl}${pagePath('merchants')}`;

  async function mailSystemAdmins(mail: Omit<OutgoingMail, 'to'>) {
    for (const to of await users.systemAdminEmails()) await mailer.send({ ...mail, to });
  }

  /**
   * The limit of every address together on the calls that store or mail something, beside each
   * address's own (access plugin): many addresses cannot flood the leads or the mail either.
   */
  async function countCall() {
    const { cardNetworkCallsPerWindow, windowMs } = config.rateLimit;
    const { allowed, retryAfterSeconds } = await limiter.hit(
      'card-network-calls',
      cardNetworkCallsPerWindow,
      windowMs,
    );
    if (!allowed) throw tooManyRequests(m.busy, retryAfterSeconds);
  }

  /** Something for the system admins came in: the next digest will tell of it (one job an hour). */
  async function digestLater(trx?: Transaction<DB>) {
    const runAt = nextDigestAt(clock());
    await jobs.enqueue(
      cardNetworkDigestJob,
      {},
      { runAt, dedupeKey: `${cardNetworkDigestJob}:${runAt.toISOString()}`, ...(trx ? { trx } : {}) },
    );
  }

  /** The file of a branch submission: an .xls or .xlsx by its name and, above all, by its bytes. */
  function checkedFile(file: UploadedFile | undefined) {
    if (!file) return null;
    if (file.bytes.length === 0)
      throw badRequest(messages.branch.fileEmpty, { excelFile: messages.branch.fileEmpty });
    const named = spreadsheetKindOfName(file.fileName);
    if (!named) throw badRequest(m.fileNotExcel, { excelFile: m.fileNotExcel });
    const kind = spreadsheetKindOf(file.bytes);
    if (kind !== named) throw badRequest(m.fileContentNotExcel, { excelFile: m.fileContentNotExcel });
    return { name: file.fileName.slice(-200), kind, bytes: file.bytes };
  }

  function branchValues(
    entries: SubmittedBranch[],
    brandId: string,
    userId: string | null,
  ): Insertable<DB['branches']>[] {
    return entries.map((entry) => ({
      brand_id: brandId,
      name: entry.name,
      postcode: entry.postcode,
      postal_town: entry.postalTown,
      address: entry.address,
      mastercard_merchant_id: entry.merchantId,
      amex_merchant_id: entry.amexMerchantID,
      zettle_merchant_id: entry.zettleMerchantID,
      status: 'Pending',
      created_by_user_id: userId,
      created_by_brand_user: true,
    }));
  }

  handleDiningSignups({ db, leads, users, auth, mailer, jobs, config, clock, digestLater });

  return {
    /**
     * POST auth/notifyAdminForAmex: the lead is stored, once per e-mail and Merchant ID (a failed
     * look-up's lead becomes this contact request), and the next digest tells the system admins.
     */
    async notifyAdmin(lead: ContactLead) {
      await countCall();
      const { toNotify } = await leads.recordLead({
        kind: 'contact',
        source: lead.from,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        company: lead.company,
        website: lead.website,
        amexMerchantId: lead.amexMerchantID,
      });
      if (toNotify) await digestLater();
      return { redirectTo: config.marketingSiteUrl };
    },

    /**
     * POST auth/getAmexUser/{amexMerchantID}: when the Merchant ID is a branch of a brand whose
     * card-network guest has not signed up yet, a fresh card-network guest link is mailed to that
     * guest's own address, at most once an hour, and the answer says nothing of the address (brief
     * §4): an anonymous caller never gets a sign-in token, nor learns whose the account is.
     * Otherwise the look-up is kept as a lead (once per e-mail and Merchant ID) and answered 404.
     */
    async lookup(input: SignupLookup) {
      await countCall();
      const guest = await leads.findWaitingCardNetworkGuest(input.amexMerchantID);
      if (!guest) {
        const { toNotify } = await leads.recordLead({
          kind: 'lookupFailed',
          source: 'amexsignup',
          email: input.email,
          phone: input.phone,
          website: input.website,
          amexMerchantId: input.amexMerchantID,
        });
        if (toNotify) await digestLater();
        throw notFound(m.lookupFailed);
      }
      const { allowed } = await limiter.hit(
        `card-network-links:${guest.id}`,
        lookupLinksPerAccountPerHour,
        3_600_000,
      );
      if (allowed) {
        const url = `${await auth.issueLink(guest.id, 'guest_login', { origin: 'card_network' })}?type=campaign`;
        await mailer.send({
          to: guest.email,
          brandId: guest.brand_id,
          ...guestLoginMail(guest.first_name, url),
        });
      }
    },

    /**
     * POST auth/onBoardAmexBrand: answers at once and the same for every address;
     * the work follows (dining-signup.ts).
     */
    async onboard(input: BrandOnboarding) {
      await countCall();
      await jobs.enqueue(diningSignupJob, input);
      return { redirectTo: config.marketingSiteUrl };
    },

    /** GET auth/getAmexBranchPage/{id}: the restaurant a branch page is for, while the page is open. */
    async branchPage(id: string) {
      const signup = await leads.findSignupByBranchPage(hashToken(id), clock());
      if (!signup) throw notFound(m.branchPageUnknown);
      return { brandName: signup.company ?? '' };
    },

    /**
     * POST auth/notifyAdminForAmexBranch: the sign-up's branches become Pending branches of its
     * brand (the normal review applies), kept with the comments and the Excel file, in one
     * transaction; a merchant ID a live branch already holds refuses the whole submission.
     */
    async submitBranches(input: BranchSubmission, upload: UploadedFile | undefined) {
      await countCall();
      const file = checkedFile(upload);
      const signup = await leads.findSignupByBranchPage(hashToken(input.id), clock());
      if (!signup?.brand_id) throw notFound(m.branchPageUnknown);
      const brandId = signup.brand_id;
      const submitted = input.branchList.map(submittedBranchOf);
      const merchantIds = submitted.flatMap((entry) =>
        [entry.merchantId, entry.amexMerchantID, entry.zettleMerchantID].filter((id): id is string =>
          Boolean(id),
        ),
      );
      await db.transaction().execute(async (trx) => {
        await leads.lockBrand(brandId, trx);
        const [inUse] = await branches.heldMerchantIds(merchantIds, [], trx);
        if (inUse) throw conflict(messages.branch.merchantIdInUse(inUse));
        await branches.insertMany(branchValues(submitted, brandId, signup.user_id), trx);
        await digestLater(trx);
        await leads.insertSubmission(
          { leadId: signup.id, branches: submitted, comments: input.comments || null, file },
          trx,
        );
      });
      return { redirectTo: config.marketingSiteUrl };
    },

    /**
     * The digest job: one mail to each system admin with every lead and branch submission no digest
     * has told of yet, or none when there is nothing. What it takes is marked told as it is read; a
     * mail that fails gives it back, so the job's next attempt tells of it.
     */
    async sendDigest() {
      const takenAt = clock();
      const untold = await leads.takeUntold(takenAt);
      if (untold.leads.length === 0 && untold.submissions.length === 0) return;
      const submissions = untold.submissions.map((submission) => ({
        company: submission.company ?? submission.email,
        branchNames: (submission.branches as SubmittedBranch[]).map((entry) => entry.name),
        comments: submission.comments,
        fileName: submission.file_name,
        fileUrl: submission.file_kind ? `${config.publicUrl}${submissionFilePath(submission.id)}` : null,
      }));
      try {
        await mailSystemAdmins(
          cardNetworkDigestMail(
            { leads: untold.leads, submissions },
            { leads: leadsUrl, merchants: merchantsUrl },
          ),
        );
      } catch (error) {
        await leads.giveBackUntold(
          {
            leadIds: untold.leads.map((lead) => lead.id),
            submissionIds: untold.submissions.map((submission) => submission.id),
          },
          takenAt,
        );
        throw error;
      }
    },

    /** The system admin's list of leads, each with its branch submissions. */
    async list(query: PageQuery & Omit<LeadListQuery, 'page' | 'limit'>) {
      const { rows, total } = await leads.leadsPage(query);
      const submissions = await leads.submissionsOf(rows.map((row) => row.id));
      const data = leadRowsOf(rows, submissions);
      return { data, pagination: paginationOf(query, total) };
    },

    async submissionFile(id: string) {
      const row = await leads.findSubmissionFile(id);
      if (!row?.file_bytes || !row.file_kind) throw notFound();
      return {
        kind: row.file_kind,
        bytes: row.file_bytes,
        fileName: `branches-${row.id.slice(0, 8)}.${row.file_kind}`,
      };
    },
  };
}

export type PublicService = ReturnType<typeof createPublicService>;
