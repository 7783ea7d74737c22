import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, settled } from '../accessibility/axe-check.ts';
import { apiToken, login } from '../support/fixtures.ts';

/**
 * Publishers' settlement files (docs/decisions/0107): on a fresh start the job makes each demo
 * publisher's files of its last 35 closed days and last month (the demo holds a year of its
 * transactions). The system admin reads a publisher's, filters them and downloads one whose bytes
 * hash to the checksum shown; the publisher's own key downloads the same bytes. The demo bank's
 * publisher sends only this month's purchases (demo-holdouts.ts), so its bank admin's list holds a
 * daily file for each of this month's closed days that had one, and none on the month's first day.
 */

const systemAdmin = 'admin@demo.test';
const bankAdmin = 'bank@demo.test';
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

interface Listed {
  id: string;
  kind: string;
  fileName: string;
  sha256: string;
}

/** ATR's files as the system admin lists them, once the job has made its first run's. */
async function atrFiles(request: APIRequestContext) {
  const token = await apiToken(request, systemAdmin);
  const headers = { authorization: `Bearer ${token}` };
  const publishers = await request.get('/api/publishers?page=1&limit=20&search=ATR', { headers });
  const atr = ((await publishers.json()) as { data: { _id: string; code: string }[] }).data.find(
    (row) => row.code === 'ATR',
  )!;
  let files: Listed[] = [];
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/settlement-files?publisherId=${atr._id}&limit=100`, {
          headers,
        });
        files = ((await answer.json()) as { data: Listed[] }).data;
        return files.some((file) => file.kind === 'monthly');
      },
      { message: "the job has made ATR's first files", timeout: 90_000 },
    )
    .toBe(true);
  return files;
}

async function openFiles(page: Page, email: string) {
  await page.goto('/login');
  await login(page, email);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto('/user/settings/settlement-files');
  await settled(page);
}

test("the system admin finds a publisher's monthly file and downloads it, its bytes hashing to the checksum shown", async ({
  page,
  request,
}) => {
  const files = await atrFiles(request);
  const monthly = files.find((file) => file.kind === 'monthly')!;
  await openFiles(page, systemAdmin);
  await expect(page.getByRole('heading', { name: 'Settlement files' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Publisher' }).click();
  await page.getByRole('option', { name: 'ATR (ATR)' }).click();
  // The kind filter's segments: their radios are hidden under the labels a person clicks.
  await page
    .locator('label')
    .filter({ hasText: /^Monthly settlement$/ })
    .click();
  await expect(page.getByRole('radio', { name: 'Monthly settlement' })).toBeChecked();
  const download = page.getByRole('link', { name: `Download ${monthly.fileName}` });
  await expect(download).toBeVisible();
  await expect(page.getByRole('link', { name: /^Download settlement-daily-/ })).toHaveCount(0);
  await expect(page.getByText(`${monthly.sha256.slice(0, 12)}…`)).toHaveAttribute('title', monthly.sha256);
  await expectAccessible(page, 'the settlement files of a publisher');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(monthly.fileName);
  const bytes = await readFile((await file.path())!);
  expect(sha256(bytes)).toBe(monthly.sha256);
  expect(bytes.toString('utf8').split('\n')[0]).toBe(
    'brand_id,brand_name,campaign_id,campaign_name,document,issued_on,transactions,cashback_pence,success_fee_pence',
  );

  // The publisher's own live key downloads the same bytes, the checksum in the header.
  const byKey = await request.get(`/api/publisher/settlement-files/${monthly.id}`, {
    headers: { 'x-api-key': 'demo-atr-key' },
  });
  expect(byKey.status()).toBe(200);
  expect(byKey.headers()['x-checksum-sha256']).toBe(monthly.sha256);
  expect(sha256(await byKey.body())).toBe(monthly.sha256);
});

test("a bank admin sees its bank's publisher's files, and the guide to them", async ({ page, request }) => {
  // The job's first run makes every publisher's files; ATR's monthly file says it has run.
  await atrFiles(request);
  const token = await apiToken(request, bankAdmin);
  const answer = await request.get('/api/settlement-files?page=1&limit=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  const own = ((await answer.json()) as { data: Listed[] }).data;
  // Demo Bank's are daily files of this month's closed days: no monthly file, the month not over.
  expect(own.filter((file) => file.kind !== 'daily')).toEqual([]);

  await openFiles(page, bankAdmin);
  if (own.length === 0) {
    await expect(page.getByText('No settlement files yet.')).toBeVisible();
  } else {
    for (const file of own.slice(0, 5)) {
      await expect(page.getByRole('link', { name: `Download ${file.fileName}` })).toBeVisible();
    }
    await expect(page.getByText('No settlement files yet.')).toHaveCount(0);
  }
  // No publisher to choose: the bank admin's list is its bank's publisher's.
  await expect(page.getByRole('combobox', { name: 'Publisher' })).toHaveCount(0);
  await expectAccessible(page, 'the settlement files of a bank admin');

  await page.getByRole('link', { name: 'The files’ columns, the checksum and the API calls' }).click();
  await expect(page.getByRole('heading', { name: 'Settlement files', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'The daily redemption file’s columns' })).toBeVisible();
});
