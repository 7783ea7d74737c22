import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { lastDateOfMonth } from '@krowd/domain/calendar/calendar.rules';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import {
  dueDays,
  isClosedDay,
  isClosedMonth,
  lastClosedMonth,
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

  async function generateDaily(publisherId: string, date: string) {
    if (!isClosedDay(date, clock(), timeZone)) throw new RangeError(`settlement: ${date} is not closed`);
    return db.transaction().execute(async (trx) => {
      const found = await queries.dailyRows(trx, publisherId, localDayBounds(date, timeZone));
      const rows = found.map(({ occurredAt, ...row }) => ({
        ...row,
        localTime: localTimeWithOffset(occurredAt, timeZone),
      }));
      return store(trx, { publisherId, kind: 'daily', period: date, content: dailyCsv(rows) }, rows);
    });
  }

  async function generateMonthly(publisherId: string, month: string) {
    if (!isClosedMonth(month, clock(), timeZone)) throw new RangeError(`settlement: ${month} is not closed`);
    return db.transaction().execute(async (trx) => {
      const rows = await queries.monthlyRows(trx, publisherId, month);
      return store(trx, { publisherId, kind: 'monthly', period: month, content: monthlyCsv(rows) }, rows);
    });
  }

  return {
    /** A publisher's daily redemption file of a closed local `date` (YYYY-MM-DD). */
    generateDaily,
    /** A publisher's monthly file of the invoices and credit notes issued in a closed `month` (YYYY-MM). */
    generateMonthly,

    /**
     * The recurring job's round (`settlements.generate`): for each publisher, the daily files of
     * the closed days since its last one (at most the last 35 on its first run, none before it
     * existed or, when older, its first qualified or refunded transaction) and, once a month is
     * closed, last month's monthly file. Each file is its own
     * transaction, so a failure keeps those made; the job retries the rest. Answers what it made.
     */
    async generateDue(): Promise<{ daily: number; monthly: number }> {
      const now = clock();
      const month = lastClosedMonth(now, timeZone);
      const count = { daily: 0, monthly: 0 };
      const failures: unknown[] = [];
      for (const publisher of await queries.publishersToSettle(db, month)) {
        // No file before the publisher existed, or before its first settled transaction if older.
        const made = localToday(publisher.createdAt, timeZone);
        const first = publisher.firstSettled ? localToday(publisher.firstSettled, timeZone) : made;
        const since = first < made ? first : made;
        try {
          for (const day of dueDays(publisher.lastDaily, now, timeZone, since)) {
            await generateDaily(publisher.id, day);
            count.daily += 1;
          }
          if (!publisher.hasMonth && since <= lastDateOfMonth(month)) {
            await generateMonthly(publisher.id, month);
            count.monthly += 1;
          }
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0) throw new AggregateError(failures, 'settlement files not all made');
      return count;
    },
  };
}

export type Settlements = ReturnType<typeof createSettlements>;
