import type { Kysely } from 'kysely';
import { isBankUser, isSystemAdmin } from '@krowd/domain/access/access.rules';
import { paginationOf } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { PublisherBrand, PublisherRow } from '@krowd/domain/publisher/publisher-response.schema';
import type { PublisherCreate } from '@krowd/domain/publisher/publisher.schema';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { PublisherRecord, PublishersRepository } from './publishers.repository.ts';

const m = messages.publisher;

export function toPublisherRow(row: PublisherRecord): PublisherRow {
  return {
    _id: row.id,
    code: row.code,
    displayName: row.display_name,
    bankId: row.bank_id,
    bankName: row.bank_name,
    brandsCount: row.brands_count,
    workingKeysCount: row.working_keys_count,
    created: row.created_at.toISOString(),
  };
}

/**
 * Publishers as accounts (brief §5; decision 0088): the system admin creates and edits them,
 * chooses the bank whose admins administer each one's keys, and links the brands its feed shows.
 * `administeredPublisher` is the one rule of who administers a publisher: the system admin any,
 * a bank admin the publisher of their bank; anyone else learns nothing (404).
 */
export function createPublishersService(deps: {
  db: Kysely<DB>;
  publishers: PublishersRepository;
  brands: Pick<BrandsRepository, 'lockExisting'>;
}) {
  const { db, publishers, brands } = deps;

  async function saved(id: string): Promise<PublisherRow> {
    const row = await publishers.find(id);
    if (!row) throw notFound(m.notFound);
    return toPublisherRow(row);
  }

  async function chooseBank(
    publisherId: string,
    bankId: string | null,
    trx: Parameters<PublishersRepository['setBank']>[2],
  ) {
    if (bankId) {
      const bank = await publishers.lockBank(bankId, trx);
      if (!bank) throw badRequest(m.bankUnknown, { bankId: m.bankUnknown });
      if (bank.publisher_id && bank.publisher_id !== publisherId) {
        throw conflict(m.bankTaken);
      }
    }
    await publishers.setBank(publisherId, bankId, trx);
  }

  return {
    async list(query: { page: number; limit: number; search?: string }) {
      const { rows, total } = await publishers.listPage(query);
      return { data: rows.map(toPublisherRow), pagination: paginationOf(query, total) };
    },

    async create(input: PublisherCreate): Promise<PublisherRow> {
      const id = await db.transaction().execute(async (trx) => {
        // One publisher a code, whatever its case: files name it in their publisher column.
        await publishers.lockCodes(trx);
        if (await publishers.codeExists(input.code, trx)) throw conflict(m.codeTaken);
        const created = await publishers.insert(input, trx);
        await chooseBank(created, input.bankId, trx);
        return created;
      });
      return saved(id);
    },

    async update(id: string, input: { displayName: string; bankId: string | null }): Promise<PublisherRow> {
      await db.transaction().execute(async (trx) => {
        if (!(await publishers.lockById(id, trx))) throw notFound(m.notFound);
        await publishers.rename(id, input.displayName, trx);
        await chooseBank(id, input.bankId, trx);
      });
      return saved(id);
    },

    async brands(id: string): Promise<PublisherBrand[]> {
      if (!(await publishers.find(id))) throw notFound(m.notFound);
      return (await publishers.linkedBrands(id)).map((row) => ({
        _id: row.id,
        name: row.name,
        groupName: row.group_name,
        linked: row.created_at.toISOString(),
      }));
    },

    async setBrands(caller: AuthContext, id: string, brandIds: string[]): Promise<PublisherBrand[]> {
      await db.transaction().execute(async (trx) => {
        if (!(await publishers.lockById(id, trx))) throw notFound(m.notFound);
        const existing = await brands.lockExisting(brandIds, trx);
        if (existing.length !== brandIds.length)
          throw badRequest(m.brandUnknown, { brandIds: m.brandUnknown });
        await publishers.replaceBrands(id, brandIds, caller.account.id, trx);
      });
      return this.brands(id);
    },

    /**
     * The publisher the caller administers: any for the system admin; for a bank user, only their
     * bank's publisher, and only as a bank admin (403); another publisher answers 404, as if absent.
     */
    async administeredPublisher(caller: AuthContext, id: string): Promise<PublisherRecord> {
      const row = await publishers.find(id);
      if (isSystemAdmin(caller.audience)) {
        if (!row) throw notFound(m.notFound);
        return row;
      }
      const bankId = isBankUser(caller.audience) ? caller.account.bank_id : null;
      if (!row || !bankId || row.bank_id !== bankId) throw notFound(m.notFound);
      if (!caller.account.is_bank_admin) throw forbidden(m.adminOnly);
      return row;
    },

    /** The publisher of the caller's bank (the bank user's key screen opens on it). */
    async ownPublisher(caller: AuthContext): Promise<PublisherRow> {
      const bankId = isBankUser(caller.audience) ? caller.account.bank_id : null;
      const publisherId = bankId ? await publishers.publisherOfBank(bankId) : null;
      if (!publisherId) throw notFound(m.noPublisher);
      return saved(publisherId);
    },
  };
}

export type PublishersService = ReturnType<typeof createPublishersService>;
