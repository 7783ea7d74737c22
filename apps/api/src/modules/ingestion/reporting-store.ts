import type { Transaction } from 'kysely';
import type { TallyCell } from '@krowd/domain/qualification/reporting-tally';
import type { DB } from '../../db/database.generated.ts';

/**
 * What an upload writes to the reporting store, in its own transaction: the cards it numbers and
 * its tally. reporting.repository.ts implements it and app.ts passes it in, so ingestion imports
 * nothing of the reporting module.
 */
export interface ReportingStore {
  /** The number of each of these card tokens that has one, by token. */
  cardNumbers(trx: Transaction<DB>, tokens: readonly string[]): Promise<Map<string, number>>;
  /** Numbers the tokens' cards that have none: each token's number, and whether this call gave it. */
  numberCards(
    trx: Transaction<DB>,
    tokens: readonly string[],
  ): Promise<Map<string, { id: number; numberedNow: boolean }>>;
  addTally(trx: Transaction<DB>, publisherId: string, cells: readonly TallyCell[]): Promise<void>;
}
