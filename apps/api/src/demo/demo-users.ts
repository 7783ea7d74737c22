import type { Transaction } from 'kysely';
import type { BrandRole } from '@krowd/domain/access/access.rules';
import type { DB } from '../db/database.generated.ts';
import type { DemoBrandKey } from './demo-catalogue.ts';

/** Where a demo colleague belongs: a brand, the demo group itself, or the demo bank. */
type Place = { brand: DemoBrandKey } | { group: true } | { bank: true };

interface DemoColleague {
  firstName: string;
  lastName: string;
  role: BrandRole | null;
  place: Place;
  /** Days before the load the user was added, so the list's created dates differ. */
  addedDaysAgo: number;
}

/**
 * Colleagues of the demo accounts, so the Users and Bank Users lists have something to page,
 * sort and search: more than a page for Green Fork, a few for each group brand, the group and the
 * bank. They sign in with the demo password like the demo accounts; none is listed in the README.
 */
export const demoColleagues: readonly DemoColleague[] = [
  {
    firstName: 'Olivia',
    lastName: 'Hart',
    role: 'brandAdmin',
    place: { brand: 'standalone' },
    addedDaysAgo: 200,
  },
  {
    firstName: 'Noah',
    lastName: 'Patel',
    role: 'brandUser',
    place: { brand: 'standalone' },
    addedDaysAgo: 150,
  },
  {
    firstName: 'Amelia',
    lastName: 'Clarke',
    role: 'user',
    place: { brand: 'standalone' },
    addedDaysAgo: 120,
  },
  { firstName: 'George', lastName: 'Evans', role: 'user', place: { brand: 'standalone' }, addedDaysAgo: 90 },
  {
    firstName: 'Isla',
    lastName: 'Murphy',
    role: 'brandUser',
    place: { brand: 'standalone' },
    addedDaysAgo: 60,
  },
  {
    firstName: 'Harry',
    lastName: 'Walsh',
    role: 'companyAdmin',
    place: { brand: 'standalone' },
    addedDaysAgo: 45,
  },
  { firstName: 'Freya', lastName: 'Singh', role: 'user', place: { brand: 'standalone' }, addedDaysAgo: 20 },
  {
    firstName: 'Jack',
    lastName: 'Turner',
    role: 'brandAdmin',
    place: { brand: 'groupBrandA' },
    addedDaysAgo: 180,
  },
  {
    firstName: 'Poppy',
    lastName: 'Hughes',
    role: 'brandUser',
    place: { brand: 'groupBrandA' },
    addedDaysAgo: 100,
  },
  { firstName: 'Leo', lastName: 'Morgan', role: 'user', place: { brand: 'groupBrandA' }, addedDaysAgo: 30 },
  {
    firstName: 'Ella',
    lastName: 'Reid',
    role: 'brandAdmin',
    place: { brand: 'groupBrandB' },
    addedDaysAgo: 170,
  },
  {
    firstName: 'Oscar',
    lastName: 'Price',
    role: 'brandUser',
    place: { brand: 'groupBrandB' },
    addedDaysAgo: 75,
  },
  { firstName: 'Mia', lastName: 'Khan', role: 'groupUser', place: { group: true }, addedDaysAgo: 140 },
  { firstName: 'Theo', lastName: 'Bennett', role: 'groupAdmin', place: { group: true }, addedDaysAgo: 110 },
  { firstName: 'Ruby', lastName: 'Foster', role: null, place: { bank: true }, addedDaysAgo: 160 },
  { firstName: 'Arthur', lastName: 'Gray', role: null, place: { bank: true }, addedDaysAgo: 80 },
  { firstName: 'Lily', lastName: 'Ward', role: null, place: { bank: true }, addedDaysAgo: 10 },
];

const day = 86_400_000;

export const demoColleagueEmail = (colleague: Pick<DemoColleague, 'firstName' | 'lastName'>) =>
  `${colleague.firstName}.${colleague.lastName}@demo.test`.toLowerCase();

export async function loadDemoColleagues(
  trx: Transaction<DB>,
  ids: { brandIds: Record<DemoBrandKey, string>; groupId: string; bankId: string },
  passwordHash: string,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('users')
    .values(
      demoColleagues.map((colleague) => {
        const { place } = colleague;
        return {
          email: demoColleagueEmail(colleague),
          password_hash: passwordHash,
          first_name: colleague.firstName,
          last_name: colleague.lastName,
          phone: `0770090${String(demoColleagues.indexOf(colleague)).padStart(4, '0')}`,
          entity_type: 'bank' in place ? ('bank' as const) : ('brand' as const),
          role: colleague.role,
          brand_id: 'brand' in place ? ids.brandIds[place.brand] : null,
          group_id: 'group' in place ? ids.groupId : null,
          bank_id: 'bank' in place ? ids.bankId : null,
          is_t_and_c_accepted: true,
          process_completed: true,
          created_at: new Date(now.getTime() - colleague.addedDaysAgo * day),
        };
      }),
    )
    .execute();
}
