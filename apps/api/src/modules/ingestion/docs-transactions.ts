import type { Transaction } from 'kysely';
import type { IngestError } from '@krowd/domain/ingestion/transaction-file.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import { IngestRefused, type IngestItem, type TransactionIngestion } from './ingestion.transactions.ts';
import type { Publisher, TransactionsRepository } from './transactions.repository.ts';
import { csvItems, FileUnreadable } from './transaction-file.ts';

/** The transactions file of an overview docs upload, read: each known publisher's rows. */
export interface DocsTransactionsFile {
  /** Lines that cannot be stored: unreadable, without a known publisher, or no row at all. */
  errors: IngestError[];
  /** The first and last months the rows' dates name (YYYY-MM), if any. */
  firstMonth: string | null;
  lastMonth: string | null;
  /** How many publishers have rows to ingest. */
  publishers: number;
  rows: Map<Publisher, IngestItem[]>;
}

async function* chunksOf(bytes: Buffer): AsyncGenerator<Uint8Array> {
  yield bytes;
}

async function* itemsOf(items: IngestItem[]): AsyncGenerator<IngestItem[]> {
  yield items;
}

/**
 * The overview's docs upload runs its transactions file through the ingestion of every publisher
 * its rows name (the same checks, engine and reporting store as a publisher's own upload), inside
 * the upload's database transaction. This is what it gets of ingestion, passed in by app.ts:
 * refusals are answered as errors, not thrown, so the overview needs nothing of ingestion.
 */
export function createDocsTransactions(deps: {
  transactions: Pick<TransactionsRepository, 'publishersByCode'>;
  ingestion: TransactionIngestion;
}) {
  const { transactions, ingestion } = deps;
  return {
    async read(bytes: Buffer): Promise<DocsTransactionsFile> {
      const errors: IngestError[] = [];
      const byCode = new Map<string, IngestItem[]>();
      let firstMonth: string | null = null;
      let lastMonth: string | null = null;
      try {
        for await (const piece of csvItems(chunksOf(bytes))) {
          for (const item of piece) {
            if ('error' in item) {
              errors.push({ line: item.line, message: item.error });
              continue;
            }
            const code =
              typeof item.fields.publisher === 'string' ? item.fields.publisher.trim().toLowerCase() : '';
            const list = byCode.get(code) ?? [];
            list.push(item);
            byCode.set(code, list);
            const datetime = item.fields.datetime;
            if (typeof datetime === 'string' && /^\d{4}-\d{2}/.test(datetime)) {
              const month = datetime.slice(0, 7);
              if (!firstMonth || month < firstMonth) firstMonth = month;
              if (!lastMonth || month > lastMonth) lastMonth = month;
            }
          }
        }
      } catch (error) {
        if (!(error instanceof FileUnreadable)) throw error;
        errors.push({ line: error.line ?? 1, message: error.message });
      }
      if (byCode.size === 0 && errors.length === 0)
        errors.push({ line: 1, message: messages.overview.fileEmpty });
      const publishers = await transactions.publishersByCode();
      const rows = new Map<Publisher, IngestItem[]>();
      for (const [code, items] of byCode) {
        const publisher = publishers.get(code);
        if (publisher) {
          rows.set(publisher, items);
          continue;
        }
        const message = code
          ? messages.overview.impressionsPublisherUnknown(code)
          : messages.ingestion.publisherRequired;
        for (const item of items) errors.push({ line: item.line, message });
      }
      return { errors, firstMonth, lastMonth, publishers: rows.size, rows };
    },

    /** Each publisher's rows ingested in `trx`, whole or not at all: the counts and the rows refused. */
    async ingest(
      trx: Transaction<DB>,
      file: DocsTransactionsFile,
      upload: { fileName: string; userId: string },
    ) {
      const counts = { received: 0, inserted: 0, duplicates: 0, unmatched: 0, rejected: 0 };
      const errors: IngestError[] = [];
      for (const [publisher, items] of file.rows) {
        try {
          const result = await ingestion.ingest(publisher, () => itemsOf(items), {
            partial: false,
            channel: 'console',
            upload,
            trx,
          });
          counts.received += result.received;
          counts.inserted += result.inserted;
          counts.duplicates += result.duplicates;
          counts.unmatched += result.unmatched;
        } catch (error) {
          if (!(error instanceof IngestRefused)) throw error;
          errors.push(...error.result.errors);
        }
      }
      return { counts, errors };
    },
  };
}
