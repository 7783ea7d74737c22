import type { Kysely } from 'kysely';
import type { TenantScope } from '@krowd/domain/access/access.rules';
import type { ClientListCreate, ClientListDetails } from '@krowd/domain/client-list/client-list.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import type { ClientListsRepository } from './client-lists.repository.ts';

const m = messages.clientList;
const isUniqueViolation = (error: unknown) => String((error as { code?: unknown }).code) === '23505';

/**
 * A client admin's saved lists of the brands they follow (spec 1 §7 clientList/create; decision
 * 0094). A list is its owner's: the brands in it are not moved, changed or shared.
 */
export function createClientListsService(deps: { db: Kysely<DB>; lists: ClientListsRepository }) {
  const { db, lists } = deps;
  return {
    /**
     * The list and its brands in one transaction. A brand id that is not a brand the caller's scope
     * covers (answered as unknown, so its existence is not revealed), or a name the owner already
     * uses (whatever its case), is refused and nothing is written.
     */
    async create(
      caller: { userId: string; scope: TenantScope },
      input: ClientListCreate,
    ): Promise<ClientListDetails> {
      const ownerUserId = caller.userId;
      const write = db.transaction().execute(async (trx) => {
        const taken = await lists.namedList(trx, ownerUserId, input.name);
        if (taken) throw conflict(m.nameTaken);
        // Shared locks: a brand chosen cannot be deleted before its row here is written.
        const existing = await lists.lockBrands(trx, input.brandIds);
        const covered = existing.filter((brand) => scopeCoversBrand(caller.scope, brand));
        if (covered.length !== input.brandIds.length) {
          throw badRequest(m.brandUnknown, { brandIds: m.brandUnknown });
        }
        return lists.insertList(trx, ownerUserId, input.name, input.brandIds);
      });
      // Two saves of one name at once: the unique index refuses the second, as the check would.
      const list = await write.catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict(m.nameTaken) : error;
      });
      const listed = await lists.brandsOf(list.id);
      return {
        _id: list.id,
        name: list.name,
        brands: listed.map((brand) => ({ _id: brand.id, name: brand.name })),
        created: list.created_at.toISOString(),
      };
    },
  };
}

export type ClientListsService = ReturnType<typeof createClientListsService>;
