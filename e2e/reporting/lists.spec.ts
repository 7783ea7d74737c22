import { expect, test, type Locator, type Page } from '@playwright/test';
import { login } from '../support/fixtures.ts';

async function openPage(page: Page, email: string, path: string, heading: string) {
  await page.goto('/login');
  await login(page, email);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
}

/** '£1,234.56' → 123456 pence. */
const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, '')) * 100);

/** The texts of one column of the table's body rows (1-based column number). */
async function columnTexts(table: Locator, column: number) {
  return table.locator('tbody tr').locator(`td:nth-child(${column})`).allInnerTexts();
}

test('a brand admin sees its invoices from the invoice run, sorts them and opens one', async ({ page }) => {
  await openPage(page, 'companyadmin@demo.test', '/user/campaigns/invoices', 'Invoices');
  const table = page.getByRole('table');
  for (const header of [
    'Invoice Month',
    'Invoice Amount',
    'Invoice Number',
    'Due Date',
    'Payment Status',
    'Actions',
  ]) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  // The demo's invoice run (demo-reporting.ts) always invoices Green Fork's campaign of four months
  // back, and marks it Paid (over 3 months old); a newer one, when a month has qualified spend, is
  // Unpaid. Every invoice has its document.
  const paid = table.getByRole('row', { name: /Paid/ }).filter({ hasNotText: 'Unpaid' });
  await expect(paid).toHaveCount(1);
  await expect(paid.getByRole('cell').first()).toHaveText(/^\d{2}-\d{4}$/);
  await expect(paid.getByRole('cell').nth(1)).toHaveText(/^£[\d,]+\.\d{2}$/);
  await expect(paid.getByRole('cell').nth(2)).toHaveText(/^INV-\d{6}$/);
  await expect(paid.getByRole('cell').nth(3)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  const number = await paid.getByRole('cell').nth(2).innerText();

  // Sorting: the first click orders descending, the second ascending.
  await table.getByRole('button', { name: 'Invoice Amount' }).click();
  await expect(table.getByRole('columnheader', { name: 'Invoice Amount' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const descending = (await columnTexts(table, 2)).map(pence);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await table.getByRole('button', { name: 'Invoice Amount' }).click();
  await expect(table.getByRole('columnheader', { name: 'Invoice Amount' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect.poll(async () => (await columnTexts(table, 2)).map(pence)).toEqual([...descending].reverse());

  // The invoice's document opens in a new tab.
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    paid.getByRole('button', { name: /View Invoice/ }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(new RegExp(`/api/invoices/documents/${number}$`));
});

test('a group finance user sees the group brands’ invoices with a brand column and selector', async ({
  page,
}) => {
  await openPage(page, 'groupuser@demo.test', '/user/campaigns/invoices', 'Invoices');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Brand Name' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Harbour Kitchen/ })).toHaveCount(1);
  await expect(table.getByRole('row', { name: /Green Fork/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Brand' }).click();
  await page.getByRole('option', { name: 'Ember Pizza Co' }).click();
  await expect(page.getByText('No data found.')).toBeVisible();
});

test('a bank user sees every ingestion log and sorts by each column', async ({ page }) => {
  await openPage(page, 'bank@demo.test', '/user/ingestionLogs', 'Ingestion Logs');
  const table = page.getByRole('table');
  for (const header of ['Data Source', 'Uploaded Date', 'GMV', 'Transaction count']) {
    await expect(table.getByRole('button', { name: header })).toBeVisible();
  }
  await expect(table.locator('tbody tr')).toHaveCount(10);
  // The demo publishers' monthly files of the past year (demo-transactions.ts), and any upload since.
  await expect(page.getByText(/^Total: \d{2,}$/)).toBeVisible();
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText(
    /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
  );

  await table.getByRole('button', { name: 'GMV' }).click();
  await expect(table.getByRole('columnheader', { name: 'GMV' })).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => {
      const values = (await columnTexts(table, 3)).map(pence);
      return values.every((value, index) => index === 0 || values[index - 1]! >= value);
    })
    .toBe(true);
  await table.getByRole('button', { name: 'Transaction count' }).click();
  await table.getByRole('button', { name: 'Transaction count' }).click();
  await expect(table.getByRole('columnheader', { name: 'Transaction count' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect
    .poll(async () => {
      const values = (await columnTexts(table, 4)).map((text) => Number(text.replace(/,/g, '')));
      return values.every((value, index) => index === 0 || values[index - 1]! <= value);
    })
    .toBe(true);

  await table.getByRole('button', { name: 'Data Source' }).click();
  await page.getByRole('textbox', { name: 'Search Data Source' }).fill('NextJump');
  await expect.poll(async () => new Set(await columnTexts(table, 1))).toEqual(new Set(['NextJump']));
});
