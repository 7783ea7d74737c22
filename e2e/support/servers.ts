import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StartedServer {
  process: ChildProcess;
  url: string;
  guestLink: string;
  /** The card-network guest link (cardnetwork@demo.test): its session has the card-network source. */
  cardNetworkLink: string;
}

/**
 * Starts the built product (apps/api/dist/server.js) on a fresh PGlite database with demo data,
 * waits until it says it is running, and reads the guest links it prints.
 */
export function startServer(port: number, env: Record<string, string> = {}): Promise<StartedServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'krowd-e2e-'));
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '10000',
      // Parallel journeys sign the same demo accounts in over and over, which no person does: the
      // cap on live sessions a user (tested in the API suite) would end sessions mid-journey.
      SESSIONS_PER_USER: '1000',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    // Loading the demo data takes well under a minute on an idle machine and was seen past 180 s on
    // one shared with other builds: the wait is for a failure to start, not a speed check.
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`server on ${port} did not start:\n${output}`));
    }, 600_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const guest = output.match(/Guest onboarding link for \S+[^\n]*\n\s*(http:\/\/\S+\/guestuser\/\S+)/);
      const cardNetwork = output.match(
        /Card-network guest link for \S+[^\n]*\n\s*(http:\/\/\S+\/guestuser\/\S+)/,
      );
      if (output.includes('Krowd is running at') && guest && cardNetwork) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve({
          process: child,
          url: `http://localhost:${port}`,
          guestLink: guest[1]!,
          cardNetworkLink: cardNetwork[1]!,
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server on ${port} exited with ${code}:\n${output}`));
    });
  });
}
