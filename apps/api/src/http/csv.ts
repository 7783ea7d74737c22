import { readCsv, type CsvProblem, type CsvRecord } from '@krowd/domain/csv/csv.rules';
import { messages } from '@krowd/domain/messages/messages';

/**
 * Reading uploaded CSV files: the bytes must be UTF-8 text; the records are read by the domain's
 * reader (RFC 4180 through csv-parse, `csv/csv.rules.ts`). Values come out as the text they are;
 * nothing in them is evaluated.
 */

export type { CsvRecord };

/**
 * The longest record read, in characters (`parseCsv` counts its values; the ingestion's streaming
 * reader its commas and quotes too). Our formats' rows are a few hundred characters (a review's text
 * a few thousand); the bound keeps one endless line from costing memory in proportion to it.
 */
export const maxCsvRecordChars = 65_536;

export type CsvText = { ok: true; text: string } | { ok: false; reason: 'empty' | 'notText' };

/** Whether the text holds what never occurs in a text file: NUL and the C0 controls other than tab, LF and CR. */
function hasBinaryControl(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** The file's text, or why it is not a text file (judged by its bytes, not by its name). */
export function csvTextOf(bytes: Uint8Array): CsvText {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'notText' };
  }
  if (hasBinaryControl(text)) return { ok: false, reason: 'notText' };
  text = text.replace(/^\uFEFF/, '');
  return text.trim() === '' ? { ok: false, reason: 'empty' } : { ok: true, text };
}

/**
 * The records of a CSV text (the domain's reader, shared with the promo-code check), skipping blank
 * lines; throws CsvSyntaxError on an unclosed quote or a record longer than `maxCsvRecordChars`.
 */
export function parseCsv(text: string): CsvRecord[] {
  const reading = readCsv(text, maxCsvRecordChars);
  if (!reading.ok) throw new CsvSyntaxError(reading.line, reading.problem);
  return reading.records;
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly reason: CsvProblem = 'unclosedQuote',
  ) {
    super(`${reason} in the record starting on line ${line}`);
    this.name = 'CsvSyntaxError';
  }

  /** What the uploader is told about the record on `line`. */
  get userMessage(): string {
    return this.reason === 'recordTooLong'
      ? messages.ingestion.rowTooLong(maxCsvRecordChars)
      : messages.ingestion.rowUnclosedQuote;
  }
}
