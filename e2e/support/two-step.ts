import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';

export const demoAdminEmail = 'admin@demo.test';

/** The demo system admin's secret: apps/api/src/demo/demo-data.ts demoAdminTotpSecret (README). */
const demoAdminTotp = new TOTP({
  algorithm: 'SHA1',
  digits: 6,
  period: 30,
  secret: Secret.fromBase32('KRWDDEMOADMINTWOSTEPSIGNIN234567'),
});

/** A code of an authenticator app holding `secret` (base32), at `at`. */
export function totpCode(secret: string, at = new Date()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });
}

const periodMs = 30_000;
const stateDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../.state');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const currentStep = () => Math.floor(Date.now() / periodMs);

/** A lock directory (mkdir is atomic); one left by a crashed worker is taken over after a minute. */
async function acquire(lock: string) {
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) rmSync(lock, { recursive: true, force: true });
      await sleep(100);
    }
  }
}

function lastStep(file: string): number {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { last: number }).last;
  } catch {
    return 0;
  }
}

/**
 * Runs `use` with a code of the demo admin's app that the server at `origin` has not taken yet.
 * The server takes each 30-second step once, and only steps later than the last it took (it allows
 * the step after the current one): the journeys of every worker share the steps used through a
 * file per server, under a lock held until `use` has had the server's answer.
 */
export async function withAdminCode<T>(origin: string, use: (code: string) => Promise<T>): Promise<T> {
  const port = new URL(origin).port;
  mkdirSync(stateDir, { recursive: true });
  const lock = path.join(stateDir, `admin-code-${port}.lock`);
  const file = path.join(stateDir, `admin-code-${port}.json`);
  await acquire(lock);
  try {
    const step = Math.max(lastStep(file) + 1, currentStep());
    while (step > currentStep() + 1) await sleep((currentStep() + 1) * periodMs - Date.now() + 200);
    writeFileSync(file, JSON.stringify({ last: step }));
    return await use(demoAdminTotp.generate({ timestamp: step * periodMs }));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
