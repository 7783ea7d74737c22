import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, postgresUser } from './private-postgres.ts';

/** Debian's PgBouncer binary (package pgbouncer), if installed. */
export function pgbouncerBinary(): string | null {
  for (const candidate of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

export interface PgBouncer {
  /** postgres://postgres@127.0.0.1:<pooler port>/<database>, through the pooler. */
  urlFor(database: string): string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A PgBouncer of a test's own on a free port of 127.0.0.1, in front of the PostgreSQL server at
 * `server` (host and port), in transaction pooling with `serverConnections` server connections
 * per database: consecutive transactions of one client run on whichever server connection is free,
 * which is what breaks session state (prepared statements, LISTEN) behind such a pooler
 * (decision 0127). PgBouncer refuses to run as root: as root it runs as the `postgres` user.
 */
export async function startPgBouncer(
  server: { host: string; port: number },
  options: { serverConnections: number },
): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error('PgBouncer not found (Debian package pgbouncer)');
  const owner = process.getuid?.() === 0 ? await postgresUser() : null;
  const folder = await mkdtemp(path.join(os.tmpdir(), 'krowd-pgbouncer-'));
  const port = await freePort();
  const users = path.join(folder, 'users.txt');
  const ini = path.join(folder, 'pgbouncer.ini');
  await writeFile(users, '"postgres" ""\n');
  await writeFile(
    ini,
    [
      '[databases]',
      `* = host=${server.host} port=${server.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.serverConnections}`,
      'min_pool_size = 0',
      'reserve_pool_size = 0',
      'max_client_conn = 500',
      // node-postgres sends these at start-up; a pooler in transaction mode cannot keep them.
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(folder, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  if (owner) {
    for (const file of [folder, users, ini]) await chown(file, owner.uid, owner.gid);
  }
  const child: ChildProcess = owner
    ? spawn('runuser', ['-u', 'postgres', '--', binary, ini], { stdio: 'ignore' })
    : spawn(binary, [ini], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await listening(port, exited);
  return {
    port,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Resolves once the port accepts a connection; rejects if the pooler exits first or after 30 s. */
async function listening(port: number, exited: Promise<void>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (gone) throw new Error('PgBouncer exited at start-up');
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('PgBouncer did not listen within 30 s');
}
