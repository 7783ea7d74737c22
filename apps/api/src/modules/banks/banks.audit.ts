import type { Transaction } from 'kysely';
import type { BankUpdate } from '@krowd/domain/bank/bank.schema';
import { diffRecords } from '@krowd/domain/audit/audit-diff.rules';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { BankRecord } from './banks.repository.ts';

/** A bank's details as the audit log compares them, by column (decision 0113). */
const detailsOf = (
  bank: Pick<BankRecord, 'name' | 'contact_email' | 'contact_phone' | 'address' | 'website'>,
) => ({
  name: bank.name,
  contact_email: bank.contact_email,
  contact_phone: bank.contact_phone,
  address: bank.address,
  website: bank.website,
});

/**
 * The audit events of banks and their links to brands, each in the change's transaction. A bank is
 * the system admin's log; a link is also its brand's, so a brand's admins see who linked their brand
 * to which bank (entity id `bankId/brandId`).
 */
export function createBankAudit(audit: AuditRecorder | undefined) {
  return {
    async created(trx: Transaction<DB>, caller: AuthContext, bank: BankRecord) {
      await audit?.record(trx, caller, {
        entityType: 'bank',
        entityId: bank.id,
        action: 'created',
        brandId: null,
        changes: diffRecords(null, detailsOf(bank)),
      });
    },

    async updated(trx: Transaction<DB>, caller: AuthContext, bank: BankRecord, input: BankUpdate) {
      const after = detailsOf({
        name: input.name,
        contact_email: input.contactEmail ?? null,
        contact_phone: input.contactPhone ?? null,
        address: input.address ?? null,
        website: input.website ?? null,
      });
      await audit?.record(trx, caller, {
        entityType: 'bank',
        entityId: bank.id,
        action: 'updated',
        brandId: null,
        changes: diffRecords(detailsOf(bank), after),
      });
    },

    /** Each brand the bank gained (created) or lost (deleted). */
    async links(
      trx: Transaction<DB>,
      caller: AuthContext,
      bankId: string,
      before: string[],
      after: string[],
    ) {
      const events = [
        ...after.filter((id) => !before.includes(id)).map((brandId) => ({ brandId, linked: true })),
        ...before.filter((id) => !after.includes(id)).map((brandId) => ({ brandId, linked: false })),
      ];
      for (const { brandId, linked } of events) {
        await audit?.record(trx, caller, {
          entityType: 'brand_bank',
          entityId: `${bankId}/${brandId}`,
          action: linked ? 'created' : 'deleted',
          brandId,
          changes: diffRecords({ bank_id: linked ? null : bankId }, { bank_id: linked ? bankId : null }),
        });
      }
    },
  };
}
