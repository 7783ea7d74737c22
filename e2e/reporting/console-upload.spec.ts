import { expect, test, type Page } from '@playwright/test';
import { login } from '../support/fixtures.ts';

const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';

async function openUpload(page: Page) {
  await page.goto('/login');
  await login(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/user\/banks\/list$/);
  await page.getByRole('link', { name: 'Ingestion Logs' }).click();
  await expect(page.getByRole('heading', { name: 'Ingestion Logs', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Upload transactions' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload transactions' });
  await upload.getByRole('combobox', { name: 'Publisher' }).click();
  await page.getByRole('option', { name: 'Mastercard (LUX)' }).click();
  return upload;
}

async function send(upload: ReturnType<Page['getByRole']>, rows: string[]) {
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'lux.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...rows].join('\n')),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
}

test('the system admin uploads a publisher file and sees the counts and the new log row', async ({
  page,
}) => {
  const tag = `E2E-${Date.now()}`;
  const upload = await openUpload(page);
  await send(upload, [
    `${tag}-1,2025-06-11T12:00:00+01:00,12.34,GBP,E2E-UNKNOWN-MID,${tag}-card,1234,N1 9AA,LUX`,
    `${tag}-2,2025-06-12T12:00:00+01:00,7.66,GBP,E2E-UNKNOWN-MID,${tag}-card,1234,N1 9AA,LUX`,
  ]);

  await expect(upload.getByTestId('upload-answer')).toContainText(
    'Inserted 2, duplicates 0, unmatched 2, rejected 0',
  );
  await expect(page.getByText('Transactions uploaded successfully').first()).toBeVisible();
  await upload.getByRole('button', { name: 'Close' }).last().click();

  // Newest upload first: this file, £20.00 in 2 transactions.
  const first = page.getByRole('table').locator('tbody tr').first();
  await expect(first.locator('td').nth(0)).toHaveText('Mastercard');
  await expect(first.locator('td').nth(2)).toHaveText('£20.00');
  await expect(first.locator('td').nth(3)).toHaveText('2');
});

test('a file with bad rows lists them by line in the Validation Error modal and stores nothing', async ({
  page,
}) => {
  const tag = `E2E-BAD-${Date.now()}`;
  const upload = await openUpload(page);
  await send(upload, [
    `${tag}-1,2025-06-11T12:00:00+01:00,12.34,GBP,E2E-UNKNOWN-MID,card,1234,,LUX`,
    `${tag}-2,2025-06-11T12:00:00+01:00,12.345,GBP,E2E-UNKNOWN-MID,card,1234,,LUX`,
  ]);

  const errors = page.getByRole('dialog', { name: 'Validation Error' });
  await expect(
    errors.getByText('Line 3: amount must be pounds with at most 2 decimals, negative for a refund'),
  ).toBeVisible();
  await errors.getByRole('button', { name: 'Close' }).last().click();
  await expect(
    upload.getByText('Nothing was stored. Correct the rows listed and send the file again.'),
  ).toBeVisible();
});

test('the system admin tests a transaction against a campaign and sees the reason', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/user\/banks\/list$/);
  await page.getByRole('link', { name: 'Current Campaigns' }).click();
  await page
    .getByRole('button', { name: /^Test a transaction: Green Fork/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /^Test a transaction - Green Fork/ });

  // Years before any demo campaign: never in the campaign's month.
  // Typed as the field shows it, DD/MM/YYYY HH:mm (decision 0073).
  await dialog.getByLabel('Date and time').fill('06/01/2020 12:00');
  await dialog.getByLabel('Amount (£)').fill('50.00');
  // An approved branch: at any other a purchase earns nothing whatever the month.
  await dialog.getByRole('combobox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: 'Green Fork Soho' }).click();
  await dialog.getByRole('button', { name: 'Test' }).click();

  const result = dialog.getByTestId('simulation-result');
  await expect(result).toContainText('Does not qualify');
  await expect(result).toContainText('Not in campaign month');

  await dialog.getByLabel('Amount (£)').fill('50.123');
  await dialog.getByRole('button', { name: 'Test' }).click();
  await expect(
    dialog.getByText('Amount must be a positive number of pounds with at most 2 decimals'),
  ).toBeVisible();
});
