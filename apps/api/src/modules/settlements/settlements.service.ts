import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { monthlyCsv, settlementTotals } from '@krowd/domain/settlement/settlement.rules';
import type { DB } from '../../db/database.generated.ts';
import { settlementQueries as queries } from './settlements.repository.ts';

/** SHA-256 hex of the file's UTF-8 bytes: the checksum the listing and the download give. */
export const sha256Hex = (content: string) => createHash('sha256').update(content, 'utf8').digest('hex');

/**
 * Making the settlement files (docs/decisions/0107). A file is made once, in one transaction:
 * made again, the stored one is answered unchanged, so its checksum stays true.
 */
export function createSettlements(deps: { db: Kysely<DB> }) {
  const { db } = deps;
  return {
    /** A publisher's monthly file of the invoices and credit notes issued in `month` (YYYY-MM). */
    generateMonthly(publisherId: string, month: string) {
      return db.transaction().execute(async (trx) => {
        const rows = await queries.monthlyRows(trx, publisherId, month);
        const content = monthlyCsv(rows);
        const totals = settlementTotals(rows);
        return queries.insertFile(trx, {
          publisherId,
          kind: 'monthly',
          period: month,
          rowCount: totals.rows,
          cashbackPence: totals.cashbackPence,
          successFeePence: totals.successFeePence,
          sha256: sha256Hex(content),
          content,
        });
      });
    },
  };
}
