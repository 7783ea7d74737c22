import type { Transaction } from 'kysely';
import type { TallyCell } from '@krowd/domain/qualification/reporting-tally';
import type { DB } from '../../db/database.generated.ts';

/**
 * What an upload writes to the reporting store, in its own transaction: the cards it numbers and
 * its tally. reporting.repository.ts implements it and app.ts passes it in, so ingestion imports
 * nothing of the reporting module.
 */
export interface ReportingStore {
  /** The largest card number given (0 for none). */
  largestCardNumber(trx: Transaction<DB>): Promise<number>;
  /** The number of each of these card tokens that has one, by token. */
  cardNumbers(trx: Transaction<DB>, tokens: readonly string[]): Promise<Map<string, number>>;
  addCards(trx: Transaction<DB>, cards: readonly { id: number; token: string }[]): Promise<void>;
  addTally(trx: Transaction<DB>, publisherId: string, cells: readonly TallyCell[]): Promise<void>;
}
