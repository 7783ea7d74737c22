import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeAbandonedUploads } from './upload-spool.ts';

describe('temporary files of abandoned uploads', () => {
  let directory = '';
  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'krowd-spool-test-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  /** A spool directory with its body, last written `hoursAgo` before `now`. */
  async function spool(name: string, hoursAgo: number, now: Date) {
    const at = new Date(now.getTime() - hoursAgo * 3_600_000);
    await mkdir(path.join(directory, name));
    await writeFile(path.join(directory, name, 'body'), 'transaction_id\n');
    await utimes(path.join(directory, name), at, at);
  }

  it('removes those older than the limit and leaves recent ones (another server may be receiving) and other files', async () => {
    const now = new Date('2026-11-24T09:00:00Z');
    await spool('krowd-upload-killed', 30, now);
    await spool('krowd-upload-receiving', 1, now);
    await spool('other-program-old', 30, now);

    expect(await removeAbandonedUploads({ olderThanMs: 24 * 3_600_000, now, directory })).toBe(1);
    expect((await readdir(directory)).sort()).toEqual(['krowd-upload-receiving', 'other-program-old']);
  });
});
