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
 */
const prefix = 'krowd-upload-';

export async function withSpooledUpload<T>(
  body: AsyncIterable<Uint8Array | string>,
  limits: { maxBytes: number; tooLarge: () => Error },
  work: (read: () => AsyncIterable<Buffer>) => Promise<T>,
): Promise<T> {
  const directory = await mkdtemp(path.join(os.tmpdir(), prefix));
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
 * `finally` never ran): those last written more than `olderThanMs` ago. Called as the server
 * starts; another server on the machine may be receiving an upload right now, so a recent one is
 * left alone. The number removed.
 */
export async function removeAbandonedUploads(options: {
  olderThanMs: number;
  now: Date;
  directory?: string;
}): Promise<number> {
  const directory = options.directory ?? os.tmpdir();
  let removed = 0;
  for (const name of await readdir(directory)) {
    if (!name.startsWith(prefix)) continue;
    const spool = path.join(directory, name);
    const written = await stat(spool).then(
      (found) => found.mtimeMs,
      () => null,
    );
    if (written === null || options.now.getTime() - written <= options.olderThanMs) continue;
    await rm(spool, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
