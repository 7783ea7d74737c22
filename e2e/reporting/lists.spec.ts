import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken, login } from '../support/fixtures.ts';
import { searchList } from '../support/lists.ts';

async function openPage(page: Page, email: string, path: string, heading: string) {
  await page.goto('/login');
  await login(page, email);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** '£1,234.56' → 123456 pence. */
const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, '')) * 100);

/** Every invoice the list call answers for the account (newest month first), read through the API. */
async function invoiceRows(request: APIRequestContext, email: string) {
  const token = await apiToken(request, email);
  const response = await request.get('/api/distributors/getInvoiceList/invoice?limit=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as {
    data: { brandName: string; InvoiceNumber: string; paymentStatus: string; invoiceAmountPence: number }[];
  };
  return data;
}

/** The texts of one column of the table's body rows (1-based column number). */
async function columnTexts(table: Locator, column: number) {
  return table.locator('tbody tr').locator(`td:nth-child(${column})`).allInnerTexts();
}

test('a brand admin sees its invoices from the invoice run, sorts them and opens one', async ({
  page,
  request,
}) => {
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
  // The demo's invoice run (demo-reporting.ts) invoices each closed month of Green Fork's campaign
  // history that has qualified spend, and marks those over 3 months old Paid; newer ones are Unpaid.
  // The list shows what the invoice list call answers for the caller. Every invoice has its document.
  const listed = await invoiceRows(request, 'companyadmin@demo.test');
  const paidRows = listed.filter((row) => row.paymentStatus === 'Paid');
  expect(paidRows.length).toBeGreaterThanOrEqual(2);
  expect(new Set(listed.map((row) => row.brandName))).toEqual(new Set(['Green Fork']));
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(listed.length, 10));
  const paid = table.getByRole('row', { name: /Paid/ }).filter({ hasNotText: 'Unpaid' });
  // The first page shows the list's first 10 rows, credit notes among them.
  await expect(paid).toHaveCount(listed.slice(0, 10).filter((row) => row.paymentStatus === 'Paid').length);
  const first = paid.first();
  await expect(first.getByRole('cell').first()).toHaveText(/^\d{2}-\d{4}$/);
  await expect(first.getByRole('cell').nth(1)).toHaveText(/^£[\d,]+\.\d{2}$/);
  await expect(first.getByRole('cell').nth(2)).toHaveText(/^INV-\d{6}$/);
  await expect(first.getByRole('cell').nth(3)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  const number = await first.getByRole('cell').nth(2).innerText();
  expect(paidRows.map((row) => row.InvoiceNumber)).toContain(number);

  // Sorting: the first click orders descending, the second ascending.
  await table.getByRole('button', { name: 'Invoice Amount' }).click();
  await expect(table.getByRole('columnheader', { name: 'Invoice Amount' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  // The header changes at once; the rows follow when the sorted page arrives.
  const amounts = async () => (await columnTexts(table, 2)).map(pence);
  await expect
    .poll(async () => {
      const shown = await amounts();
      return (
        shown.length === Math.min(listed.length, 10) && shown.every((v, i) => i === 0 || shown[i - 1]! >= v)
      );
    })
    .toBe(true);
  const descending = await amounts();
  await table.getByRole('button', { name: 'Invoice Amount' }).click();
  await expect(table.getByRole('columnheader', { name: 'Invoice Amount' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  // With more than a page of rows (credit notes among them), ascending starts from the smallest.
  const smallest = listed
    .map((row) => row.invoiceAmountPence)
    .sort((a, b) => a - b)
    .slice(0, descending.length);
  await expect.poll(async () => (await columnTexts(table, 2)).map(pence)).toEqual(smallest);

  // An invoice's document opens in a new tab (one shown on this page: credit notes may fill it).
  const invoiceRow = table
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: /^INV-\d{6}$/ }) })
    .first();
  const shownNumber = await invoiceRow.getByRole('cell').nth(2).innerText();
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    invoiceRow.getByRole('button', { name: /View Invoice/ }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(new RegExp(`/api/invoices/documents/${shownNumber}$`));
});

test('a group finance user sees the group brands’ invoices with a brand column and selector', async ({
  page,
  request,
}) => {
  await openPage(page, 'groupuser@demo.test', '/user/campaigns/invoices', 'Invoices');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Brand Name' })).toBeVisible();
  // Both group brands have a campaign history, hence invoices; the standalone Green Fork none here.
  const listed = await invoiceRows(request, 'groupuser@demo.test');
  const ember = listed.filter((row) => row.brandName === 'Ember Pizza Co');
  expect(new Set(listed.map((row) => row.brandName))).toEqual(new Set(['Harbour Kitchen', 'Ember Pizza Co']));
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(listed.length, 10));
  await expect(table.getByRole('row', { name: /Green Fork/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Brand' }).click();
  await page.getByRole('option', { name: 'Ember Pizza Co' }).click();
  await expect(table.getByRole('row', { name: /Harbour Kitchen/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Ember Pizza Co/ })).toHaveCount(Math.min(ember.length, 10));
  await expect(table.getByRole('row', { name: /Ember Pizza Co/ }).first()).toContainText(
    ember[0]!.InvoiceNumber,
  );
});

test("a bank user sees its brands' share of every ingestion log and sorts by each column", async ({
  page,
}) => {
  await openPage(page, 'bank@demo.test', '/user/ingestionLogs', 'Ingestion Logs');
  const table = page.getByRole('table');
  for (const header of ['Data Source', 'Uploaded Date', 'GMV', 'Transaction count']) {
    await expect(table.getByRole('button', { name: header })).toBeVisible();
  }
  await expect(table.locator('tbody tr')).toHaveCount(10);
  // The demo publishers' monthly files of the past year (demo-transactions.ts), and any upload since.
  await expect(page.getByText(/^Total: \d{2,}$/)).toBeVisible();
  // An upload's time in the timezone setting, with its zone (01/12/2026 01:00 EST).
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText(
    /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [A-Z]{3,4}$/,
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
  await searchList(page, page.getByRole('textbox', { name: 'Search Data Source' }), 'NextJump');
  await expect.poll(async () => new Set(await columnTexts(table, 1))).toEqual(new Set(['NextJump']));
});

test('a list asked for paging it cannot show says why, shows page 1 of 10 and corrects its address', async ({
  page,
}) => {
  await openPage(page, 'user@demo.test', '/user/campaigns/past?limit=999', 'Past Campaigns');

  await expect(page.getByText('Rows per page must be one of 10, 25, 50, 100.')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/campaigns\/past\?limit=10$/);
  await expect(page.getByRole('table').locator('tbody tr')).not.toHaveCount(0);
  await expect(page.getByText('Invalid value')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');

  // A page past the last goes to the last.
  await page.goto('/user/campaigns/past?page=99');
  await expect(page.getByText(/^There is no page 99; showing page \d+, the last\.$/)).toBeVisible();
  await expect(page).toHaveURL(/\?page=\d+$/);
  await expect(page.getByRole('table').locator('tbody tr')).not.toHaveCount(0);
});

test('Past Campaigns has no month filter to show; Current has one in MM/YYYY; Future none (spec 3 §2.1–2.3)', async ({
  page,
}) => {
  await openPage(page, 'user@demo.test', '/user/campaigns/past', 'Past Campaigns');
  await expect(page.getByRole('button', { name: 'From month' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'To month' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Current Campaigns' }).click();
  await expect(page.getByRole('heading', { name: 'Current Campaigns', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'From month' }).click();
  await page
    .getByRole('button', { name: /^(Jan|January)/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'From month' })).toHaveText(/^01\/\d{4}$/);

  await page.getByRole('link', { name: 'Future Campaigns' }).click();
  await expect(page.getByRole('heading', { name: 'Future Campaigns', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'From month' })).toHaveCount(0);
});

test('a session ended under a list shows its modal alone: no inline message, no notification', async ({
  page,
}) => {
  await openPage(page, 'user@demo.test', '/user/campaigns/future', 'Future Campaigns');
  await expect(page.getByRole('table').locator('tbody tr')).not.toHaveCount(0);

  await page.request.post('/api/auth/logout');
  // The next page size asks the server again, which answers that the session has ended.
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '25' }).click();

  await expect(page.getByText('Session Expired, Please login Again', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(page.getByText('Please login to continue.')).toHaveCount(0);
  await expect(page.getByText('This list could not be loaded.')).toHaveCount(0);
});
