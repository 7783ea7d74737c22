import { describe, expect, it, vi } from 'vitest';
import { lineAnswerReader, readLines } from './upload-request.ts';

describe('an answer in lines', () => {
  it('is read a complete line at a time, a part line kept for the next read', () => {
    const lines: string[] = [];
    const text = '{"a":1}\n{"b":';
    const offset = readLines(text, 0, (line) => lines.push(line));
    expect(lines).toEqual(['{"a":1}']);
    expect(readLines(`${text}2}\n`, offset, (line) => lines.push(line))).toBe(text.length + 3);
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it("reports each progress line and ends with the last line's status and answer", () => {
    const onServerProgress = vi.fn();
    const reader = lineAnswerReader(onServerProgress);
    reader.onLine('{"progress":{"rowsRead":1000,"rowsQualified":800}}');
    reader.onLine('{"progress":{"rowsRead":3000,"rowsQualified":2400}}');
    expect(reader.final).toBeUndefined();
    reader.onLine('{"status":400,"answer":{"errorMessage":"Line 3: amount is required"}}');
    expect(onServerProgress.mock.calls).toEqual([
      [{ rowsRead: 1000, rowsQualified: 800 }],
      [{ rowsRead: 3000, rowsQualified: 2400 }],
    ]);
    expect(reader.final).toEqual({ status: 400, payload: { errorMessage: 'Line 3: amount is required' } });
  });
});
