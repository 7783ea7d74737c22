import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { BrandRole } from '@krowd/domain/access/access.rules';
import type { SortDirection } from '@krowd/domain/list/list.schema';
import type { UserSortField } from '@krowd/domain/user/user.schema';
import type { DB } from '../../db/database.generated.ts';
import type { UserStatus } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** Which users a list covers: one tenant's part, by the caller's scope and the brand chosen. */
export type UserListScope =
  | { kind: 'all'; brandId?: string }
  | { kind: 'brands'; brandIds: string[] }
  | { kind: 'group'; groupId: string }
  | { kind: 'bank'; bankId: string };

export interface UserListQuery {
  scope: UserListScope;
  search?: string;
  /** Roles whose key or label the search text is part of. */
  searchRoles: BrandRole[];
  status?: UserStatus;
  sort?: { sortfield: UserSortField; direction: SortDirection };
  page: number;
  limit: number;
}

/** A LIKE pattern that matches the text literally, wherever it appears. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

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
        // A bank user's scope: the brands linked to their bank, read with the session each request.
        (eb) =>
          eb
            .selectFrom('brand_banks as bb')
            .select(
              sql<string[]>`coalesce(array_agg(bb.brand_id::text ORDER BY bb.brand_id), '{}')`.as('ids'),
            )
            .whereRef('bb.bank_id', '=', 'u.bank_id')
            .as('bank_brand_ids'),
      ]);

  /** Users not deleted: a deleted user is gone for every purpose but the history that names it. */
  const liveAccounts = (executor: Executor) => accounts(executor).where('u.deleted_at', 'is', null);

  /** The list's filters: scope, status, and search on e-mail, display name and role. */
  const listedAccounts = (query: UserListQuery) => {
    let listed = liveAccounts(db);
    const { scope } = query;
    switch (scope.kind) {
      case 'all':
        if (scope.brandId) listed = listed.where('u.brand_id', '=', scope.brandId);
        break;
      case 'brands':
        listed = listed.where('u.entity_type', '=', 'brand').where('u.brand_id', 'in', scope.brandIds);
        break;
      case 'group':
        listed = listed.where('u.entity_type', '=', 'brand').where('g.id', '=', scope.groupId);
        break;
      case 'bank':
        listed = listed.where('u.entity_type', '=', 'bank').where('u.bank_id', '=', scope.bankId);
        break;
    }
    if (query.status) listed = listed.where('u.status', '=', query.status);
    if (query.search) {
      const anywhere = containing(query.search);
      listed = listed.where((eb) =>
        eb.or([
          eb('u.email', 'ilike', anywhere),
          eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', anywhere),
          ...(query.searchRoles.length > 0 ? [eb('u.role', 'in', query.searchRoles)] : []),
        ]),
      );
    }
    return listed;
  };

  /** The columns each sort field orders by; the id breaks ties so pages never overlap. */
  const sortColumns = {
    email: sql`u.email`,
    displayName: sql`lower(u.first_name || ' ' || u.last_name)`,
    role: sql`u.role`,
    brandName: sql`coalesce(b.name, g.name, k.name)`,
    phone: sql`u.phone`,
    created: sql`u.created_at`,
  } satisfies Record<UserSortField, unknown>;

  return {
    /** The e-mail addresses of the active system admins, told about every lead and visitor sign-up. */
    async systemAdminEmails(): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('email')
        .where('entity_type', '=', 'systemadmin')
        .where('status', '=', 'active')
        .where('deleted_at', 'is', null)
        .orderBy('email')
        .execute();
      return rows.map((row) => row.email);
    },

    /**
     * A session by its token's hash with its live user (null when gone) in one statement: what
     * every signed-in request reads first.
     */
    findSessionWithAccount(tokenHash: string) {
      return db
        .selectFrom('sessions as s')
        .leftJoinLateral(
          liveAccounts(db)
            .where(sql<boolean>`u.id = s.user_id`)
            .as('a'),
          (join) => join.onTrue(),
        )
        .selectAll('a')
        .select([
          's.id as session_id',
          's.last_seen_at as session_last_seen_at',
          's.expires_at as session_expires_at',
          's.ended_at as session_ended_at',
          's.origin as session_origin',
        ])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    findAccountById(id: string, executor: Executor = db) {
      return liveAccounts(executor).where('u.id', '=', id).executeTakeFirst();
    },

    findAccountByEmail(email: string, executor: Executor = db) {
      return liveAccounts(executor).where('u.email', '=', email.toLowerCase()).executeTakeFirst();
    },

    async emailExists(email: string, executor: Executor = db) {
      const row = await executor
        .selectFrom('users')
        .select('id')
        .where('email', '=', email.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * One page of the Users list with the total in the same query (newest first unless asked).
     * A page past the end has no row to carry the total, so it is counted apart.
     */
    async listPage(query: UserListQuery) {
      if (query.scope.kind === 'brands' && query.scope.brandIds.length === 0) return { rows: [], total: 0 };
      const sort = query.sort ?? { sortfield: 'created', direction: 'desc' };
      const rows = await listedAccounts(query)
        .select(sql<number>`count(*) OVER ()`.as('total'))
        .orderBy(sql`${sortColumns[sort.sortfield]} ${sql.raw(sort.direction)} NULLS LAST`)
        .orderBy('u.id', sort.direction)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      if (rows[0] || query.page === 1) return { rows, total: rows[0]?.total ?? 0 };
      const counted = await listedAccounts(query)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(counted.total) };
    },

    /** The user, locked until the transaction ends (edit and delete decide on what they lock). */
    lockAccountById(id: string, trx: Transaction<DB>) {
      return liveAccounts(trx).where('u.id', '=', id).forUpdate(['u']).executeTakeFirst();
    },

    async insertUser(values: Insertable<DB['users']>, executor: Executor = db) {
      const row = await executor
        .insertInto('users')
        .values({ ...values, email: values.email.toLowerCase() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateUser(id: string, values: Updateable<DB['users']>, executor: Executor = db) {
      await executor
        .updateTable('users')
        .set((eb) => ({ ...values, updated_at: new Date(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * Marks the user deleted (and no longer active, for any query that counts active users); the
     * row stays for the campaigns and branches that name it.
     */
    async markDeleted(id: string, now: Date, executor: Executor = db) {
      await executor
        .updateTable('users')
        .set((eb) => ({
          deleted_at: now,
          status: 'deactivated' as const,
          updated_at: now,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
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
          // Public sign-up: the address is unproven until the mailed link is opened.
          email_verified: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
