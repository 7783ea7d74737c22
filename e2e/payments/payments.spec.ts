import { expect, test, type Page } from '@playwright/test';
import { login } from '../support/fixtures.ts';

const paymentsPath = '/user/campaigns/payments';

async function openPayments(page: Page, email: string) {
  await page.goto('/login');
  await login(page, email);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto(paymentsPath);
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
}

test('a company admin sets up Direct Debit on the test provider, the bank accepts it, they replace the account and cancel', async ({
  page,
}) => {
  await openPayments(page, 'companyadmin@demo.test');
  const panel = page.getByTestId('direct-debit-panel');
  await expect(panel.getByText('Test mode', { exact: true })).toBeVisible();
  const simulator = page.getByTestId('test-mode-simulator');
  await expect(simulator.getByRole('heading', { name: 'Test mode' })).toBeVisible();

  // Setup goes to the test provider's hosted page, which says plainly that no money moves.
  await panel.getByRole('button', { name: 'Setup Payment with GoCardless' }).click();
  await expect(page).toHaveURL(/\/payments\/test-provider\/[A-Za-z0-9_-]+$/);
  const hostedPage = page.url();
  await expect(page.getByTestId('test-mode-banner')).toHaveText('Test mode — no money moves');
  await expect(page.getByTestId('test-provider-brand')).toHaveText('Green Fork');

  // A bad sort code is refused in the page, before anything is sent.
  await page.getByLabel('Account holder name').fill('Green Fork Ltd');
  await page.getByLabel('Sort code').fill('12-34-5');
  await page.getByLabel('Account number').fill('12345678');
  await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
  await expect(page.getByText('Sort code must be 6 digits')).toBeVisible();
  await expect(page).toHaveURL(/\/payments\/test-provider\//);

  // Valid details: back to Payments, where the mandate is completed and validated, pending.
  await page.getByLabel('Sort code').fill('12-34-56');
  await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
  await expect(page).toHaveURL(new RegExp(`${paymentsPath}$`));
  await expect(panel.getByText('Your payment details have been validated successfully')).toBeVisible();
  await expect(panel.getByTestId('mandate-status')).toHaveText('Pending');
  await expect(panel.getByText('Green Fork Ltd')).toBeVisible();
  await expect(panel.getByText('••••••78')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Setup Payment with GoCardless' })).toHaveCount(0);

  // The bank accepts the mandate (the test provider's simulated event): Active.
  await simulator.getByRole('button', { name: 'Simulate: bank accepts mandate' }).click();
  await expect(panel.getByTestId('mandate-status')).toHaveText('Active');

  // Replace bank account: a new setup on the provider's page; the new account takes over, pending.
  await panel.getByRole('button', { name: 'Replace bank account' }).click();
  await expect(page).toHaveURL(/\/payments\/test-provider\//);
  await page.getByLabel('Account holder name').fill('Green Fork Trading');
  await page.getByLabel('Sort code').fill('20 00 00');
  await page.getByLabel('Account number').fill('55779921');
  await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
  await expect(page).toHaveURL(new RegExp(`${paymentsPath}$`));
  await expect(panel.getByText('Green Fork Trading')).toBeVisible();
  await expect(panel.getByText('••••••21')).toBeVisible();
  await expect(panel.getByTestId('mandate-status')).toHaveText('Pending');
  await simulator.getByRole('button', { name: 'Simulate: bank accepts mandate' }).click();
  await expect(panel.getByTestId('mandate-status')).toHaveText('Active');

  // Cancel, confirmed in a dialog: the setup is offered again.
  await panel.getByRole('button', { name: 'Cancel mandate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel mandate' });
  await dialog.getByRole('button', { name: 'Cancel mandate' }).click();
  await expect(panel.getByRole('button', { name: 'Setup Payment with GoCardless' })).toBeVisible();
  await expect(panel.getByTestId('mandate-status')).toHaveText('Cancelled');
  await expect(panel.getByText('Your payment details have been validated successfully')).toHaveCount(0);

  // A used flow cannot be confirmed again: the hosted page says so and links back.
  await page.goto(hostedPage);
  await expect(page.getByText('These bank details have already been submitted.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Payments' }).click();
  await expect(page).toHaveURL(new RegExp(`${paymentsPath}$`));
});

test('the Payments screen and the hosted page can be used from the keyboard', async ({ page }) => {
  await openPayments(page, 'companyadmin@demo.test');
  const setup = page.getByRole('button', { name: 'Setup Payment with GoCardless' });
  await expect(setup).toBeVisible();
  // Tab from the page heading reaches the setup button.
  await page.getByRole('heading', { name: 'Payments', level: 1 }).click();
  for (let presses = 0; presses < 30; presses += 1) {
    await page.keyboard.press('Tab');
    if (await setup.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(setup).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/payments\/test-provider\//);
  await page.getByLabel('Account holder name').focus();
  await page.keyboard.type('Keyboard Payer');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Sort code')).toBeFocused();
  await page.keyboard.type('654321');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Account number')).toBeFocused();
  await page.keyboard.type('87654321');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`${paymentsPath}$`));
  await expect(page.getByTestId('mandate-validated')).toHaveText(
    'Your payment details have been validated successfully',
  );
  // Leave the brand as the other journey expects to find it: no live mandate.
  await page.getByRole('button', { name: 'Cancel mandate' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel mandate' });
  await dialog.getByRole('button', { name: 'Cancel mandate' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Setup Payment with GoCardless' })).toBeVisible();
});

test("a group admin sets up Direct Debit for one of the group's brands and comes back to that brand", async ({
  page,
}) => {
  await openPayments(page, 'groupadmin@demo.test');
  const brand = page.getByRole('combobox', { name: 'Brand' });
  const first = await brand.inputValue();
  await brand.click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const second = (await options.allInnerTexts()).find((name) => name !== first)!;
  await page.getByRole('option', { name: second }).click();
  await expect(brand).toHaveValue(second);

  await page.getByRole('button', { name: 'Setup Payment with GoCardless' }).click();
  await expect(page.getByTestId('test-provider-brand')).toHaveText(second);
  await page.getByLabel('Account holder name').fill(`${second} Ltd`);
  await page.getByLabel('Sort code').fill('40-11-62');
  await page.getByLabel('Account number').fill('31926819');
  await page.getByRole('button', { name: 'Set up Direct Debit' }).click();

  await expect(page).toHaveURL(new RegExp(`${paymentsPath}$`));
  await expect(brand).toHaveValue(second);
  await expect(page.getByTestId('mandate-status')).toHaveText('Pending');
  await expect(page.getByText(`${second} Ltd`)).toBeVisible();
  // Cancelled again, so the group's brands are left as the demo has them.
  await page.getByRole('button', { name: 'Cancel mandate' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel mandate' })
    .getByRole('button', { name: 'Cancel mandate' })
    .click();
  await expect(page.getByRole('button', { name: 'Setup Payment with GoCardless' })).toBeVisible();

  // The group's other brand has no mandate of its own.
  await brand.click();
  await page.getByRole('option', { name: first }).click();
  await expect(page.getByRole('button', { name: 'Setup Payment with GoCardless' })).toBeVisible();
});
