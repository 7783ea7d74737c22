import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, maxCsvRecordChars, parseCsv } from './csv.ts';
import { CsvStreamError, csvRecordsOf } from './csv-stream.ts';

/** The bytes of a text cut into pieces of `size` bytes, as a stream delivers them. */
async function* pieces(bytes: Uint8Array, size: number) {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function records(text: string | Uint8Array, size: number, maxBytes = 1024 * 1024) {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const out = [];
  for await (const record of csvRecordsOf(pieces(bytes, size), maxBytes)) out.push(record);
  return out;
}

describe('csvRecordsOf', () => {
  const text = '\uFEFFa,b,c\r\n"quoted, with comma","say ""hi""",plain\n\n"two\r\nlines",£ é,\rlast,"",x';

  it.each([1, 2, 3, 7, 1000])('reads what parseCsv reads, the text cut every %i bytes', async (size) => {
    expect(await records(text, size)).toEqual(parseCsv(text.replace(/^\uFEFF/, '')));
  });

  it.each([5, 64, 4096])(
    'reads many plain lines between quoted ones alike, cut every %i bytes',
    async (size) => {
      const lines = Array.from({ length: 400 }, (_, index) =>
        index % 37 === 0
          ? `"q ${index}, ""x""",${index},"a\nb"`
          : `T${index},2025-06-0${index % 9}T12:00:00Z,${index}.50,,x`,
      );
      const many = lines.join(['\n', '\r\n', '\r'][size % 3]!) + '\n\n';
      expect(await records(many, size)).toEqual(parseCsv(many));
    },
  );

  it('refuses bytes that are not UTF-8, binary controls and a file over the limit', async () => {
    await expect(records(new Uint8Array([0x61, 0xff, 0x0a]), 2)).rejects.toEqual(
      new CsvStreamError('notText'),
    );
    await expect(records('a,b\n\u0000', 2)).rejects.toEqual(new CsvStreamError('notText'));
    await expect(records('a,b\nc,d\n', 3, 5)).rejects.toEqual(new CsvStreamError('tooLarge'));
  });

  it.each([
    ['plain', 'x'],
    ['quoted', '"x'],
  ])(
    'stops at a %s record longer than the bound, naming its line, without reading on',
    async (_kind, start) => {
      let piecesRead = 0;
      // An endless line: without the bound the reader would grow one record until the byte limit.
      async function* endless() {
        yield new TextEncoder().encode(`a,b\n${start}`);
        for (;;) {
          piecesRead += 1;
          yield new TextEncoder().encode('y'.repeat(1000));
        }
      }
      const reading = (async () => {
        for await (const record of csvRecordsOf(endless(), 1024 ** 3)) void record;
      })();

      await expect(reading).rejects.toEqual(new CsvSyntaxError(2, 'recordTooLong'));
      expect(piecesRead).toBeLessThanOrEqual(maxCsvRecordChars / 1000 + 1);
    },
  );

  it('reads a record of exactly the bound, in one piece or many', async () => {
    const line = `${'z'.repeat(maxCsvRecordChars - 2)},q`;
    const text = `a,b\n${line}\nc,d\n`;
    expect(await records(text, 70_000)).toEqual(parseCsv(text));
    expect(await records(text, 997)).toEqual(parseCsv(text));
    expect((await records(text, 997))[1]!.cells[1]).toBe('q');
  });
});
