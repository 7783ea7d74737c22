import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * An upload's body kept in a temporary file while it is worked on: written as it arrives, then read
 * from its start as often as the work needs (ingestion reads a file a second time when it has to
 * go through its staging table). Receiving the body holds no lock and no database connection, so a
 * slow sender delays nobody else's upload. Past `maxBytes` the body is refused with the error
 * `tooLarge` makes; the file is removed when the work ends, however it ends.
 *
 * The folder's name says which process made it (`krowd-upload-<pid>.<process id>-…`), so a server
 * starting up removes the folders of processes that died mid-upload at once, and leaves those of
 * another server on the machine that is receiving one now.
 */
const prefix = 'krowd-upload-';
/** This process's own mark: its pid, and a random id that a later process with the same pid lacks. */
const owner = `${process.pid}.${randomBytes(6).toString('hex')}`;

export async function withSpooledUpload<T>(
  body: AsyncIterable<Uint8Array | string>,
  limits: { maxBytes: number; tooLarge: () => Error },
  work: (read: () => AsyncIterable<Buffer>) => Promise<T>,
): Promise<T> {
  const directory = await mkdtemp(path.join(os.tmpdir(), `${prefix}${owner}-`));
  try {
    const file = path.join(directory, 'body');
    let bytes = 0;
    await pipeline(
      body,
      async function* (chunks: AsyncIterable<Uint8Array | string>) {
        for await (const chunk of chunks) {
          bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
          if (bytes > limits.maxBytes) throw limits.tooLarge();
          yield chunk;
        }
      },
      createWriteStream(file),
    );
    return await work(() => createReadStream(file, { highWaterMark: 64 * 1024 }));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * Removes the temporary files of uploads a process did not live to finish (killed mid-upload, its
 * `finally` never ran), as the server starts: every folder whose process is gone (or whose pid is
 * now this process's, a previous life of it), and any other older than `olderThanMs` (a pid that
 * lives on may be another program's by now). The folders of this process and of another live
 * server on the machine are left alone. The number removed.
 */
export async function removeAbandonedUploads(options: {
  olderThanMs: number;
  now: Date;
  directory?: string;
  /** Whether a process with this pid exists (tests say which). */
  isRunning?: (pid: number) => boolean;
}): Promise<number> {
  const directory = options.directory ?? os.tmpdir();
  const isRunning = options.isRunning ?? processExists;
  let removed = 0;
  for (const name of await readdir(directory)) {
    if (!name.startsWith(prefix) || name.startsWith(`${prefix}${owner}-`)) continue;
    const spool = path.join(directory, name);
    const written = await stat(spool).then(
      (found) => found.mtimeMs,
      () => null,
    );
    if (written === null) continue;
    const pid = Number(/^(\d+)\./.exec(name.slice(prefix.length))?.[1] ?? Number.NaN);
    const ownerGone = Number.isInteger(pid) && (pid === process.pid || !isRunning(pid));
    if (!ownerGone && options.now.getTime() - written <= options.olderThanMs) continue;
    await rm(spool, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** Whether a process with this pid exists: signal 0 checks without sending anything. */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
