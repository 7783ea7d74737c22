import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, login } from '../support/fixtures.ts';

/** The print report (spec 3 §2.6): its title, its sections, and the print dialog opened exactly once. */

const brandAdmin = 'brandadmin@demo.test';

/** window.print is replaced in every page of the context, counting its calls. */
async function countPrints(page: Page) {
  await page.context().addInitScript(() => {
    (window as unknown as { prints: number }).prints = 0;
    window.print = () => {
      (window as unknown as { prints: number }).prints += 1;
    };
  });
}

/** The brand admin's campaigns of one list, read through the API. */
async function campaignsOf(
  request: APIRequestContext,
  campaignType: 'past' | 'current' | 'future',
  filter: Record<string, string> = {},
) {
  const token = await apiToken(request, brandAdmin);
  const query = new URLSearchParams({ campaignType, filter: JSON.stringify(filter) });
  const response = await request.get(`/api/campaigns?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { campaigns: { _id: string; name: string }[] }).campaigns;
}

/** Signs the brand admin in with window.print counted, and opens a campaign's print report. */
async function openPrint(page: Page, campaignId: string) {
  await countPrints(page);
  await page.goto('/login');
  await login(page, brandAdmin);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto(`/user/campaigns/print/${campaignId}`);
}

const printsOf = (page: Page) => page.evaluate(() => (window as unknown as { prints: number }).prints);

test('Print on the dashboard opens the report in a new tab, which prints once', async ({ page }) => {
  await countPrints(page);
  await page.goto('/login');
  await login(page, brandAdmin);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto('/user/dashboard');
  await expect(page.getByTestId('figure-card').first()).toBeVisible();

  const [report] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Print' }).click(),
  ]);
  await expect(report).toHaveURL(/\/user\/campaigns\/print\/0\/\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}$/);
  await expect(report).toHaveTitle(/^Campaign Overview - \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/);
  for (const section of ['Statistics', 'Insights', 'Performance', 'Demographic']) {
    await expect(report.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  await expect.poll(() => printsOf(report)).toBe(1);
  // Once only: still one a moment later.
  await report.waitForTimeout(1500);
  expect(await printsOf(report)).toBe(1);
  // No navigation or shell on the sheet.
  await expect(report.getByRole('navigation')).toHaveCount(0);
});

test('a running campaign’s print report is titled with its name, counts its days left, and prints once', async ({
  page,
  request,
}) => {
  const campaign = (await campaignsOf(request, 'current'))[0]!;
  await openPrint(page, campaign._id);
  await expect(page).toHaveTitle(`Campaign Overview - ${campaign.name}`);
  await expect(page.getByRole('heading', { name: `Campaign Overview - ${campaign.name}` })).toBeVisible();
  // The campaign runs this month: the date card counts the days left, whether or not the month
  // has figures yet (publishers send yesterday's transactions, so on its first day it has none).
  await expect(page.getByText('Remaining', { exact: true })).toBeVisible();
  await expect.poll(() => printsOf(page)).toBe(1);
  await page.waitForTimeout(1500);
  expect(await printsOf(page)).toBe(1);
});

test('a past campaign’s print report draws its figures under its month and prints once', async ({
  page,
  request,
}) => {
  // Last month's campaign: a whole month of transactions on whatever day the journey runs.
  const [campaign] = await campaignsOf(request, 'past', { sortfield: 'start_date', direction: 'desc' });
  await openPrint(page, campaign!._id);
  await expect(page).toHaveTitle(`Campaign Overview - ${campaign!.name}`);
  await expect(page.getByText('Campaign Month', { exact: true })).toBeVisible();
  for (const section of ['Statistics', 'Insights', 'Performance', 'Demographic']) {
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  await expect.poll(() => printsOf(page)).toBe(1);
  await page.waitForTimeout(1500);
  expect(await printsOf(page)).toBe(1);
});

test('a future campaign’s print report shows its days to start, with no figures yet, and prints once', async ({
  page,
  request,
}) => {
  const campaign = (await campaignsOf(request, 'future'))[0]!;
  await openPrint(page, campaign._id);
  await expect(page).toHaveTitle(`Campaign Overview - ${campaign.name}`);
  await expect(page.getByText('Starts In', { exact: true })).toBeVisible();
  await expect(page.getByTestId('figure-card').getByText(/^\d+ days?$/i)).toBeVisible();
  await expect(page.getByText('No campaign overview data found.')).toBeVisible();
  await expect.poll(() => printsOf(page)).toBe(1);
});

test('a report or print address of no campaign says so in its title and its page, and does not print', async ({
  page,
}) => {
  await countPrints(page);
  await page.goto('/login');
  await login(page, brandAdmin);
  await expect(page).toHaveURL(/\/user\//);
  const nobody = '00000000-0000-4000-8000-000000000000';

  await page.goto(`/user/campaigns/reports/${nobody}`);
  await expect(page.getByRole('heading', { name: 'Campaign not found', level: 2 })).toBeVisible();
  await expect(page).toHaveTitle('Campaign not found · Krowd');
  await expect(page.getByRole('heading', { name: /^Campaign Overview/ })).toHaveCount(0);

  await page.goto(`/user/campaigns/print/${nobody}`);
  await expect(page.getByRole('heading', { name: 'Campaign not found', level: 2 })).toBeVisible();
  await expect(page).toHaveTitle('Campaign not found');
  // Not ready to print: the dialog opens only once a campaign's figures are drawn.
  await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled();
  expect(await printsOf(page)).toBe(0);
});

test('the system admin opens a campaign’s report from Past Campaigns, and its print page, both with their figures (spec 3 §2.9)', async ({
  page,
}) => {
  await countPrints(page);
  await page.goto('/login');
  await login(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/user\/banks\/list$/);
  await page.goto('/user/campaigns/past');
  const open = page.getByRole('button', { name: /^Open / }).first();
  const name = (await open.getAttribute('aria-label'))!.replace(/^Open /, '');
  await open.click();
  await expect(page).toHaveURL(/\/user\/campaigns\/reports\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Campaign Overview - ${name}` })).toBeVisible();
  // The figures are read (or the month has none): never the refusal the report used to show.
  const settled = page.getByTestId('figure-card').or(page.getByText('No campaign overview data found.'));
  await expect(settled.first()).toBeVisible();
  await expect(page.getByText('You do not have access to this.')).toHaveCount(0);

  const id = page.url().split('/').at(-1)!;
  await page.goto(`/user/campaigns/print/${id}`);
  await expect(page).toHaveTitle(`Campaign Overview - ${name}`);
  await expect(settled.first()).toBeVisible();
  await expect(page.getByText('You do not have access to this.')).toHaveCount(0);
  await expect.poll(() => printsOf(page)).toBe(1);
});
