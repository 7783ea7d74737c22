import { expect, test } from '@playwright/test';
import { firstVisit, loginTargetBytes, transferredBytes } from '../support/first-visit.ts';

// The sign-in page is the first thing every user loads. A text or rule imported on its
// path can pull a whole catalogue into its chunk (the full message catalogue once added 10 KB).
test(`a first visit to /login transfers at most ${loginTargetBytes / 1024} KB with brotli`, async ({
  browser,
  baseURL,
}) => {
  const resources = await firstVisit(browser, `${baseURL}/login`, 'br, gzip');
  const script = resources.filter((resource) => resource.url.endsWith('.js'));
  expect(script.length).toBeGreaterThan(0);
  for (const resource of script) expect(resource.encoding, resource.url).toBe('br');
  expect(transferredBytes(resources)).toBeLessThanOrEqual(loginTargetBytes);
});
