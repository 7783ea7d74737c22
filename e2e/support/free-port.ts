import { spawnSync } from 'node:child_process';

/**
 * Two consecutive free loopback ports (the main product and the short-idle one), found once by the
 * runner: Playwright reads its config synchronously, so a child process does the asynchronous
 * listening. Two runs on one machine then never collide.
 */
export function freePortPair(): string {
  const script = `
    const net = require('node:net');
    const listen = (port) => new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
    (async () => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const first = await listen(0);
        const port = first.address().port;
        const second = await listen(port + 1);
        first.close();
        if (second) { second.close(); process.stdout.write(String(port)); return; }
      }
      process.exit(1);
    })();`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (result.status !== 0 || !/^\d+$/.test(result.stdout)) {
    throw new Error(`no two free ports on 127.0.0.1: ${result.stderr}`);
  }
  return result.stdout;
}
