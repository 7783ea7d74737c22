import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './servers.ts';

/**
 * The main product's port (E2E_PORT, or two free ports playwright.config.ts found); the short-idle
 * one takes the next port.
 */
export const mainPort = Number(process.env.E2E_PORT);

export const statePath = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  `../.state/servers-${mainPort}.json`,
);

/**
 * Two products: the main one, and one whose sessions go idle after 15 seconds (for the inactivity
 * modal). Both on fresh databases with the demo data; the guest links they print are kept for
 * the tests.
 */
export default async function globalSetup() {
  const [main, shortIdle] = await Promise.all([
    startServer(mainPort),
    startServer(mainPort + 1, { SESSION_IDLE_MINUTES: '0.25' }),
  ]);
  mkdirSync(path.dirname(statePath), { recursive: true });
  writeFileSync(
    statePath,
    JSON.stringify({
      main: { url: main.url, guestLink: main.guestLink, cardNetworkLink: main.cardNetworkLink },
      shortIdle: { url: shortIdle.url },
    }),
  );
  return async () => {
    main.process.kill('SIGTERM');
    shortIdle.process.kill('SIGTERM');
    rmSync(statePath, { force: true });
    // The demo admin's codes used against these two servers (support/two-step.ts): the ports are
    // free ones, new each run, so their files would pile up.
    for (const port of [mainPort, mainPort + 1])
      rmSync(path.join(path.dirname(statePath), `admin-code-${port}.json`), { force: true });
  };
}
