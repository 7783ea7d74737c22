// The browser build (it carries its own Buffer): this reader runs in the browser too, where the
// promo-code file is checked before upload, and on the server.
import { CsvError, parse, type CsvErrorCode, type Options } from 'csv-parse/browser/esm/sync';

/**
 * Reading uploaded CSV files (RFC 4180, through csv-parse): records may quote fields (with "" for a
 * quote and line breaks inside quotes), lines end in LF, CRLF or CR (mixed in one file too), a
 * leading byte-order mark is dropped, blank lines (and lines holding only "") are skipped, and
 * records may differ in length (the caller says what a short row means). A quote inside an unquoted
 * value is kept as text.
 * Values come out as the text they are; nothing in them is evaluated or trimmed.
 */

export interface CsvRecord {
  /** The line of the file the record starts on (the first line is 1). */
  line: number;
  cells: string[];
}

export type CsvProblem = 'unclosedQuote' | 'recordTooLong';

export type CsvReading =
  { ok: true; records: CsvRecord[] } | { ok: false; line: number; problem: CsvProblem };

const lineBreak = /\r\n|\r|\n/g;

const problems: Partial<Record<CsvErrorCode, CsvProblem>> = {
  CSV_QUOTE_NOT_CLOSED: 'unclosedQuote',
  CSV_MAX_RECORD_SIZE: 'recordTooLong',
};

/** The records of the parser's rows, each numbered by its line (quoted line breaks counted). */
function numbered(rows: string[][]): { records: CsvRecord[]; nextLine: number } {
  const records: CsvRecord[] = [];
  let line = 1;
  for (const cells of rows) {
    // Blank lines come through as one empty value, so that they can be counted here.
    if (cells.length > 1 || cells[0] !== '') records.push({ line, cells });
    line += 1;
    for (const cell of cells) line += cell.match(lineBreak)?.length ?? 0;
  }
  return { records, nextLine: line };
}

/**
 * The records of a CSV text, or the line of the record that cannot be read: a quote that never
 * closes, or (with `maxRecordChars`) a record whose values pass that many characters (csv-parse
 * counts the value it is reading in UTF-8 bytes, so accented text reaches the bound sooner).
 */
export function readCsv(text: string, maxRecordChars?: number): CsvReading {
  const options: Options = {
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    // csv-parse refuses a record once its values pass this size plus one.
    max_record_size: maxRecordChars === undefined ? 0 : maxRecordChars - 1,
  };
  try {
    return { ok: true, records: numbered(parse(text, options)).records };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const problem = problems[error.code];
    if (!problem) throw error;
    // The error counts the records read before the bad one; read those again to number its line.
    const before = Number(error.records);
    const line = before === 0 ? 1 : numbered(parse(text, { ...options, to: before })).nextLine;
    return { ok: false, line, problem };
  }
}
