/**
 * Rows for a `COPY … FROM STDIN (FORMAT binary)`, given to `copyInto` (database.ts). COPY is the
 * bulk path for uploads of millions of rows, and its binary format is the cheapest for the server
 * to read: a uuid is 16 bytes and an instant 8, with nothing to parse, where the text format
 * costs it about twice as much per stored transaction (docs/decisions.md 'Performance').
 *
 * Each row is written field by field in the order of the columns named to `copyInto`, with the
 * writer of the column's type. The layout is PostgreSQL's (the COPY page of its manual, 'Binary
 * Format'): a signature, then per row a field count and each field as its length and bytes (-1 for
 * null), then -1.
 */
const signature = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** 2000-01-01T00:00:00Z, PostgreSQL's epoch for timestamps, in ms since 1970. */
const postgresEpochMs = 946_684_800_000;
const twoTo32 = 2 ** 32;

/** The value of each hexadecimal digit's char code, -1 for any other. */
const hexDigit = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit += 1) {
  hexDigit['0123456789abcdef'.charCodeAt(digit)] = digit;
  hexDigit['0123456789ABCDEF'.charCodeAt(digit)] = digit;
}

/** Strings this short are written a character at a time when they are ASCII (most cells). */
const shortText = 64;

export class CopyRows {
  private buffer: Buffer;
  private length = 0;
  private fieldsLeft = 0;
  private rows = 0;
  /** Where each uuid written so far is, to copy its bytes when it comes again (ids of a few parents). */
  private readonly uuidAt = new Map<string, number>();

  /** `expectedBytes` sizes the buffer once, to spare copies as it grows (a page is a megabyte). */
  constructor(
    readonly fieldCount: number,
    expectedBytes = 64 * 1024,
  ) {
    this.buffer = Buffer.allocUnsafe(Math.max(expectedBytes, signature.length + 10));
    signature.copy(this.buffer, 0);
    this.buffer.writeInt32BE(0, signature.length); // flags
    this.buffer.writeInt32BE(0, signature.length + 4); // header extension length
    this.length = signature.length + 8;
  }

  get rowCount(): number {
    return this.rows;
  }

  /** Starts a row; its fields follow, one call each. */
  row(): this {
    if (this.fieldsLeft !== 0) throw new Error(`COPY row short of ${this.fieldsLeft} field(s)`);
    this.reserve(2);
    this.buffer.writeInt16BE(this.fieldCount, this.length);
    this.length += 2;
    this.fieldsLeft = this.fieldCount;
    this.rows += 1;
    return this;
  }

  null(): this {
    this.field(0);
    this.buffer.writeInt32BE(-1, this.length - 4);
    return this;
  }

  /** text (UTF-8). */
  text(value: string | null): this {
    if (value === null) return this.null();
    if (value.length <= shortText && this.asciiText(value)) return this;
    const most = value.length * 3;
    this.field(most);
    const start = this.length - most - 4;
    const written = this.buffer.write(value, start + 4, most, 'utf8');
    this.buffer.writeInt32BE(written, start);
    this.length = start + 4 + written;
    return this;
  }

  /** jsonb: the version byte, then the JSON text. */
  jsonb(json: string | null): this {
    if (json === null) return this.null();
    const most = json.length * 3 + 1;
    this.field(most);
    const start = this.length - most - 4;
    this.buffer[start + 4] = 1;
    const written = this.buffer.write(json, start + 5, most - 1, 'utf8');
    this.buffer.writeInt32BE(written + 1, start);
    this.length = start + 5 + written;
    return this;
  }

  /** integer. */
  int4(value: number | null): this {
    if (value === null) return this.null();
    this.field(4);
    this.buffer.writeInt32BE(value, this.length - 4);
    return this;
  }

  /** bigint, from a safe integer. */
  int8(value: number): this {
    if (!Number.isSafeInteger(value)) throw new Error(`COPY bigint out of range: ${value}`);
    this.field(8);
    const high = Math.floor(value / twoTo32);
    const low = value - high * twoTo32;
    const buffer = this.buffer;
    const at = this.length - 8;
    buffer[at] = (high >> 24) & 0xff;
    buffer[at + 1] = (high >> 16) & 0xff;
    buffer[at + 2] = (high >> 8) & 0xff;
    buffer[at + 3] = high & 0xff;
    buffer[at + 4] = low >>> 24;
    buffer[at + 5] = (low >>> 16) & 0xff;
    buffer[at + 6] = (low >>> 8) & 0xff;
    buffer[at + 7] = low & 0xff;
    return this;
  }

  /**
   * timestamptz from an instant in ms, or timestamp (without time zone) from a wall clock read as
   * if it were UTC: both are microseconds since 2000-01-01.
   */
  timestamp(ms: number): this {
    return this.int8((ms - postgresEpochMs) * 1000);
  }

  /**
   * uuid, from its canonical text (hyphens anywhere are skipped), for a column whose values repeat
   * (ids of a few parents): each one's bytes are copied when it comes again.
   */
  uuid(value: string | null): this {
    if (value === null) return this.null();
    const earlier = this.uuidAt.get(value);
    this.field(16);
    if (earlier !== undefined) {
      this.buffer.copyWithin(this.length - 16, earlier, earlier + 16);
      return this;
    }
    this.writeUuid(value);
    this.uuidAt.set(value, this.length - 16);
    return this;
  }

  /** uuid of a column whose values are each met once (a row's own id): parsed, not remembered. */
  uniqueUuid(value: string): this {
    this.field(16);
    this.writeUuid(value);
    return this;
  }

  /** Every row with the format's signature and trailer. */
  bytes(): Buffer {
    if (this.fieldsLeft !== 0) throw new Error(`COPY row short of ${this.fieldsLeft} field(s)`);
    this.reserve(2);
    this.buffer.writeInt16BE(-1, this.length);
    return this.buffer.subarray(0, this.length + 2);
  }

  /** The uuid's 16 bytes into the field just made room for. */
  private writeUuid(value: string) {
    let at = this.length - 16;
    let high = -1;
    for (let i = 0; i < value.length; i += 1) {
      const code = value.charCodeAt(i);
      if (code === 45) continue;
      const digit = code < 128 ? hexDigit[code]! : -1;
      if (digit < 0 || at === this.length) throw new Error(`COPY uuid malformed: ${value}`);
      if (high < 0) high = digit;
      else {
        this.buffer[at] = (high << 4) | digit;
        at += 1;
        high = -1;
      }
    }
    if (at !== this.length || high >= 0) throw new Error(`COPY uuid malformed: ${value}`);
  }

  /** Writes a short text when it is all ASCII (one byte a character); false, writing nothing, otherwise. */
  private asciiText(value: string): boolean {
    this.field(value.length);
    const buffer = this.buffer;
    const start = this.length - value.length;
    for (let i = 0; i < value.length; i += 1) {
      const code = value.charCodeAt(i);
      if (code > 127) {
        // Taken back: the field is written again as UTF-8.
        this.length = start - 4;
        this.fieldsLeft += 1;
        return false;
      }
      buffer[start + i] = code;
    }
    return true;
  }

  /** Room for a field of `size` bytes after its length, written by the caller at the end. */
  private field(size: number) {
    if (this.fieldsLeft === 0) throw new Error(`COPY row longer than ${this.fieldCount} fields`);
    this.fieldsLeft -= 1;
    this.reserve(4 + size);
    // The length, big-endian, byte by byte: cheaper than writeInt32BE's checks, a field at a time.
    const buffer = this.buffer;
    const at = this.length;
    buffer[at] = size >>> 24;
    buffer[at + 1] = (size >>> 16) & 0xff;
    buffer[at + 2] = (size >>> 8) & 0xff;
    buffer[at + 3] = size & 0xff;
    this.length = at + 4 + size;
  }

  private reserve(size: number) {
    if (this.length + size <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + size));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}
