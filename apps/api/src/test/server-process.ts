import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverScript = fileURLToPath(new URL('../server.ts', import.meta.url));

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Whether the process is still running. */
  running(): boolean;
  /** Ends it (SIGKILL) if it still runs. */
  kill(): Promise<void>;
}

/**
 * The product's own server (`src/server.ts`, as `npm start` runs it) in a process of its own, on a
 * free port of 127.0.0.1, with `env` on top of this process's environment: for tests that stop its
 * database under it or send it signals, where only a real process shows whether it lives.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    if (!running()) return;
    child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let url: string | undefined;
  while (!url) {
    url = /Krowd is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
    if (url) break;
    if (!running() || Date.now() > deadline) {
      await kill();
      throw new Error(`the server did not start:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, child, output: () => printed, exited, running, kill };
}

/** Calls `check` until it answers true, or fails after `timeoutMs` naming what was awaited. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
