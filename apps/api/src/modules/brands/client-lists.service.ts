import type { Kysely } from 'kysely';
import type { ClientListCreate, ClientListDetails } from '@krowd/domain/client-list/client-list.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import type { ClientListsRepository } from './client-lists.repository.ts';
import { createdChanges } from '@krowd/domain/audit/audit-diff.rules';
import type { AuthContext } from '../../http/caller.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';

const m = messages.clientList;
const isUniqueViolation = (error: unknown) => String((error as { code?: unknown }).code) === '23505';

/**
 * A client admin's saved lists of the brands they follow (spec 1 §7 clientList/create; decision
 * 0094). A list is its owner's: the brands in it are not moved, changed or shared.
 */
export function createClientListsService(deps: {
  db: Kysely<DB>;
  lists: ClientListsRepository;
  /** Each list made recorded in its transaction (docs/decisions/0113), in the system admin's log. */
  audit?: AuditRecorder;
}) {
  const { db, lists } = deps;
  return {
    /**
     * The list and its brands in one transaction. A brand id that is not a brand the caller's scope
     * covers (answered as unknown, so its existence is not revealed), or a name the owner already
     * uses (whatever its case), is refused and nothing is written.
     */
    async create(caller: AuthContext, input: ClientListCreate): Promise<ClientListDetails> {
      const ownerUserId = caller.account.id;
      const write = db.transaction().execute(async (trx) => {
        const taken = await lists.namedList(trx, ownerUserId, input.name);
        if (taken) throw conflict(m.nameTaken);
        // Shared locks: a brand chosen cannot be deleted before its row here is written.
        const existing = await lists.lockBrands(trx, input.brandIds);
        const covered = existing.filter((brand) => scopeCoversBrand(caller.scope, brand));
        if (covered.length !== input.brandIds.length) {
          throw badRequest(m.brandUnknown, { brandIds: m.brandUnknown });
        }
        const made = await lists.insertList(trx, ownerUserId, input.name, input.brandIds);
        await deps.audit?.record(trx, caller, {
          entityType: 'client_list',
          entityId: made.id,
          action: 'created',
          brandId: null,
          changes: createdChanges({
            name: made.name,
            owner_user_id: ownerUserId,
            brand_ids: [...input.brandIds].sort(),
          }),
        });
        return made;
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
