import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, login } from '../support/fixtures.ts';

/**
 * The performance dashboard on the demo data (spec 3 §2.4): figures, filters that
 * change them, the Transaction Details modal, and the export mailed as a download link.
 */

const brandAdmin = 'brandadmin@demo.test';

async function openDashboard(page: Page, path = '/user/dashboard') {
  await page.goto('/login');
  await login(page, brandAdmin);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** The figure on a statistic card, e.g. 'Revenue' → '£1,234.56'. */
function card(page: Page, label: string) {
  return page
    .getByTestId('figure-card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('p')
    .nth(1);
}

/** A select filter's input. */
function filter(page: Page, label: string) {
  return page.getByRole('combobox', { name: label, exact: true });
}

/** A date picker of the Date Range. */
function dateField(page: Page, label: 'Start Date' | 'End Date') {
  return page.getByLabel(label, { exact: true });
}

async function choose(page: Page, label: string, option: string) {
  await filter(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The brand admin's campaign running this month (demo data), by the API. */
async function currentCampaign(request: APIRequestContext) {
  const token = await apiToken(request, brandAdmin);
  const response = await request.get('/api/campaigns?campaignType=current', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { campaigns } = (await response.json()) as {
    campaigns: { _id: string; name: string; start_date: string }[];
  };
  expect(campaigns.length, 'a current demo campaign').toBeGreaterThan(0);
  return campaigns[0]!;
}

test('a brand admin sees figures, and the publisher and date filters change them', async ({ page }) => {
  await openDashboard(page);
  const revenue = card(page, 'Revenue');
  await expect(revenue).toHaveText(/^£[\d,]+\.\d{2}$/);
  await expect(card(page, 'Conversions')).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByText('Highest Spend', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Performance' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Distribution' })).toBeVisible();
  // A brand admin has no Group or Brand filter.
  await expect(filter(page, 'Group')).toHaveCount(0);
  await expect(filter(page, 'Brand')).toHaveCount(0);
  const allRevenue = await revenue.innerText();

  // One publisher's share (display names: Fidel shows as NextJump).
  await choose(page, 'Publisher', 'NextJump');
  await expect(page).toHaveURL(/publisher=Fidel/);
  await expect(revenue).not.toHaveText(allRevenue);

  // Every publisher again, then the last week only (demo transactions run to yesterday): other
  // figures than the 30 days. One publisher's few sales of a small brand may all fall in one week,
  // so the window is compared on the brand's whole revenue.
  await choose(page, 'Publisher', 'All');
  await expect(revenue).toHaveText(allRevenue);
  const end = await dateField(page, 'End Date').inputValue();
  const start = new Date(Date.parse(`${end}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  await dateField(page, 'Start Date').fill(start);
  await expect(page).toHaveURL(new RegExp(`start=${start}`));
  await expect(revenue).toHaveText(/^£[\d,]+\.\d{2}$/);
  await expect(revenue).not.toHaveText(allRevenue);
});

test('a group admin choosing the ATR publisher gets the Customer Type filter in the default 30 days (spec 3 §2.4)', async ({
  page,
}) => {
  await page.goto('/login');
  await login(page, 'groupadmin@demo.test');
  await expect(page).toHaveURL(/\/user\//);
  await page.goto('/user/dashboard');
  await expect(card(page, 'Revenue')).toHaveText(/^£[\d,]+\.\d{2}$/);
  await expect(filter(page, 'Customer Type')).toHaveCount(0);

  await choose(page, 'Publisher', 'ATR');
  await expect(page).toHaveURL(/publisher=ATR/);
  await expect(filter(page, 'Customer Type')).toBeVisible();
  await choose(page, 'Customer Type', 'New Customers');
  await expect(page).toHaveURL(/customerType=NEW(\+|%20)USER/);
  // Choosing a type keeps the filter that chose it.
  await expect(filter(page, 'Customer Type')).toHaveValue('New Customers');
});

test('the Transaction Details modal lists the campaign month’s transactions', async ({ page, request }) => {
  const campaign = await currentCampaign(request);
  await openDashboard(page, `/user/dashboard/${campaign._id}`);
  await expect(filter(page, 'Campaign')).toHaveValue(campaign.name);
  await page.getByRole('button', { name: 'View Transaction' }).click();

  const [year, month] = campaign.start_date.split('-').map(Number) as [number, number];
  const monthYear = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dialog = page.getByRole('dialog', { name: `Transaction Details - ${monthYear}` });
  await expect(dialog).toBeVisible();
  for (const header of ['#', 'DATE', 'POST CODE', 'CARD (LAST 4 DIGITS)', 'AMOUNT (£)', 'CASHBACK (£)']) {
    await expect(dialog.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  // What the modal should list comes from the same call (on the 1st of a month the campaign has none yet).
  const token = await apiToken(request, brandAdmin);
  const details = await request.get(
    `/api/dashboard/getInvoice/${campaign._id}?type=detailed&transaction=true`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  // One page of the month comes from the server, with the month's total.
  const { total } = (await details.json()) as { total: number };
  if (total === 0) {
    await expect(dialog.getByText('No Record Found')).toBeVisible();
    return;
  }
  await expect(dialog.locator('tbody tr')).toHaveCount(Math.min(total, 10));
  const firstRow = dialog.locator('tbody tr').first();
  // The dashboard's yyyy-MM-dd HH:mm with the zone of the timezone setting, New York's in the demo
  // (decision 0073).
  await expect(firstRow.locator('td').nth(1)).toHaveText(
    new RegExp(`^${campaign.start_date.slice(0, 7)}-\\d{2} \\d{2}:\\d{2} (EST|EDT)$`),
  );
  await expect(firstRow.locator('td').nth(3)).toHaveText(/^\d{4}$/);
  await expect(firstRow.locator('td').nth(4)).toHaveText(/^[\d,]+\.\d{2}$/);
  await expect(
    dialog.getByText(`1–${Math.min(total, 10)} of ${total.toLocaleString('en-GB')} transactions`),
  ).toBeVisible();
  if (total <= 10) return;
  // The next page is the server's, numbered on from the first.
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(firstRow.locator('td').first()).toHaveText('11');
  await dialog.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(firstRow.locator('td').first()).toHaveText('1');
});

test('Export mails a link that downloads the filtered transactions as CSV', async ({ page, request }) => {
  await openDashboard(page);
  await expect(card(page, 'Revenue')).toHaveText(/^£/);
  const asked = Date.now();
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(
    page.getByText('File exported successfully. You will receive an email with a link to download the file.'),
  ).toBeVisible();

  // The job mails the link; read it from the outbox as the system admin.
  const admin = await apiToken(request, 'admin@demo.test');
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/mail/outbox?limit=50', {
          headers: { authorization: `Bearer ${admin}` },
        });
        const { data } = (await response.json()) as {
          data: { to: string; subject: string; text: string; created?: string; createdAt?: string }[];
        };
        const mail = data.find(
          (m) => m.to === brandAdmin && m.subject === 'Your transactions export is ready',
        );
        link = mail?.text.match(/\/api\/dashboard\/exports\/[\w-]+\/download\?token=[\w-]+/)?.[0] ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  expect(Date.now() - asked).toBeLessThan(60_000);

  // The link downloads with the session of the user who asked.
  const download = await page.request.get(link);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toContain('text/csv');
  const csv = await download.text();
  expect(csv.split('\n').length).toBeGreaterThan(1);
});
