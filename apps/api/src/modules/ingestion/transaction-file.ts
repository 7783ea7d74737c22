import {
  optionalTransactionColumns,
  transactionColumns,
} from '@krowd/domain/ingestion/transaction-file.schema';
import { messages } from '@krowd/domain/messages/messages';
import { CsvSyntaxError } from '../../http/csv.ts';
import { csvRecordBatchesOf, CsvStreamError, isBodyStream } from '../../http/csv-stream.ts';
import { HttpError } from '../../http/errors.ts';
import type { IngestItem, IngestSource } from './ingestion.transactions.ts';
import { withSpooledUpload } from './upload-spool.ts';

/**
 * A transactions file read into items (brief §6): a CSV stream by its header's column names, or a
 * JSON array, for the publishers' upload, the console's and the overview's docs upload alike.
 */

const m = messages.ingestion;

/** A CSV file is read as it arrives, up to 1 GB (some 8 million rows of brief §6). */
const csvMaxMegabytes = 1024;

/** A file that cannot be read at all: nothing is stored, partial or not. */
export class FileUnreadable extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'FileUnreadable';
  }
}

const knownColumns = new Set<string>([...transactionColumns, ...optionalTransactionColumns]);

/** The header row's column names, when it has every column of brief §6 and no other. */
function headerOf(cells: string[], line: number): string[] {
  const names = cells.map((cell) => cell.trim());
  const complete = transactionColumns.every((column) => names.includes(column));
  const known = names.every((name) => knownColumns.has(name));
  if (!complete || !known || new Set(names).size !== names.length)
    throw new FileUnreadable(m.headerInvalid, line);
  return names;
}

/**
 * The rows of a CSV stream by column name, a piece of the stream at a time; a row with the wrong
 * number of values is an error.
 */
export async function* csvItems(stream: AsyncIterable<Uint8Array | string>): AsyncGenerator<IngestItem[]> {
  let header: string[] | null = null;
  try {
    for await (const records of csvRecordBatchesOf(stream, csvMaxMegabytes * 1024 * 1024)) {
      const items: IngestItem[] = [];
      for (const record of records) {
        if (!header) {
          header = headerOf(record.cells, record.line);
          continue;
        }
        if (record.cells.length !== header.length) {
          items.push({ line: record.line, error: m.rowColumns });
          continue;
        }
        const fields: Record<string, unknown> = {};
        for (let index = 0; index < header.length; index += 1) fields[header[index]!] = record.cells[index];
        items.push({ line: record.line, fields });
      }
      if (items.length > 0) yield items;
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new FileUnreadable(error.userMessage, error.line);
    if (error instanceof CsvStreamError && error.reason === 'notText')
      throw new FileUnreadable(m.fileNotText);
    if (error instanceof CsvStreamError) throw new HttpError(413, m.fileTooLarge(csvMaxMegabytes));
    throw error;
  }
  if (!header) throw new FileUnreadable(m.fileEmpty);
}

/** The items of a JSON array, numbered from 1 (in one piece: the array is parsed whole). */
async function* jsonItems(items: unknown[]): AsyncGenerator<IngestItem[]> {
  yield items.map((item, index) =>
    item === null || typeof item !== 'object' || Array.isArray(item)
      ? { line: index + 1, error: m.rowNotObject }
      : { line: index + 1, fields: item as Record<string, unknown> },
  );
}

/**
 * Runs `work` with the body as the file's items, readable from the start as often as ingestion
 * needs: a text/csv stream kept in a temporary file as it arrives (upload-spool.ts), or a parsed
 * JSON array.
 */
export async function withFileOf<T>(body: unknown, work: (source: IngestSource) => Promise<T>): Promise<T> {
  if (Array.isArray(body)) return work(() => jsonItems(body));
  if (!isBodyStream(body)) {
    throw new FileUnreadable(body === undefined || body === null ? m.fileEmpty : m.fileNotArray);
  }
  const limits = {
    maxBytes: csvMaxMegabytes * 1024 * 1024,
    tooLarge: () => new HttpError(413, m.fileTooLarge(csvMaxMegabytes)),
  };
  return withSpooledUpload(body, limits, (read) => work(() => csvItems(read())));
}
