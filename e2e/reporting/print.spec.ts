import { expect, test, type Page } from '@playwright/test';
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

test('a campaign’s print report is titled with its name and prints once', async ({ page, request }) => {
  const token = await apiToken(request, brandAdmin);
  const { campaigns } = (await (
    await request.get('/api/campaigns?campaignType=current', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { campaigns: { _id: string; name: string }[] };
  const campaign = campaigns[0]!;

  await countPrints(page);
  await page.goto('/login');
  await login(page, brandAdmin);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto(`/user/campaigns/print/${campaign._id}`);
  await expect(page).toHaveTitle(`Campaign Overview - ${campaign.name}`);
  await expect(page.getByRole('heading', { name: `Campaign Overview - ${campaign.name}` })).toBeVisible();
  // The campaign runs this month: the date card counts the days left, beside the figures.
  await expect(page.getByText('Remaining', { exact: true })).toBeVisible();
  for (const section of ['Statistics', 'Insights', 'Performance', 'Demographic']) {
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  await expect.poll(() => printsOf(page)).toBe(1);
  await page.waitForTimeout(1500);
  expect(await printsOf(page)).toBe(1);
});
