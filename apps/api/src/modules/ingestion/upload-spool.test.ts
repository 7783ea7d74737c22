import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeAbandonedUploads, withSpooledUpload } from './upload-spool.ts';

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

  it('removes at once the folders of processes that are gone, and of an earlier process with this pid', async () => {
    const now = new Date('2026-11-24T09:00:00Z');
    const gone = 4_000_001;
    const running = 4_000_002;
    await spool(`krowd-upload-${gone}.a1b2c3d4e5f6-X1`, 0.01, now);
    await spool(`krowd-upload-${process.pid}.000000000000-X2`, 0.01, now);
    await spool(`krowd-upload-${running}.a1b2c3d4e5f6-X3`, 0.01, now);
    await spool(`krowd-upload-${running}.a1b2c3d4e5f6-X4`, 30, now);

    const removed = await removeAbandonedUploads({
      olderThanMs: 24 * 3_600_000,
      now,
      directory,
      isRunning: (pid) => pid === running,
    });

    expect(removed).toBe(3);
    expect(await readdir(directory)).toEqual([`krowd-upload-${running}.a1b2c3d4e5f6-X3`]);
  });

  describe('in the folder uploads are kept in', () => {
    // os.tmpdir() follows TMPDIR: this test's folder stands in for it, so nothing else is touched.
    let tmpdir: string | undefined;
    beforeEach(() => {
      tmpdir = process.env.TMPDIR;
      process.env.TMPDIR = directory;
    });
    afterEach(() => {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    });

    it('leaves the folder of an upload this process is receiving', async () => {
      let during: string[] = [];
      const body = (async function* () {
        yield 'transaction_id\n';
      })();
      await withSpooledUpload(body, { maxBytes: 1024, tooLarge: () => new Error('too large') }, async () => {
        await removeAbandonedUploads({ olderThanMs: 0, now: new Date(Date.now() + 60_000), directory });
        during = (await readdir(directory)).filter((name) => name.startsWith(`krowd-upload-${process.pid}.`));
      });
      expect(during).toHaveLength(1);
    });

    it('removes its folder when the work fails', async () => {
      const body = (async function* () {
        yield 'transaction_id\n';
      })();
      let folder = '';
      const failing = withSpooledUpload(
        body,
        { maxBytes: 1024, tooLarge: () => new Error('too large') },
        async () => {
          folder = (await readdir(directory)).find((name) =>
            name.startsWith(`krowd-upload-${process.pid}.`),
          )!;
          throw new Error('the database went away');
        },
      );
      await expect(failing).rejects.toThrow('the database went away');
      expect(folder).toMatch(/^krowd-upload-/);
      expect(await readdir(directory)).not.toContain(folder);
    });
  });
});
