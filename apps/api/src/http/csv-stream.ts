import { CsvSyntaxError, maxCsvRecordChars, type CsvRecord } from './csv.ts';

/**
 * Reading a CSV upload as it arrives, so memory holds one chunk and one record whatever the file's
 * size. The rules are those of http/csv.ts (RFC 4180: quoted fields with "" for a quote and line
 * breaks inside quotes; LF, CRLF or CR line ends; blank lines skipped; UTF-8 only, a leading BOM
 * dropped, no binary control characters), applied chunk by chunk.
 */
export class CsvStreamError extends Error {
  constructor(readonly reason: 'notText' | 'tooLarge') {
    super(reason);
    this.name = 'CsvStreamError';
  }
}

/**
 * A copy of a cell to keep beyond its row (a map key held for the whole upload). V8 cuts a cell
 * out of its piece's decoded text without copying it, so a kept cell would keep the whole piece
 * alive, and a key kept from every piece the whole file.
 */
export const detached = (cell: string): string => Buffer.from(cell, 'utf8').toString('utf8');

/** Whether a body is the raw stream of a text/csv upload. */
export const isBodyStream = (body: unknown): body is AsyncIterable<Uint8Array | string> =>
  body !== null && typeof body === 'object' && Symbol.asyncIterator in body;

/** A record reader fed text in pieces of any size (a record may span pieces). */
export class CsvRecordReader {
  private cells: string[] = [];
  private cell = '';
  private quoted = false;
  /** After a closing quote: a following quote is an escaped one. */
  private quoteClosed = false;
  private pendingCr = false;
  private previous = '';
  private cellStarted = false;
  private line = 1;
  private recordLine = 1;
  /** Characters of the record read so far by `step` (whole lines are measured where they are cut). */
  private recordChars = 0;

  /**
   * The records completed by this piece. A whole line without a quote, met at the start of a
   * record, is split at its commas in one step (most lines of a publisher's file); anything else
   * goes character by character.
   */
  push(text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    let index = 0;
    // The next LF and CR at or after `index`, each found again only once passed.
    let lf = -2;
    let cr = -2;
    const lineEnd = () => {
      if (lf !== -1 && lf < index) lf = text.indexOf('\n', index);
      if (cr !== -1 && cr < index) cr = text.indexOf('\r', index);
      return lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
    };
    while (index < text.length) {
      if (this.pendingCr) {
        this.pendingCr = false;
        if (text.charCodeAt(index) === 0x0a) {
          this.previous = '\n';
          index += 1;
          continue;
        }
      }
      if (this.atRecordStart()) {
        const end = lineEnd();
        if (end === -1) {
          // The record goes on in the next piece: character by character from here.
          for (; index < text.length; index += 1) this.step(text[index]!, records);
          break;
        }
        if (end - index > maxCsvRecordChars) throw new CsvSyntaxError(this.line, 'recordTooLong');
        const line = text.slice(index, end);
        if (!line.includes('"')) {
          if (line !== '') records.push({ line: this.line, cells: line.split(',') });
          const endChar = text[end]!;
          this.previous = endChar;
          this.pendingCr = endChar === '\r';
          this.line += 1;
          this.recordLine = this.line;
          index = end + 1;
          continue;
        }
      }
      this.step(text[index]!, records);
      index += 1;
    }
    return records;
  }

  private atRecordStart(): boolean {
    return (
      !this.quoted && !this.quoteClosed && !this.cellStarted && this.cell === '' && this.cells.length === 0
    );
  }

  /** One character through the reader's state; a record it completes goes to `records`. */
  private step(char: string, records: CsvRecord[]) {
    const previous = this.previous;
    this.previous = char;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (char === '\n') return;
    }
    this.recordChars += 1;
    const endsRecord = !this.quoted && (char === '\n' || char === '\r');
    if (this.recordChars > maxCsvRecordChars && !endsRecord) {
      throw new CsvSyntaxError(this.recordLine, 'recordTooLong');
    }
    if (this.quoted) {
      if (char === '"') this.quoted = false;
      else {
        if (char === '\r' || (char === '\n' && previous !== '\r')) this.line += 1;
        this.cell += char;
      }
      this.quoteClosed = char === '"';
      return;
    }
    if (char === '"' && this.quoteClosed) {
      // "" inside a quoted field: one quote, and the field goes on quoted.
      this.cell += '"';
      this.quoted = true;
      this.quoteClosed = false;
      return;
    }
    this.quoteClosed = false;
    if (char === '"' && this.cell === '') {
      this.quoted = true;
      this.cellStarted = true;
    } else if (char === ',') {
      this.cells.push(this.cell);
      this.cell = '';
      this.cellStarted = true;
    } else if (char === '\n' || char === '\r') {
      this.pendingCr = char === '\r';
      this.endRecord(records);
      this.line += 1;
      this.recordLine = this.line;
    } else {
      this.cell += char;
    }
  }

  /** The last record, when the text does not end with a line end; throws on an unclosed quote. */
  end(): CsvRecord[] {
    if (this.quoted) throw new CsvSyntaxError(this.recordLine);
    const records: CsvRecord[] = [];
    if (this.cell !== '' || this.cells.length > 0 || this.cellStarted) this.endRecord(records);
    return records;
  }

  private endRecord(records: CsvRecord[]) {
    this.cells.push(this.cell);
    if (this.cells.length > 1 || this.cells[0] !== '' || this.cellStarted) {
      records.push({ line: this.recordLine, cells: this.cells });
    }
    this.cells = [];
    this.cell = '';
    this.cellStarted = false;
    this.quoteClosed = false;
    this.recordChars = 0;
  }
}

/** Whether the text holds NUL or a C0 control other than tab, LF and CR, or DEL. */
function hasBinaryControl(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/**
 * The records of a byte stream, decoded as UTF-8 as they arrive. Throws CsvStreamError when the
 * bytes are not UTF-8 text or pass `maxBytes`, CsvSyntaxError on an unclosed quote.
 */
export async function* csvRecordsOf(
  stream: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): AsyncGenerator<CsvRecord> {
  for await (const records of csvRecordBatchesOf(stream, maxBytes)) yield* records;
}

/**
 * `csvRecordsOf`, a piece of the stream's records at a time: a file of millions of rows then costs
 * one turn of the async iteration per piece rather than per row.
 */
export async function* csvRecordBatchesOf(
  stream: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): AsyncGenerator<CsvRecord[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = new CsvRecordReader();
  let bytes = 0;
  let first = true;
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new CsvStreamError('notText');
    }
  };
  for await (const piece of stream) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw new CsvStreamError('tooLarge');
    let text = decode(chunk);
    if (first && text !== '') {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    if (hasBinaryControl(text)) throw new CsvStreamError('notText');
    const records = reader.push(text);
    if (records.length > 0) yield records;
  }
  const rest = decode();
  if (hasBinaryControl(rest)) throw new CsvStreamError('notText');
  const records = [...reader.push(rest), ...reader.end()];
  if (records.length > 0) yield records;
}
