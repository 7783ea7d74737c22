import { messages } from '@krowd/domain/messages/messages';

/**
 * Reading uploaded CSV files (RFC 4180): the bytes must be UTF-8 text, records may quote fields
 * (with "" for a quote and line breaks inside quotes), lines end in LF, CRLF or CR. Values come out
 * as the text they are; nothing in them is evaluated.
 */

export interface CsvRecord {
  /** The line of the file the record starts on (the header is line 1). */
  line: number;
  cells: string[];
}

/**
 * The longest record read, in characters. Our formats' rows are a few hundred characters (a review's
 * text a few thousand); the bound keeps one endless line from costing memory in proportion to it
 * (a string built a character at a time takes tens of bytes a character).
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
 * The records of a CSV text, skipping blank lines; throws CsvSyntaxError on an unclosed quote or a
 * record longer than `maxCsvRecordChars`.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let cellStarted = false;
  let recordStart = 0;

  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '' || cellStarted) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    cellStarted = false;
  };

  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    const endsRecord = !quoted && (char === '\n' || char === '\r');
    if (index - recordStart >= maxCsvRecordChars && !endsRecord) {
      throw new CsvSyntaxError(recordLine, 'recordTooLong');
    }
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
      cellStarted = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      cellStarted = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
      recordStart = index + 1;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(recordLine);
  if (cell !== '' || cells.length > 0 || cellStarted) endRecord();
  return records;
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly reason: 'unclosedQuote' | 'recordTooLong' = 'unclosedQuote',
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
