import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  isClosedDay,
  isClosedMonth,
  localDayBounds,
  localTimeWithOffset,
} from '@krowd/domain/settlement/settlement-period.rules';
import {
  dailyCsv,
  monthlyCsv,
  settlementTotals,
  type SettlementKind,
} from '@krowd/domain/settlement/settlement.rules';
import type { DB } from '../../db/database.generated.ts';
import type { WebhookEventInput } from '../webhooks/webhook-events.repository.ts';
import { settlementQueries as queries } from './settlements.repository.ts';

/** SHA-256 hex of the file's UTF-8 bytes: the checksum the listing and the download give. */
export const sha256Hex = (content: string) => createHash('sha256').update(content, 'utf8').digest('hex');

/** Where a publisher's key downloads a file: the path `settlement.ready` and the listing give. */
export const publisherDownloadPath = (id: string) => `/api/publisher/settlement-files/${id}`;

/** What the files need of the webhooks: an event in the file's own transaction. */
export interface SettlementEvents {
  emitEvent(trx: Transaction<DB>, event: WebhookEventInput): Promise<string>;
}

export type StoredSettlementFile = Awaited<ReturnType<typeof queries.insertFile>>['file'];

/**
 * Making the settlement files (docs/decisions/0107). A file is made once, in one transaction with
 * its `settlement.ready` event: made again, the stored one is answered unchanged and nothing is
 * told twice, so its checksum stays true. Only a closed period (in the timezone setting) is made,
 * since a stored file never changes.
 */
export function createSettlements(deps: {
  db: Kysely<DB>;
  events: SettlementEvents;
  timeZone: string;
  clock: () => Date;
}) {
  const { db, events, timeZone, clock } = deps;

  async function store(
    trx: Transaction<DB>,
    file: { publisherId: string; kind: SettlementKind; period: string; content: string },
    rows: readonly { cashbackPence: number; successFeePence: number }[],
  ): Promise<StoredSettlementFile> {
    const totals = settlementTotals(rows);
    const stored = await queries.insertFile(trx, {
      ...file,
      rowCount: totals.rows,
      cashbackPence: totals.cashbackPence,
      successFeePence: totals.successFeePence,
      sha256: sha256Hex(file.content),
    });
    if (stored.created) {
      const { id, kind, period, sha256 } = stored.file;
      await events.emitEvent(trx, {
        type: 'settlement.ready',
        mode: 'live',
        publisherId: file.publisherId,
        subjectId: id,
        data: { id, kind, period, sha256, downloadPath: publisherDownloadPath(id) },
      });
    }
    return stored.file;
  }

  return {
    /** A publisher's daily redemption file of a closed local `date` (YYYY-MM-DD). */
    async generateDaily(publisherId: string, date: string) {
      if (!isClosedDay(date, clock(), timeZone)) throw new RangeError(`settlement: ${date} is not closed`);
      return db.transaction().execute(async (trx) => {
        const found = await queries.dailyRows(trx, publisherId, localDayBounds(date, timeZone));
        const rows = found.map(({ occurredAt, ...row }) => ({
          ...row,
          localTime: localTimeWithOffset(occurredAt, timeZone),
        }));
        return store(trx, { publisherId, kind: 'daily', period: date, content: dailyCsv(rows) }, rows);
      });
    },

    /** A publisher's monthly file of the invoices and credit notes issued in a closed `month` (YYYY-MM). */
    async generateMonthly(publisherId: string, month: string) {
      if (!isClosedMonth(month, clock(), timeZone))
        throw new RangeError(`settlement: ${month} is not closed`);
      return db.transaction().execute(async (trx) => {
        const rows = await queries.monthlyRows(trx, publisherId, month);
        return store(trx, { publisherId, kind: 'monthly', period: month, content: monthlyCsv(rows) }, rows);
      });
    },
  };
}

export type Settlements = ReturnType<typeof createSettlements>;
