import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest Debian PostgreSQL server binaries (`/usr/lib/postgresql/<major>/bin`), if installed. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const bin = path.join(root, major, 'bin');
    if (existsSync(path.join(bin, 'pg_ctl')) && existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

/** A free TCP port of 127.0.0.1, as the system hands one out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  urlFor(database: string): string;
  port: number;
  /** pg_ctl stop: 'fast' rolls back and disconnects every session; 'immediate' aborts the server. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
  /**
   * A streaming replica of this cluster (pg_basebackup -R: a hot standby replaying its WAL) in a
   * folder of its own, on another free port. Only on a primary.
   */
  startReplica(): Promise<PrivatePostgres>;
}

/**
 * A PostgreSQL cluster of a test's own, made with Debian's `initdb` in a temporary folder and
 * listening on a free port of 127.0.0.1, so the test may stop and start it (fault injection)
 * without touching the machine's server. PostgreSQL refuses to run as root: as root the cluster
 * runs as the `postgres` user.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  return startCluster(async (exec, dataDir) => {
    await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  });
}

type Exec = (command: string, args: string[]) => Promise<unknown>;

async function startCluster(
  create: (exec: Exec, dataDir: string) => Promise<void>,
  isReplica = false,
): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? await postgresUser() : null;
  const folder = await mkdtemp(path.join(os.tmpdir(), 'krowd-pg-'));
  const dataDir = path.join(folder, 'data');
  if (owner) {
    await chown(folder, owner.uid, owner.gid);
    await chmod(folder, 0o700);
  }
  const exec = (command: string, args: string[]) =>
    owner
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { cwd: folder })
      : run(path.join(bin, command), args, { cwd: folder });

  await create(exec, dataDir);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${folder}`,
    `-c listen_addresses=127.0.0.1`,
    // Faster without flushes to disk, and still exact across a stop of any mode: only a crash of
    // the machine loses what fsync would keep. Commits stay synchronous, so one that was answered
    // survives an immediate stop.
    '-c fsync=off',
    '-c max_connections=60',
    '-c shared_buffers=64MB',
  ].join(' ');
  const start = async () => {
    await exec('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(folder, 'log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    await exec('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  };
  await start();
  let running = true;
  return {
    port,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop(mode) {
      await stop(mode);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop('immediate').catch(() => {});
      running = false;
      await rm(folder, { recursive: true, force: true });
    },
    async startReplica() {
      if (isReplica) throw new Error('a replica of a replica is not offered');
      return startCluster(async (replicaExec, replicaDir) => {
        // -R writes standby.signal and primary_conninfo; -X stream copies the WAL made meanwhile.
        await replicaExec('pg_basebackup', [
          '-h',
          '127.0.0.1',
          '-p',
          String(port),
          '-U',
          'postgres',
          '-D',
          replicaDir,
          '-R',
          '-X',
          'stream',
          '--no-sync',
        ]);
      }, true);
    },
  };
}

export async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const { stdout } = await run('id', ['postgres']);
  const uid = /uid=(\d+)/.exec(stdout)?.[1];
  const gid = /gid=(\d+)/.exec(stdout)?.[1];
  if (!uid || !gid) throw new Error('no postgres user to run a private PostgreSQL as');
  return { uid: Number(uid), gid: Number(gid) };
}
