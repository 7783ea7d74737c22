import type { Kysely } from 'kysely';
import type { BrandRole } from '@krowd/domain/access/access.rules';
import type { EntityType } from '@krowd/domain/auth/auth.schema';
import type { DB } from '../db/database.generated.ts';
import { hashPassword } from '../crypto/passwords.ts';
import { loadDemoBranchDirectory } from './demo-branch-directory.ts';
import { loadDemoCampaigns } from './demo-campaigns.ts';
import { loadDemoCatalogue, type DemoBrandKey } from './demo-catalogue.ts';
import { loadDemoHoldoutPurchases } from './demo-holdouts.ts';
import { loadDemoBankPublisher } from './demo-publishers.ts';
import { loadDemoColleagues } from './demo-users.ts';
import type { SellerDetails } from '../modules/invoices/invoice-document-lines.ts';
import { loadDemoInvoices, loadDemoReporting } from './demo-reporting.ts';
import { demoMerchants, ingestDemoTransactions } from './demo-transactions.ts';
import { loadDemoReviews } from './demo-reviews.ts';
import { loadDemoImpressions } from './demo-impressions.ts';

/** Every demo account signs in with this password (brief §7). */
export const demoPassword = 'Demo@12345';
export const demoGuestEmail = 'guest@demo.test';
export const demoAdminEmail = 'admin@demo.test';
/**
 * The demo system admin's two-step sign-in secret (base32; README 'Demo accounts'): the system
 * admin must use two-step sign-in, so the demo seeds it set up. `npm run demo:code` prints the code.
 */
export const demoAdminTotpSecret = 'KRWDDEMOADMINTWOSTEPSIGNIN234567';
/** A guest of a card-network brand: the link printed for them starts a card-network session. */
export const demoCardNetworkGuestEmail = 'cardnetwork@demo.test';

type DemoBrand = DemoBrandKey;

interface DemoAccount {
  email: string;
  who: string;
  firstName: string;
  lastName: string;
  entityType: EntityType;
  role: BrandRole | null;
  brand?: DemoBrand;
  inGroup?: boolean;
  inBank?: boolean;
  /** An admin of the demo bank: may change its details (My Bank). */
  bankAdmin?: boolean;
  isClientAdmin?: boolean;
  isFirstLogin?: boolean;
  isInternalDemo?: boolean;
  guest?: boolean;
}

/** The demo accounts of brief §7, in its order. */
export const demoAccounts: readonly DemoAccount[] = [
  {
    email: demoAdminEmail,
    who: 'system admin, two-step sign-in (code: npm run demo:code)',
    firstName: 'Sam',
    lastName: 'Admin',
    entityType: 'systemadmin',
    role: null,
  },
  {
    email: 'bank@demo.test',
    who: 'bank user',
    firstName: 'Bea',
    lastName: 'Banker',
    entityType: 'bank',
    role: null,
    inBank: true,
    bankAdmin: true,
  },
  {
    email: 'cardprovider@demo.test',
    who: 'card provider',
    firstName: 'Cal',
    lastName: 'Provider',
    entityType: 'cardprovider',
    role: null,
    brand: 'standalone',
  },
  {
    email: 'clientadmin@demo.test',
    who: 'operator with isClientAdmin',
    firstName: 'Cleo',
    lastName: 'Operator',
    entityType: 'brand',
    role: 'brandUser',
    isClientAdmin: true,
  },
  {
    email: 'groupadmin@demo.test',
    who: 'groupAdmin of the demo group',
    firstName: 'Grace',
    lastName: 'Groupadmin',
    entityType: 'brand',
    role: 'groupAdmin',
    inGroup: true,
  },
  {
    email: 'groupuser@demo.test',
    who: 'groupUser (Group Finance) of the demo group',
    firstName: 'Gus',
    lastName: 'Finance',
    entityType: 'brand',
    role: 'groupUser',
    inGroup: true,
  },
  {
    email: 'companyadmin@demo.test',
    who: 'companyAdmin of the standalone brand',
    firstName: 'Cara',
    lastName: 'Company',
    entityType: 'brand',
    role: 'companyAdmin',
    brand: 'standalone',
  },
  {
    email: 'brandadmin@demo.test',
    who: 'brandAdmin of the standalone brand',
    firstName: 'Bram',
    lastName: 'Brandadmin',
    entityType: 'brand',
    role: 'brandAdmin',
    brand: 'standalone',
  },
  {
    email: 'branduser@demo.test',
    who: 'brandUser (Brand Finance) of the standalone brand',
    firstName: 'Bella',
    lastName: 'Finance',
    entityType: 'brand',
    role: 'brandUser',
    brand: 'standalone',
  },
  {
    email: 'user@demo.test',
    who: 'role user of the standalone brand',
    firstName: 'Uma',
    lastName: 'User',
    entityType: 'brand',
    role: 'user',
    brand: 'standalone',
  },
  {
    email: 'firstlogin@demo.test',
    who: 'role user with isFirstLogin, no campaign yet',
    firstName: 'Finn',
    lastName: 'Newcomer',
    entityType: 'brand',
    role: 'user',
    brand: 'firstLogin',
    isFirstLogin: true,
  },
  {
    email: 'internal@demo.test',
    who: 'internal demo user (fixed demo figures, fixed 10% discount)',
    firstName: 'Ivo',
    lastName: 'Internal',
    entityType: 'brand',
    role: 'companyAdmin',
    brand: 'standalone',
    isInternalDemo: true,
  },
];

export const demoNames = {
  group: 'Northern Plates Group',
  brands: {
    groupBrandA: 'Harbour Kitchen',
    groupBrandB: 'Ember Pizza Co',
    standalone: 'Green Fork',
    firstLogin: 'First Light Bakery',
    guest: 'Guest Bistro',
    cardNetwork: 'Saffron Table',
  } satisfies Record<DemoBrand, string>,
  bank: 'Demo Bank',
};

export async function databaseIsEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Loads the demo group (two brands), the standalone brand, a bank and every demo account, in one
 * transaction. Demo users other than firstlogin@ have accepted the terms; guest@ is a guest with
 * no password, who signs in through the link printed at start-up.
 *
 * With `transactions`, that many rows of a year of demo transactions (demo-transactions.ts) then
 * go through the ingestion service, a file per publisher and month, and the ingestion logs are
 * theirs; without (the test harness), the logs are demo-reporting.ts's synthetic ones.
 */
export async function loadDemoData(
  db: Kysely<DB>,
  options: { now?: Date; timeZone?: string; transactions?: number; seller?: SellerDetails } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? 'America/New_York';
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction().execute(async (trx) => {
    const group = await trx
      .insertInto('groups')
      .values({ name: demoNames.group })
      .returning('id')
      .executeTakeFirstOrThrow();
    const brandIds = {} as Record<DemoBrand, string>;
    for (const [key, name] of Object.entries(demoNames.brands) as [DemoBrand, string][]) {
      const inGroup = key === 'groupBrandA' || key === 'groupBrandB';
      const brand = await trx
        .insertInto('brands')
        .values({ name, group_id: inGroup ? group.id : null })
        .returning('id')
        .executeTakeFirstOrThrow();
      brandIds[key] = brand.id;
    }
    const bank = await trx
      .insertInto('banks')
      .values({
        name: demoNames.bank,
        contact_email: 'partners@demobank.test',
        contact_phone: '02079460123',
        address: '1 Threadneedle Street, London EC2R 8AH',
        website: 'https://demobank.test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The demo bank publishes every demo brand, so bank@demo.test reviews all their campaigns and branches.
    await trx
      .insertInto('brand_banks')
      .values(Object.values(brandIds).map((brandId) => ({ bank_id: bank.id, brand_id: brandId })))
      .execute();
    await loadDemoBankPublisher(trx, bank.id, Object.values(brandIds));

    await trx
      .insertInto('users')
      .values([
        ...demoAccounts.map((account) => ({
          email: account.email,
          // The same password for every demo account, hence one hash.
          password_hash: passwordHash,
          first_name: account.firstName,
          last_name: account.lastName,
          phone: '07700900000',
          entity_type: account.entityType,
          role: account.role,
          is_client_admin: account.isClientAdmin ?? false,
          brand_id: account.brand ? brandIds[account.brand] : null,
          group_id: account.inGroup ? group.id : null,
          bank_id: account.inBank ? bank.id : null,
          is_bank_admin: account.bankAdmin ?? false,
          is_first_login: account.isFirstLogin ?? false,
          is_internal_demo: account.isInternalDemo ?? false,
          is_t_and_c_accepted: !account.isFirstLogin,
          process_completed: !account.isFirstLogin,
        })),
        {
          email: demoGuestEmail,
          password_hash: null,
          first_name: 'Gia',
          last_name: 'Guest',
          entity_type: 'brand' as const,
          role: 'companyAdmin' as const,
          brand_id: brandIds.guest,
          guest_user: true,
          guest_user_flag: true,
          is_first_login: true,
        },
        {
          email: demoCardNetworkGuestEmail,
          password_hash: null,
          first_name: 'Cyrus',
          last_name: 'Network',
          entity_type: 'brand' as const,
          role: 'companyAdmin' as const,
          brand_id: brandIds.cardNetwork,
          guest_user: true,
          guest_user_flag: true,
        },
      ])
      .execute();
    await loadDemoColleagues(trx, { brandIds, groupId: group.id, bankId: bank.id }, passwordHash, now);
    const admin = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', demoAdminEmail)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_multi_factor')
      .values({ user_id: admin.id, secret: demoAdminTotpSecret, enabled_at: now, last_used_step: null })
      .execute();
    const brandUser = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'companyadmin@demo.test')
      .executeTakeFirstOrThrow();
    const { branchIds, publisherIds } = await loadDemoCatalogue(trx, brandIds, brandUser.id);
    const brands = Object.fromEntries(
      (Object.keys(brandIds) as DemoBrand[]).map((key) => [
        key,
        { id: brandIds[key], name: demoNames.brands[key] },
      ]),
    ) as Record<DemoBrand, { id: string; name: string }>;
    await loadDemoCampaigns(trx, brands, branchIds, brandUser.id, now, timeZone);
    await loadDemoBranchDirectory(trx);
    await loadDemoReviews(trx, { brandIds, now });
    await loadDemoReporting(trx, brandIds, publisherIds, now, {
      ingestionLogs: !options.transactions,
    });
  });
  if (options.transactions) {
    await ingestDemoTransactions(db, {
      merchants: await demoMerchants(db),
      count: options.transactions,
      now,
      timeZone,
      file: 'month',
    });
    await loadDemoImpressions(db, { now, timeZone });
    // The invoice run over the ingested transactions: the demo's invoices (demo-reporting.ts).
    await loadDemoInvoices(db, { now, timeZone, seller: options.seller });
    // This month's purchases at Demo Bank, which honours the demo campaign's holdout (decision
    // 0129): after the invoice run, which invoices closed months only, so its figures stand.
    await loadDemoHoldoutPurchases(db, { now, timeZone });
  }
}

/** The id of a demo guest while they are still a guest (a link for them is printed at start). */
export async function demoGuestId(db: Kysely<DB>, email = demoGuestEmail): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('guest_user', '=', true)
    .executeTakeFirst();
  return row?.id;
}
