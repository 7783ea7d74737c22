import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** A user with the names of the brand, group and bank they belong to: what a session needs. */
export type UserAccount = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createUsersRepository>['findAccountById']>>
>;

export function createUsersRepository(db: Kysely<DB>) {
  const accounts = (executor: Executor) =>
    executor
      .selectFrom('users as u')
      .leftJoin('brands as b', 'b.id', 'u.brand_id')
      .leftJoin('groups as g', (join) =>
        join.on((eb) => eb('g.id', '=', eb.fn.coalesce('u.group_id', 'b.group_id'))),
      )
      .leftJoin('banks as k', 'k.id', 'u.bank_id')
      .selectAll('u')
      .select([
        'b.name as brand_name',
        'g.id as effective_group_id',
        'g.name as group_name',
        'k.name as bank_name',
      ]);

  return {
    findAccountById(id: string, executor: Executor = db) {
      return accounts(executor).where('u.id', '=', id).executeTakeFirst();
    },

    findAccountByEmail(email: string, executor: Executor = db) {
      return accounts(executor).where('u.email', '=', email.toLowerCase()).executeTakeFirst();
    },

    async emailExists(email: string, executor: Executor = db) {
      const row = await executor
        .selectFrom('users')
        .select('id')
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    brandsOfGroup(groupId: string, executor: Executor = db) {
      return executor
        .selectFrom('brands')
        .select(['id', 'name'])
        .where('group_id', '=', groupId)
        .orderBy('name')
        .execute();
    },

    async setPasswordHash(userId: string, passwordHash: string, executor: Executor = db) {
      await executor
        .updateTable('users')
        .set((eb) => ({
          password_hash: passwordHash,
          updated_at: new Date(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', userId)
        .execute();
    },

    async acceptTerms(userId: string) {
      await db
        .updateTable('users')
        .set((eb) => ({ is_t_and_c_accepted: true, updated_at: new Date(), version: eb('version', '+', 1) }))
        .where('id', '=', userId)
        .execute();
    },

    async createBrandOwner(
      input: { firstName: string; lastName: string; email: string; passwordHash: string },
      executor: Executor,
    ) {
      const brand = await executor
        .insertInto('brands')
        .values({ name: `${input.firstName} ${input.lastName}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      return executor
        .insertInto('users')
        .values({
          email: input.email.toLowerCase(),
          password_hash: input.passwordHash,
          first_name: input.firstName,
          last_name: input.lastName,
          entity_type: 'brand',
          role: 'companyAdmin',
          brand_id: brand.id,
          is_first_login: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
