import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, settled } from '../accessibility/axe-check.ts';
import { login } from '../support/fixtures.ts';

/**
 * Pending and final rewards on the brand dashboard (docs/decisions/0117), on the demo
 * data, whose transactions run to yesterday: over the last 90 days some rewards are still inside
 * their 30-day return period (pending) and some are past it (final). Both show apart, they add up to
 * the Total Cashback and Total Success Fee cards, and the card says when pending becomes final.
 */

const brandAdmin = 'brandadmin@demo.test';

/** The figure on a statistic card, e.g. 'Total Cashback' → '£1,234.56'. */
function card(page: Page, label: string) {
  return page
    .getByTestId('figure-card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('p')
    .nth(1);
}

/** '£1,234.56' or '-£6.00' as pence. */
function pence(shown: string): number {
  const match = /^(-?)£([\d,]+)\.(\d{2})$/.exec(shown.trim());
  if (!match) throw new Error(`not money: ${shown}`);
  const value = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

const shiftDays = (date: string, count: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
const shownDate = (date: string) => date.split('-').reverse().join('/');

test('the dashboard shows cashback and fee pending and final apart, adding up to the totals', async ({
  page,
}) => {
  await page.goto('/login');
  await login(page, brandAdmin);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const end = await page.getByLabel('End Date', { exact: true }).inputValue();
  const start = shiftDays(end, -89);
  // The previous range's figures stay on screen while the next answer loads: wait for this range's.
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/dashboard/client') &&
      (response.request().postData() ?? '').includes(start) &&
      response.ok(),
  );
  await page.getByLabel('Start Date', { exact: true }).fill(start);
  await expect(page).toHaveURL(new RegExp(`start=${start}`));
  await page.keyboard.press('Escape');
  await answered;

  const section = page.getByRole('region', { name: 'Pending and final rewards' });
  await expect(section).toBeVisible();
  await expect(section.getByRole('columnheader')).toHaveText(['Reward', 'Pending', 'Final']);
  const figures = async (row: string) => {
    const cells = section.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell');
    await expect(cells).toHaveCount(2);
    const [pending, final] = await cells.allInnerTexts();
    return { pending: pence(pending!), final: pence(final!) };
  };
  await expect(card(page, 'Total Cashback')).toHaveText(/^-?£[\d,]+\.\d{2}$/);
  await settled(page);

  const cashback = await figures('Cashback');
  expect(cashback.pending, 'yesterday’s purchases are pending').toBeGreaterThan(0);
  expect(cashback.final, 'purchases of two months ago are final').toBeGreaterThan(0);
  expect(cashback.pending + cashback.final).toBe(pence(await card(page, 'Total Cashback').innerText()));
  const fee = await figures('Success fee');
  expect(fee.pending + fee.final).toBe(pence(await card(page, 'Total Success Fee').innerText()));

  await expect(section).toContainText('A reward is pending for 30 days after its purchase');
  await expect(section).toContainText(`Purchases on or before ${shownDate(shiftDays(end, -31))} are final.`);
  await expectAccessible(page, 'the dashboard with pending and final rewards');
});
