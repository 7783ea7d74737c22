import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../http/csv.ts';
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
});
