import { expect, test, type Page } from '@playwright/test';
import { axeFindings, describe as describeFindings } from '../accessibility/axe-check.ts';
import { apiToken, login } from '../support/fixtures.ts';

/**
 * "Why transactions did not qualify" on the dashboard (docs/decisions/0130), on the demo data: the
 * counts by reason, a reason's transactions, and the export with the reasons. Screenshots at
 * 1440 and 390 px of the panel and the drill-down, with nothing scrolling sideways on the phone.
 */

const groupAdmin = 'groupadmin@demo.test';

async function openDashboard(page: Page) {
  await page.goto('/login');
  await login(page, groupAdmin);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Why transactions did not qualify' });

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

for (const [name, size] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the panel counts the demo's reasons and a reason opens its transactions (${name})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(size);
    await openDashboard(page);
    const panel = panelOf(page);
    await expect(panel).toBeVisible();
    // At least two reasons on first start, each a button to its transactions with its count.
    const reasons = panel.getByRole('button', { name: /^View the transactions: / });
    await expect(reasons.nth(1)).toBeVisible();
    await expect(panel.getByTestId('not-qualified-total')).toHaveText(/^Total: [\d,]+ · £[\d,]+\.\d{2}$/);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: testInfo.outputPath(`panel-${name}.png`) });
    await noSidewaysScroll(page);
    const panelFindings = await axeFindings(page, `panel ${name}`, '[aria-labelledby="not-qualified-title"]');
    expect(panelFindings, describeFindings(panelFindings)).toEqual([]);

    const label = (await reasons.first().innerText()).trim();
    await reasons.first().click();
    const dialog = page.getByRole('dialog', { name: `Not qualified: ${label}` });
    await expect(dialog).toBeVisible();
    // The date in the timezone setting with its zone, the card masked to its last four.
    await expect(dialog.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} [A-Z]{2,5}$/).first()).toBeVisible();
    await expect(dialog.getByText(/^•••• \d{4}$/).first()).toBeVisible();
    await expect(dialog.getByText(label, { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`drill-down-${name}.png`) });
    await noSidewaysScroll(page);
    const dialogFindings = await axeFindings(page, `drill-down ${name}`, '[role="dialog"]');
    expect(dialogFindings, describeFindings(dialogFindings)).toEqual([]);
  });
}

test('Export with the reasons mails a file holding the not-qualified rows and their reason', async ({
  page,
  request,
}) => {
  await openDashboard(page);
  await expect(
    panelOf(page)
      .getByRole('button', { name: /^View the transactions: / })
      .first(),
  ).toBeVisible();
  await page
    .getByRole('checkbox', { name: 'Include transactions that did not qualify, with their reason' })
    .check();
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(
    page.getByText('File exported successfully. You will receive an email with a link to download the file.'),
  ).toBeVisible();

  const admin = await apiToken(request, 'admin@demo.test');
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/mail/outbox?limit=50', {
          headers: { authorization: `Bearer ${admin}` },
        });
        const { data } = (await response.json()) as { data: { to: string; subject: string; text: string }[] };
        const mail = data.find(
          (m) => m.to === groupAdmin && m.subject === 'Your transactions export is ready',
        );
        link = mail?.text.match(/\/api\/dashboard\/exports\/[\w-]+\/download\?token=[\w-]+/)?.[0] ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');

  const download = await page.request.get(link);
  expect(download.status()).toBe(200);
  const lines = (await download.text()).split('\r\n');
  expect(lines[0]).toMatch(/,campaign,reason,reason_code$/);
  expect(lines.some((line) => line.includes(',not_qualified,'))).toBe(true);
});
