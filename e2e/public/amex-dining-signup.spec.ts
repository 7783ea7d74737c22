import { expect, test } from '@playwright/test';
import { xlsxBytes } from '../../packages/domain/src/public/card-network.fixtures.ts';
import { login } from '../support/fixtures.ts';
import { searchList } from '../support/lists.ts';
import { mailedLink } from '../support/mailed-links.ts';
import { interceptMarketingSite, uniqueSuffix } from './card-network.fixtures.ts';

/**
 * /amexdiningsignup then /amexdiningbranch/{id} (spec 3 §2.8): a restaurant registers, accepts the
 * terms, then sends its branches with an Excel file; the system admin finds both in Card-network Leads.
 */
test('a restaurant registers, sends its branches with an Excel file, and the admin sees the sign-up with them', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const email = `dining-${suffix}@restaurant.test`;
  const brandName = `Casa Dining ${suffix}`;
  const mid = `AX${suffix}`;

  await page.goto('/amexdiningsignup');
  // An address that has an account is answered as any other: the terms open.
  await page.getByLabel('Email').fill('user@demo.test');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Ana Lopez');
  await page.getByLabel('Restaurant Name').fill(brandName);
  await page.getByLabel('Legal Name').fill(`${brandName} Ltd`);
  await page.getByRole('button', { name: 'Continue' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'Cancel' }).click();
  await expect(terms).toBeHidden();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Registration Successful')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);

  await page.goto(new URL(await mailedLink(request, email, '/amexdiningbranch/')).pathname);
  await expect(page.getByRole('heading', { name: `Your branches: ${brandName}` })).toBeVisible();
  await page.getByLabel('Branch Name, row 1').fill('So');
  await page.getByRole('button', { name: 'Add branch' }).click();
  await page.getByRole('button', { name: 'Add branch' }).click();
  await page.getByRole('button', { name: 'Delete row 3' }).click();
  await expect(page.getByLabel('Branch Name, row 3')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Branch Name should at least contain 3 characters')).toBeVisible();

  await page.getByLabel('Branch Name, row 1').fill(`${brandName} Soho`);
  await page.getByLabel('Amex Merchant ID, row 1').fill(mid);
  await page.getByLabel('Postcode, row 1').fill('W1D 4HS');
  await page.getByLabel('Branch Name, row 2').fill(`${brandName} Bath`);
  await page.getByLabel('Merchant ID, row 2', { exact: true }).fill(`55${suffix}`);
  await page.getByLabel('Postcode, row 2').fill('BA1 1LN');
  await page.getByLabel('Comments').fill('Two sites for now.');

  // A text file named .xlsx is refused by its content; the form stays usable.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'branches.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('name,postcode\nSoho,W1D 4HS\n'),
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('form-status')).toHaveText(
    'This file is not an Excel spreadsheet. Please upload an .xls or .xlsx file.',
  );
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();

  await page.locator('input[type="file"]').setInputFiles({
    name: 'branches.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(xlsxBytes()),
  });
  await interceptMarketingSite(page);
  const answer = page.waitForResponse('**/api/auth/notifyAdminForAmexBranch');
  await page.getByRole('button', { name: 'Submit' }).click();
  // Timed from the answer's arrival, before its body is read: under load reading it lags the page.
  const response = await answer;
  const answeredAt = Date.now();
  const { redirectTo } = (await response.json()) as { redirectTo: string };
  await expect(page.getByTestId('branches-submitted')).toBeVisible();
  await page.waitForURL(redirectTo);
  expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(2900);

  await page.goto('/login');
  await login(page, 'admin@demo.test');
  await page.getByRole('link', { name: 'Card-network Leads' }).click();
  await searchList(page, page.getByLabel('Search name, e-mail, restaurant or Merchant ID'), suffix);
  const row = page.getByRole('row', { name: new RegExp(brandName) });
  await expect(row).toContainText('Dining sign-up');
  await expect(row).toContainText('2');
  await row.click();
  const details = page.getByRole('dialog', { name: brandName });
  await expect(details.getByText(`${brandName} Soho`)).toBeVisible();
  await expect(details.getByText('Two sites for now.')).toBeVisible();
  const download = page.waitForEvent('download');
  await details.getByRole('link', { name: 'branches.xlsx' }).click();
  expect((await download).suggestedFilename()).toMatch(/^branches-[0-9a-f]{8}\.xlsx$/);
});
