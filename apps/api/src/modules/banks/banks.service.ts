import type { Kysely } from 'kysely';
import { isBankUser } from '@krowd/domain/access/access.rules';
import type { BankBrand, BankDetails, BankRow } from '@krowd/domain/bank/bank-response.schema';
import type {
  BankCreate,
  BankListQuery as BankListRequest,
  BankUpdate,
} from '@krowd/domain/bank/bank.schema';
import { effectiveSearch, paginationOf } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { UsersService } from '../users/users.service.ts';
import type { BankRecord, BanksRepository } from './banks.repository.ts';
import { createBankAudit } from './banks.audit.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';

/** Whether the caller is an admin of this bank: the only one who may change its details. */
const adminOf = (caller: AuthContext, bankId: string) =>
  isBankUser(caller.audience) && caller.account.bank_id === bankId && caller.account.is_bank_admin;

function toBankDetails(bank: BankRecord, caller: AuthContext): BankDetails {
  return {
    _id: bank.id,
    name: bank.name,
    contactEmail: bank.contact_email,
    contactPhone: bank.contact_phone,
    address: bank.address,
    website: bank.website,
    created: bank.created_at.toISOString(),
    editable: adminOf(caller, bank.id),
  };
}

/**
 * Banks: a bank user reads their own bank (My Bank) and its admin changes it; the system admin
 * reads any bank and lists them all (its home page). Another bank answers 404, as if absent.
 */
export function createBanksService(deps: {
  db: Kysely<DB>;
  banks: BanksRepository;
  brands: BrandsRepository;
  /** The users module's invitation: a new bank's first admin gets a set-password link. */
  invitations: Pick<UsersService, 'invite' | 'invitation'>;
  /** Each change recorded in its own transaction (docs/decisions/0113). */
  audit?: AuditRecorder;
}) {
  const { db, banks, brands, invitations } = deps;
  const audit = createBankAudit(deps.audit);

  async function linkedBrands(bankId: string): Promise<BankBrand[]> {
    return (await banks.linkedBrands(bankId)).map((row) => ({
      _id: row.id,
      name: row.name,
      groupName: row.group_name,
      linked: row.created_at.toISOString(),
    }));
  }

  async function visibleBank(caller: AuthContext, id: string): Promise<BankRecord> {
    const { scope } = caller;
    const bank = await banks.findById(id);
    const visible = scope.kind === 'all' || (scope.kind === 'bank' && scope.bankId === bank?.id);
    if (!bank || !visible) throw notFound();
    return bank;
  }

  return {
    async details(caller: AuthContext, id: string): Promise<BankDetails> {
      return toBankDetails(await visibleBank(caller, id), caller);
    },

    async update(caller: AuthContext, id: string, input: BankUpdate): Promise<BankDetails> {
      const bank = await visibleBank(caller, id);
      if (!adminOf(caller, id)) throw new HttpError(403, messages.bank.adminOnly);
      await db.transaction().execute(async (trx) => {
        await banks.update(id, input, trx);
        await audit.updated(trx, caller, bank, input);
      });
      return toBankDetails(await visibleBank(caller, id), caller);
    },

    /**
     * A new bank with its first user, a bank admin (My Bank, Bank Users), in one transaction; the
     * admin is mailed a link to set a password. The bank has no brand until the system admin links them.
     */
    async create(caller: AuthContext, input: BankCreate): Promise<BankDetails> {
      const invitee = {
        ...input.admin,
        entity_type: 'bank' as const,
        role: null,
        brand_id: null,
        group_id: null,
        bank_id: null,
        is_bank_admin: true,
      };
      if (await banks.nameExists(input.name)) throw conflict(messages.bank.nameTaken);
      const { bank } = await invitations.invite(invitee, async (trx) => {
        const bank = await banks.insert(input.name, trx);
        await audit.created(trx, caller, bank);
        return {
          bank,
          ...(await invitations.invitation.write({ ...invitee, bank_id: bank.id }, trx, caller)),
        };
      });
      return toBankDetails(bank, caller);
    },

    /** The brands a bank publishes (the system admin's Brands dialog); an unknown bank is 404. */
    async brands(id: string): Promise<BankBrand[]> {
      if (!(await banks.findById(id))) throw notFound();
      return linkedBrands(id);
    },

    /**
     * Makes the bank's linked brands exactly those given, in one transaction: the bank then reads and
     * reviews only those. An id that is not a brand is refused and nothing changes.
     */
    async setBrands(caller: AuthContext, id: string, brandIds: string[]): Promise<BankBrand[]> {
      await db.transaction().execute(async (trx) => {
        if (!(await banks.lockById(id, trx))) throw notFound();
        const existing = await brands.lockExisting(brandIds, trx);
        if (existing.length !== brandIds.length) {
          throw badRequest(messages.bank.brandUnknown, { brandIds: messages.bank.brandUnknown });
        }
        const before = (await banks.linkedBrands(id, trx)).map((brand) => brand.id);
        await banks.replaceLinks(id, brandIds, caller.account.id, trx);
        await audit.links(trx, caller, id, before, [...new Set(brandIds)]);
      });
      return linkedBrands(id);
    },

    async list(
      request: BankListRequest,
    ): Promise<{ data: BankRow[]; pagination: ReturnType<typeof paginationOf> }> {
      const { rows, total } = await banks.listPage({
        page: request.page,
        limit: request.limit,
        search: effectiveSearch(request.filters.globalSearch?.value),
        sort: request.filters.sortField,
      });
      return {
        data: rows.map((row) => ({
          _id: row.id,
          name: row.name,
          contactEmail: row.contact_email,
          contactPhone: row.contact_phone,
          usersCount: Number(row.users_count ?? 0),
          created: row.created_at.toISOString(),
        })),
        pagination: paginationOf(request, total),
      };
    },
  };
}

export type BanksService = ReturnType<typeof createBanksService>;
