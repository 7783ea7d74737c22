// Browser tests drive Debian's Chromium. Install it when we can (root with apt); otherwise stop
// with one sentence that says how to get it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian package chromium…');
    execFileSync('apt-get', ['install', '-y', '-q', 'chromium'], { stdio: 'inherit' });
  }
  if (!existsSync(chromium)) {
    console.error(
      `Browser tests need Chromium at ${chromium}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH to a Chromium binary) and run npm test again.`,
    );
    process.exit(1);
  }
}
