import { expect, test, type APIRequestContext } from '@playwright/test';
import { displayDate } from '../../packages/domain/src/campaign/campaign-dates.rules.ts';
import { apiToken, login } from '../support/fixtures.ts';

/** A demo campaign of last month (the system admin's list of campaign overviews). */
async function lastMonthCampaign(request: APIRequestContext) {
  const token = await apiToken(request, 'admin@demo.test');
  const now = new Date();
  const month = (offset: number) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
    return date.toISOString().slice(0, 7);
  };
  const response = await request.get(
    `/api/campaignoverview/list?start_date=${month(-6)}&end_date=${month(-1)}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  expect(response.ok()).toBe(true);
  const { campaigns } = (await response.json()) as {
    campaigns: { id: string; name: string; month: string }[];
  };
  expect(campaigns.length, 'a demo campaign of the last six months').toBeGreaterThan(0);
  return campaigns[0]!;
}

test('the overview editor blocks an empty list and a date outside the campaign, saves, and the preview shows the edited CPA', async ({
  page,
  request,
}) => {
  const campaign = await lastMonthCampaign(request);
  const start = `${campaign.month}-01`;
  const [year, month] = campaign.month.split('-').map(Number) as [number, number];
  const outside = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);

  await page.goto('/login');
  await login(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/user\/banks\/list$/);
  await page.goto(`/user/campaign-overview/edit/${campaign.id}`);
  // The editor draws a month of rows of number fields: slow to appear on a loaded machine.
  await expect(page.getByRole('heading', { name: campaign.name })).toBeVisible({ timeout: 30_000 });

  // The summary, in pounds.
  for (const [label, pounds] of [
    ['Total Cost', '100'],
    ['Highest Spend', '50'],
    ['Lowest Spend', '1'],
    ['Average Spend', '10'],
  ] as const) {
    await page.getByRole('textbox', { name: label }).fill(pounds);
  }

  // Every performance row removed: saving is refused with a clear message.
  const removeRow = page.getByRole('button', { name: /^Remove row / });
  while ((await removeRow.count()) > 0) await removeRow.first().click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Add at least one performance row before saving.')).toBeVisible();

  // A row dated after the campaign's month is refused.
  await page.getByRole('button', { name: 'Add row' }).click();
  // Dates are typed DD/MM/YYYY (spec 2 §9).
  await page.getByLabel('Date of row 1').fill(displayDate(outside));
  await page.getByLabel('Reach of row 1').fill('100');
  await page.getByLabel('Conversions of row 1').fill('4');
  await page.getByLabel('Revenue of row 1').fill('80');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/^Date must be within the campaign/)).toBeVisible();
  await page.getByLabel('Date of row 1').fill(displayDate(start));

  // One entry in each statistics tab.
  for (const tab of ['Age', 'Branches', 'Nationality', 'Gender']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    const panel = page.getByRole('tabpanel');
    if ((await panel.getByRole('textbox', { name: 'Label' }).count()) === 0) {
      await panel.getByRole('button', { name: `Add ${tab}` }).click();
      await panel.getByRole('textbox', { name: 'Label' }).last().fill(`${tab} label`);
      await panel.getByRole('textbox', { name: 'Value' }).last().fill('1');
    }
  }

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Campaign Overview data saved successfully').first()).toBeVisible();
  await expect(page.getByTestId('overridden-note')).toBeVisible();

  // The preview, in a new tab: £100.00 over 4 conversions.
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Preview' }).click(),
  ]);
  await preview.waitForLoadState();
  await expect(preview.getByRole('heading', { name: `Campaign Overview - ${campaign.name}` })).toBeVisible({
    timeout: 30_000,
  });
  const statistics = preview.getByLabel('Statistics');
  await expect(statistics).toContainText('CPA');
  await expect(statistics).toContainText('£25.00');
  await expect(statistics).toContainText('£100.00');
  await expect(preview.getByTestId('preview-edited')).toBeVisible();
});
