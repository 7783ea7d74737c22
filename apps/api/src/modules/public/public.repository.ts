import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { LeadKind, LeadSortField, LeadSource } from '@krowd/domain/public/card-network.schema';
import type { SortDirection } from '@krowd/domain/list/list.schema';
import type { DB } from '../../db/database.generated.ts';
import { merchantIdHoldingStatuses } from '@krowd/domain/branch/branch.rules';

type Executor = Kysely<DB>;

export interface LeadListQuery {
  search?: string;
  kind?: LeadKind;
  sort?: { sortfield: LeadSortField; direction: SortDirection };
  page: number;
  limit: number;
}

const sortColumns: Record<LeadSortField, string> = {
  created: 'created_at',
  name: 'name',
  company: 'company',
  email: 'email',
  kind: 'kind',
};

/** What a lead says of the person and their restaurant, as the list and the digest show it. */
const leadDetailColumns = [
  'id',
  'kind',
  'source',
  'name',
  'email',
  'phone',
  'company',
  'legal_name',
  'website',
  'amex_merchant_id',
] as const;

/** The leads of the public card-network pages and the branch submissions of dining sign-ups. */
export function createPublicRepository(db: Kysely<DB>) {
  function listedLeads(query: LeadListQuery) {
    let select = db.selectFrom('card_network_leads');
    if (query.kind) select = select.where('kind', '=', query.kind);
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      select = select.where((eb) =>
        eb.or([
          eb('name', 'ilike', pattern),
          eb('email', 'ilike', pattern),
          eb('company', 'ilike', pattern),
          eb('legal_name', 'ilike', pattern),
          eb('amex_merchant_id', 'ilike', pattern),
        ]),
      );
    }
    return select;
  }

  return {
    /** The brand a dining sign-up creates, by the name it gave. */
    async insertSignupBrand(name: string, trx: Transaction<DB>) {
      return trx.insertInto('brands').values({ name }).returning('id').executeTakeFirstOrThrow();
    },

    async insertLead(values: Insertable<DB['card_network_leads']>, executor: Executor = db) {
      const row = await executor
        .insertInto('card_network_leads')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * A contact request or a failed look-up, once per e-mail and Merchant ID (migration 0031): the
     * same again counts as a repeat, and a contact request turns a failed look-up into one, with
     * the details it brings. Answers whether the digest should tell of it (a new lead, or a contact
     * request again); a repeated failed look-up is only counted.
     */
    async recordLead(values: {
      kind: 'contact' | 'lookupFailed';
      source: LeadSource;
      email: string;
      name?: string | null;
      phone?: string | null;
      company?: string | null;
      website?: string | null;
      amexMerchantId?: string | null;
    }): Promise<{ toNotify: boolean }> {
      const { rows } = await sql<{ to_notify: boolean }>`
        INSERT INTO card_network_leads AS l (kind, source, email, name, phone, company, website, amex_merchant_id)
        VALUES (${values.kind}, ${values.source}, ${values.email}, ${values.name ?? null}, ${values.phone ?? null},
          ${values.company ?? null}, ${values.website ?? null}, ${values.amexMerchantId ?? null})
        ON CONFLICT (lower(email), coalesce(amex_merchant_id, '')) WHERE kind IN ('contact', 'lookupFailed')
        DO UPDATE SET
          kind = CASE WHEN excluded.kind = 'contact' THEN 'contact' ELSE l.kind END,
          source = CASE WHEN excluded.kind = 'contact' THEN excluded.source ELSE l.source END,
          name = coalesce(excluded.name, l.name),
          phone = coalesce(excluded.phone, l.phone),
          company = coalesce(excluded.company, l.company),
          website = coalesce(excluded.website, l.website),
          repeats = l.repeats + 1,
          last_seen_at = now(),
          notified_at = CASE WHEN excluded.kind = 'contact' THEN NULL ELSE l.notified_at END
        RETURNING notified_at IS NULL AS to_notify
      `.execute(db);
      return { toNotify: rows[0]!.to_notify };
    },

    /**
     * Takes the leads and branch submissions no digest has told the system admins of yet, marking
     * them told at `now` in the same statements, so two runs never tell of one twice; oldest first.
     */
    async takeUntold(now: Date) {
      const leads = await db
        .updateTable('card_network_leads')
        .set({ notified_at: now })
        .where('notified_at', 'is', null)
        .returning([...leadDetailColumns, 'repeats', 'last_seen_at'])
        .execute();
      const submissions = await db
        .updateTable('card_network_branch_submissions as s')
        .from('card_network_leads as l')
        .set({ notified_at: now })
        .whereRef('l.id', '=', 's.lead_id')
        .where('s.notified_at', 'is', null)
        .returning([
          's.id',
          's.branches',
          's.comments',
          's.file_name',
          's.file_kind',
          's.created_at',
          'l.company',
          'l.email',
        ])
        .execute();
      const byTime =
        <Row extends { id: string }>(at: (row: Row) => Date) =>
        (a: Row, b: Row) =>
          at(a).getTime() - at(b).getTime() || a.id.localeCompare(b.id);
      return {
        leads: leads.sort(byTime((row) => row.last_seen_at)),
        submissions: submissions.sort(byTime((row) => row.created_at)),
      };
    },

    /** A digest that could not be sent: what it took is untold again, for the job's next attempt. */
    async giveBackUntold(taken: { leadIds: string[]; submissionIds: string[] }, takenAt: Date) {
      if (taken.leadIds.length > 0) {
        await db
          .updateTable('card_network_leads')
          .set({ notified_at: null })
          .where('id', 'in', taken.leadIds)
          .where('notified_at', '=', takenAt)
          .execute();
      }
      if (taken.submissionIds.length > 0) {
        await db
          .updateTable('card_network_branch_submissions')
          .set({ notified_at: null })
          .where('id', 'in', taken.submissionIds)
          .where('notified_at', '=', takenAt)
          .execute();
      }
    },

    /** The dining sign-up a branch page id (by its hash) opens, while the page has not expired. */
    findSignupByBranchPage(hash: string, now: Date, executor: Executor = db) {
      return executor
        .selectFrom('card_network_leads')
        .select(['id', 'brand_id', 'user_id', 'name', 'company', 'email'])
        .where('branch_page_hash', '=', hash)
        .where('kind', '=', 'diningSignup')
        .where('branch_page_expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Holds the brand's row until the transaction ends, so two submissions for it go one after the other. */
    async lockBrand(brandId: string, executor: Executor) {
      await executor.selectFrom('brands').select('id').where('id', '=', brandId).forUpdate().execute();
    },

    /**
     * A card-network guest still onboarding whose brand has a live branch with this Amex Merchant
     * ID: a guest account (both guest flags, active) that was sent a card-network guest link.
     */
    findWaitingCardNetworkGuest(amexMerchantId: string) {
      return db
        .selectFrom('branches as b')
        .innerJoin('users as u', 'u.brand_id', 'b.brand_id')
        .select(['u.id', 'u.email', 'u.first_name', 'u.brand_id'])
        .where('b.amex_merchant_id', '=', amexMerchantId)
        .where('b.status', 'in', merchantIdHoldingStatuses)
        .where('u.guest_user', '=', true)
        .where('u.guest_user_flag', '=', true)
        .where('u.status', '=', 'active')
        .where('u.deleted_at', 'is', null)
        .where('u.entity_type', '=', 'brand')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('one_time_tokens as t')
              .select('t.id')
              .whereRef('t.user_id', '=', 'u.id')
              .where('t.purpose', '=', 'guest_login')
              .where('t.origin', '=', 'card_network'),
          ),
        )
        .orderBy('u.created_at')
        .limit(1)
        .executeTakeFirst();
    },

    async insertSubmission(
      values: {
        leadId: string;
        branches: unknown;
        comments: string | null;
        file: { name: string; kind: 'xls' | 'xlsx'; bytes: Uint8Array } | null;
      },
      executor: Executor = db,
    ) {
      const row = await executor
        .insertInto('card_network_branch_submissions')
        .values({
          lead_id: values.leadId,
          branches: JSON.stringify(values.branches),
          comments: values.comments,
          file_name: values.file?.name ?? null,
          file_kind: values.file?.kind ?? null,
          file_bytes: values.file?.bytes ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** One page of leads with the total in the same query; a page past the end is counted apart. */
    async leadsPage(query: LeadListQuery) {
      const sort = query.sort ?? { sortfield: 'created', direction: 'desc' };
      const rows = await listedLeads(query)
        .select([...leadDetailColumns, 'brand_id', 'created_at', sql<number>`count(*) OVER ()`.as('total')])
        .orderBy(sql`${sql.ref(sortColumns[sort.sortfield])} ${sql.raw(sort.direction)} NULLS LAST`)
        .orderBy('id', sort.direction)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      if (rows[0] || query.page === 1) return { rows, total: rows[0]?.total ?? 0 };
      const counted = await listedLeads(query)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(counted.total) };
    },

    /** The branch submissions of the leads, oldest first, without their files' bytes. */
    async submissionsOf(leadIds: string[]) {
      if (leadIds.length === 0) return [];
      return db
        .selectFrom('card_network_branch_submissions')
        .select(['id', 'lead_id', 'branches', 'comments', 'file_name', 'file_kind', 'created_at'])
        .where('lead_id', 'in', leadIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    findSubmissionFile(id: string) {
      return db
        .selectFrom('card_network_branch_submissions')
        .select(['id', 'file_kind', 'file_bytes'])
        .where('id', '=', id)
        .where('file_bytes', 'is not', null)
        .executeTakeFirst();
    },
  };
}

export type PublicRepository = ReturnType<typeof createPublicRepository>;
