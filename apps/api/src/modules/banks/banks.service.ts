import type {
  BankDetails,
  BankListQuery as BankListRequest,
  BankRow,
  BankUpdate,
} from '@krowd/domain/bank/bank.schema';
import { effectiveSearch, paginationOf } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import { HttpError, notFound } from '../../http/errors.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import type { BankRecord, BanksRepository } from './banks.repository.ts';

/** Whether the caller is an admin of this bank: the only one who may change its details. */
const adminOf = (caller: AuthContext, bankId: string) =>
  caller.audience === 'bank' && caller.account.bank_id === bankId && caller.account.is_bank_admin;

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
export function createBanksService(deps: { banks: BanksRepository }) {
  const { banks } = deps;

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
      await visibleBank(caller, id);
      if (!adminOf(caller, id)) throw new HttpError(403, messages.bank.adminOnly);
      await banks.update(id, input);
      return toBankDetails(await visibleBank(caller, id), caller);
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
