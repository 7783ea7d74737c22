import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  campaignMonthWindow,
  periodOf,
  shiftMonth,
} from '../../packages/domain/src/campaign/campaign-dates.rules.ts';
import { cardNetworkCampaignName } from '../../packages/domain/src/campaign/campaign.rules.ts';
import { expectAccessible } from '../accessibility/axe-check.ts';
import { login, openCampaignForm, servers } from '../support/fixtures.ts';
import { mailedLink } from '../support/mailed-links.ts';

/**
 * The guest onboarding train (spec 1 §2, §4; spec 2 §2.10–2.11): the campaign form, the terms, then
 * Payment Details, Branch and Account Settings. The two demo guests are driven by this file alone
 * (its tests run one after another), so no other journey signs them in while the train changes them.
 */

const guestEmail = 'guest@demo.test';
const newPassword = 'Bistro#Open26';

/** The train's step, by its label (each step is a region named after it). */
const step = (page: Page, label: 'Payment Details' | 'Branch' | 'Account Settings') =>
  page.getByRole('region', { name: label });

/** A cell's input in the Branch step's table, e.g. ('Post Code', 1). */
const cell = (page: Page, column: string, row: number) =>
  page.locator(`input[aria-label="${column}, row ${row}"]`);

/** A new guest link through 'Forgot password?': a guest has no password, so the mail signs them in again. */
async function freshGuestLink(page: Page, request: APIRequestContext, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(/If an account exists for this email/)).toBeVisible();
  // Forgot password mails after it answers: the outbox is asked until the link is there.
  const url = new URL(await mailedLink(request, email, '/guestuser/'));
  expect(url.searchParams.get('type'), 'the link resumes the train').toBe('campaign');
  return url.pathname + url.search;
}

/** Skip Direct-Debit: the dialog says what skipping costs; the train moves on to Branch. */
async function skipDirectDebit(page: Page) {
  await step(page, 'Payment Details').getByRole('button', { name: 'Skip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Skip Direct-Debit' });
  await expect(dialog.getByText(/administrative charge of 1%/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(step(page, 'Branch')).toBeVisible();
}

/** The Account Settings form, filled and sent; the train ends with its congratulations. */
async function setUpAccount(page: Page, email: string) {
  const account = step(page, 'Account Settings');
  await expect(account.getByLabel('Email')).toHaveValue(email);
  await expect(account.getByLabel('Email')).not.toBeEditable();
  await account.getByLabel('First Name').fill('Gia');
  await account.getByLabel('Last Name').fill('Bistro');
  await account.getByLabel('Contact Number').fill('07700900123');
  await account.getByLabel(/^Password/).fill(newPassword);
  await account.getByLabel(/^Confirm Password/).fill(newPassword);
  await account.getByRole('button', { name: 'Update Details' }).click();
  await expect(page.getByText('Congratulations !')).toBeVisible();
  await expect(page.getByText('Great job, Your work is done here')).toBeVisible();
}

/** Sets up a direct debit on the test provider's page; the provider sends the payer back to the train. */
async function setUpDirectDebit(page: Page, holder: string) {
  await step(page, 'Payment Details').getByRole('button', { name: 'Setup Payment with GoCardless' }).click();
  await expect(page).toHaveURL(/\/payments\/test-provider\//);
  await expect(page.getByText(/Test mode/).first()).toBeVisible();
  await page.getByLabel('Account holder name').fill(holder);
  await page.getByLabel('Sort code').fill('20-00-00');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
  await expect(page).toHaveURL(/\/user\/campaigns\/create/);
  await expect(step(page, 'Branch')).toBeVisible();
}

test('the printed guest link takes the guest through the train: campaign, direct debit, branch, then a new link resumes at Account Settings', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const link = new URL(servers().main.guestLink);
  await openCampaignForm(page, () => page.goto(link.pathname + link.search));
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible();

  // Guests' menu items do not navigate: they explain why.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(
    page.getByText(
      'This feature will be enabled once you create your first campaign and validate your account details',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
  await page.getByRole('button', { name: 'OK' }).click();

  // A guarded route sends a guest to login.
  await page.goto('/user/users');
  await expect(page).toHaveURL(/\/login$/);
  await openCampaignForm(page, () => page.goto('/user/campaigns/create'));

  // The guest's form has no branch choice: the campaign runs at every branch added in the train.
  await expect(page.getByLabel('Select All Branches')).toHaveCount(0);
  await expect(page.getByText('You have no Branches to create campaign')).toHaveCount(0);
  // The name is filled in once the server has answered it.
  await expect(page.getByLabel('Campaign name')).toHaveValue(/^Guest Bistro\d{4}1$/);
  const campaignName = await page.getByLabel('Campaign name').inputValue();
  await page.getByRole('button', { name: 'Next' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect(terms).toBeVisible();
  await expectAccessible(page, 'the terms dialog', '[role="dialog"]');
  await terms.getByRole('button', { name: 'Accept' }).click();

  // The train: Create Campaign passed, Payment Details open.
  await expect(step(page, 'Payment Details')).toBeVisible();
  for (const label of ['Create Campaign', 'Payment Details', 'Branch', 'Account Settings']) {
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  }

  // In the train, the menu asks the guest to complete the onboarding first (spec 1 §8).
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Alert' })
      .getByText('Please complete the onboarding process in order to move on another page.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
  await expect(step(page, 'Payment Details')).toBeVisible();

  // Back returns to the form, as saved; Next saves it again and the train follows.
  await step(page, 'Payment Details').getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Campaign name')).toHaveValue(campaignName);
  await page.getByRole('button', { name: 'Next' }).click();

  // Skip says what skipping costs; this guest cancels it and sets up a direct debit instead.
  await step(page, 'Payment Details').getByRole('button', { name: 'Skip' }).click();
  const skip = page.getByRole('dialog', { name: 'Skip Direct-Debit' });
  await expect(skip.getByText(/administrative charge of 1%/)).toBeVisible();
  await expectAccessible(page, 'the Skip Direct-Debit dialog', '[role="dialog"]');
  await skip.getByRole('button', { name: 'Cancel' }).click();
  await setUpDirectDebit(page, 'Guest Bistro Ltd');

  // The Branch step passes axe, and at a phone's width shows every field, merchant IDs included,
  // without scrolling sideways.
  await expectAccessible(page, 'the train’s Branch step');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const input of await page.getByTestId('branch-row-1').locator('input').all()) {
    await input.scrollIntoViewIfNeeded();
    await expect(input).toBeInViewport();
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Branch: a row without any merchant ID is refused before anything is sent.
  const branch = step(page, 'Branch');
  await cell(page, 'Branch Name', 1).fill('Guest Bistro Soho');
  await cell(page, 'Post Code', 1).fill('W1D 3RB');
  await cell(page, 'Postal Town', 1).fill('London');
  await cell(page, 'Address', 1).fill('7 Dean Street');
  await cell(page, 'Contact Name', 1).fill('Gia Guest');
  await cell(page, 'Contact Phone', 1).fill('02079460777');
  await cell(page, 'Contact Email', 1).fill('soho@guestbistro.test');
  await branch.getByRole('button', { name: 'Next' }).click();
  const validation = page.getByRole('dialog', { name: 'Validation Error' });
  await expect(validation.getByText('At least one Merchant ID is required.')).toBeVisible();
  await validation.getByRole('button', { name: 'Close' }).last().click();

  // A second row can be added and, unsaved, removed again.
  await branch.getByRole('button', { name: 'Add Branch' }).click();
  await expect(cell(page, 'Branch Name', 2)).toBeVisible();
  await branch.getByRole('button', { name: 'Remove row 2' }).click();
  await expect(cell(page, 'Branch Name', 2)).toHaveCount(0);

  await cell(page, 'Amex ID', 1).fill('9400123456');
  await branch.getByRole('button', { name: 'Next' }).click();
  await expect(step(page, 'Account Settings')).toBeVisible();

  // Leave here (guests log out at once). The printed link was single use: it is refused.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-heading')).toHaveText(
    'This login link is invalid or has expired. Please ask for a new one.',
  );

  // A new link from 'Forgot password?' resumes where the guest left.
  await page.goto(await freshGuestLink(page, request, guestEmail));
  await expect(page).toHaveURL(/\/user\/campaigns\/create/);
  await expect(step(page, 'Account Settings')).toBeVisible();

  // Back shows the saved branch; Next (nothing changed) returns here.
  await step(page, 'Account Settings').getByRole('button', { name: 'Back' }).click();
  await expect(cell(page, 'Branch Name', 1)).toHaveValue('Guest Bistro Soho');
  await expect(cell(page, 'Branch Name', 1)).toBeDisabled();
  await step(page, 'Branch').getByRole('button', { name: 'Next' }).click();

  await setUpAccount(page, guestEmail);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  // A full account now: logging out asks first, and the e-mail with the new password signs in.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, guestEmail, newPassword);
  await expect(page).toHaveURL(/\/user\//);

  // The brand has its campaign (Future), its branch waiting for approval, and its mandate.
  await page.goto('/user/campaigns/future');
  await expect(page.getByRole('cell', { name: campaignName, exact: true })).toBeVisible();
  await page.goto('/user/branches');
  const row = page.getByRole('row', { name: /Guest Bistro Soho/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pending')).toBeVisible();
  await page.goto('/user/campaigns/payments');
  await expect(page.getByText('Your payment details have been validated successfully')).toBeVisible();
  await expect(page.getByText('Guest Bistro Ltd')).toBeVisible();
});

/**
 * The card-network source (spec 1 §1, §2, §6, §9): the card-network guest link printed at start
 * (cardnetwork@demo.test, Saffron Table) starts a session that names the campaign by the month in
 * full, fixes the discount at 10%, offers next month up to 6 months ahead and shows 'coming soon'
 * in place of the projection; the guest then completes the same train, skipping direct debit.
 */
test('a card-network guest saves a campaign named by the month in full, at a fixed 10%, and completes the train paying by hand', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const link = new URL(servers().main.cardNetworkLink);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible();

  // The month window: next month up to 6 months ahead.
  const window = campaignMonthWindow(new Date(), 'America/New_York', 'cardNetworkOrFirstLogin');
  await page.getByRole('combobox', { name: 'Campaign month (MM/YYYY)' }).click();
  const options = page.getByRole('option');
  await expect(options.first()).toHaveText(periodOf(window.first));
  await expect(options.last()).toHaveText(periodOf(window.last));
  await expect(options).toHaveCount(6);
  await expect(page.getByRole('option', { name: periodOf(shiftMonth(window.last, 1)) })).toHaveCount(0);
  const month = shiftMonth(window.first, 1);
  await page.getByRole('option', { name: periodOf(month) }).click();

  // The name reads the month in full; the discount is fixed; the panel shows no figures.
  const name = cardNetworkCampaignName('Saffron Table', month);
  await expect(page.getByLabel('Campaign name')).toHaveValue(name);
  const discount = page.getByLabel('Discount (%)');
  await expect(discount).toBeDisabled();
  await expect(discount).toHaveValue('10');
  await expect(page.getByText('Fixed at 10%')).toBeVisible();
  const comingSoon = page.getByTestId('projection-coming-soon');
  await expect(comingSoon.getByText('Coming soon')).toHaveCount(6);
  await expect(page.getByTestId('projection-expected_reach')).toHaveCount(0);

  // A guest accepts the terms before the first campaign is saved; the train follows.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(step(page, 'Payment Details')).toBeVisible();

  // This guest pays by hand: Skip Direct-Debit, with its 1% charge.
  await skipDirectDebit(page);
  const branch = step(page, 'Branch');

  // The brand's branch is listed; a new one is picked from the directory (3 characters on).
  await expect(cell(page, 'Branch Name', 1)).toHaveValue('Saffron Table Soho');
  await branch.getByRole('button', { name: 'Add Branch' }).click();
  await cell(page, 'Branch Name', 2).fill('Harbour Kitchen Whi');
  await page.getByRole('option', { name: /Harbour Kitchen Whitby/ }).click();
  await expect(cell(page, 'Post Code', 2)).toHaveValue('YO21 3PU');
  await expect(cell(page, 'Contact Phone', 2)).toHaveValue('01947600100');
  await cell(page, 'Card network (Visa/MasterCard) ID', 2).fill('4000777001');
  await branch.getByRole('button', { name: 'Next' }).click();

  await setUpAccount(page, 'cardnetwork@demo.test');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/campaigns/future');
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
});
