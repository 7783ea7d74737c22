import type { Insertable, Kysely } from 'kysely';
import { pagePath } from '@krowd/domain/access/access.rules';
import { paginationOf, type PageQuery } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  maskEmail,
  spreadsheetKindOf,
  spreadsheetKindOfName,
  splitPersonName,
} from '@krowd/domain/public/card-network.rules';
import type {
  BrandOnboarding,
  BranchEntry,
  BranchSubmission,
  ContactLead,
  SignupLookup,
} from '@krowd/domain/public/card-network.schema';
import type { LeadBranchSubmission, LeadRow } from '@krowd/domain/public/public-response.schema';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limiter.ts';
import type { AuthService, Clock } from '../auth/auth.service.ts';
import { hashToken, newToken } from '../../crypto/tokens.ts';
import type { BranchesRepository } from '../branches/branches.repository.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import {
  branchesSubmittedMail,
  contactLeadMail,
  diningSignupAdminMail,
  diningWelcomeMail,
  guestLoginMail,
} from './public.mail.ts';
import type { LeadListQuery, PublicRepository } from './public.repository.ts';

const m = messages.cardNetwork;
const day = 86_400_000;
/** How long a sign-up's branch page stays open. */
export const branchPageLifetimeMs = 30 * day;
/** Sign-in links one waiting account may be sent by look-ups an hour; beyond it the answer is the same. */
export const lookupLinksPerAccountPerHour = 3;

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

const isUniqueViolation = (error: unknown) => String((error as { code?: unknown }).code) === '23505';

/** The page a lead's `from` names, as a person reads it in an e-mail. */
const pageOf = (from: ContactLead['from']) => `/${from}`;

export function createPublicService(deps: {
  db: Kysely<DB>;
  leads: PublicRepository;
  users: UsersRepository;
  branches: BranchesRepository;
  auth: AuthService;
  limiter: RateLimiter;
  mailer: Mailer;
  config: Config;
  clock: Clock;
}) {
  const { db, leads, users, branches, auth, limiter, mailer, config, clock } = deps;
  const leadsUrl = `${config.publicUrl}${pagePath('cardNetworkLeads')}`;

  async function mailSystemAdmins(mail: Omit<OutgoingMail, 'to'>) {
    for (const to of await users.systemAdminEmails()) await mailer.send({ ...mail, to });
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

  /**
   * The dining sign-up's work: for a new address the brand, its card-network guest account
   * (companyAdmin), the lead with its branch page and the guest link, in one transaction; then the
   * registrant is mailed the guest link and the branch page, and the system admins are told. A taken
   * address changes nothing: its owner is told someone tried, as by the sign-up.
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
    let guestUrl: string;
    try {
      guestUrl = await db.transaction().execute(async (trx) => {
        const brand = await trx
          .insertInto('brands')
          .values({ name: input.brandName })
          .returning('id')
          .executeTakeFirstOrThrow();
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
        return auth.issueLink(userId, 'guest_login', { origin: 'card_network', executor: trx });
      });
    } catch (error) {
      // Two sign-ups racing for one e-mail: the unique index decides; the other is an attempt.
      if (!isUniqueViolation(error)) throw error;
      const winner = await users.findAccountByEmail(input.email);
      if (winner) await auth.mailOwnerOfTakenAddress(winner);
      return;
    }
    const branchPageUrl = `${config.publicUrl}/amexdiningbranch/${branchPage.token}`;
    await mailer.send({
      to: input.email,
      ...diningWelcomeMail(firstName, `${guestUrl}?type=campaign`, branchPageUrl),
    });
    await mailSystemAdmins(diningSignupAdminMail(input, leadsUrl));
  }

  return {
    /** POST auth/notifyAdminForAmex: the lead is stored and every system admin told. */
    async notifyAdmin(lead: ContactLead) {
      await leads.insertLead({
        kind: 'contact',
        source: lead.from,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        company: lead.company,
        website: lead.website,
        amex_merchant_id: lead.amexMerchantID,
      });
      await mailSystemAdmins(
        contactLeadMail({ ...lead, kind: 'contact', page: pageOf(lead.from) }, leadsUrl),
      );
      return { redirectTo: config.marketingSiteUrl };
    },

    /**
     * POST auth/getAmexUser/{amexMerchantID}: when the Merchant ID is a branch of a brand whose
     * card-network guest has not signed up yet, a fresh card-network guest link is mailed to that
     * guest's own address and only the masked address is answered: an anonymous caller never gets
     * a sign-in token. Otherwise the look-up is kept as a lead and answered 404.
     */
    async lookup(input: SignupLookup) {
      const guest = await leads.findWaitingCardNetworkGuest(input.amexMerchantID);
      if (!guest) {
        await leads.insertLead({
          kind: 'lookupFailed',
          source: 'amexsignup',
          email: input.email,
          phone: input.phone,
          website: input.website,
          amex_merchant_id: input.amexMerchantID,
        });
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
      return { email: maskEmail(guest.email) };
    },

    /**
     * POST auth/onBoardAmexBrand: answers at once and the same for every address (issue 16 §14);
     * the work follows (completeOnboarding).
     */
    onboard(input: BrandOnboarding) {
      auth.afterAnswer(() => completeOnboarding(input));
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
      const submissionId = await db.transaction().execute(async (trx) => {
        await leads.lockBrand(brandId, trx);
        const [inUse] = await branches.heldMerchantIds(merchantIds, [], trx);
        if (inUse) throw conflict(messages.branch.merchantIdInUse(inUse));
        await branches.insertMany(branchValues(submitted, brandId, signup.user_id), trx);
        return leads.insertSubmission(
          { leadId: signup.id, branches: submitted, comments: input.comments || null, file },
          trx,
        );
      });
      await mailSystemAdmins(
        branchesSubmittedMail(
          {
            company: signup.company ?? signup.email,
            branchNames: submitted.map((entry) => entry.name),
            comments: input.comments || null,
            fileName: file?.name ?? null,
            fileUrl: file ? `${config.publicUrl}${submissionFilePath(submissionId)}` : null,
          },
          `${config.publicUrl}${pagePath('merchants')}`,
        ),
      );
      return { redirectTo: config.marketingSiteUrl };
    },

    /** The system admin's list of leads, each with its branch submissions. */
    async list(query: PageQuery & Omit<LeadListQuery, 'page' | 'limit'>) {
      const { rows, total } = await leads.leadsPage(query);
      const submissions = await leads.submissionsOf(rows.map((row) => row.id));
      const data: LeadRow[] = rows.map((row) => ({
        _id: row.id,
        created: row.created_at.toISOString(),
        kind: row.kind,
        from: row.source,
        name: row.name,
        email: row.email,
        phone: row.phone,
        company: row.company,
        legalName: row.legal_name,
        website: row.website,
        amexMerchantID: row.amex_merchant_id,
        brandId: row.brand_id,
        branchSubmissions: submissions
          .filter((submission) => submission.lead_id === row.id)
          .map((submission) => ({
            _id: submission.id,
            created: submission.created_at.toISOString(),
            comments: submission.comments,
            branches: submission.branches as SubmittedBranch[],
            fileName: submission.file_name,
            fileUrl: submission.file_kind ? submissionFilePath(submission.id) : null,
          })),
      }));
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

/** Where a system admin opens a submission's Excel file. */
export function submissionFilePath(submissionId: string) {
  return `/api/cardnetwork/submissions/${submissionId}/file`;
}

export type PublicService = ReturnType<typeof createPublicService>;
