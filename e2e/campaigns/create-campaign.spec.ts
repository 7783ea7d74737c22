import { expect, test, type Page } from '@playwright/test';
import { project } from '../../packages/domain/src/projection/projection.rules.ts';
import { formatPence } from '../../packages/domain/src/money/money.rules.ts';
import { apiToken, freshAccount, login, openCampaignForm } from '../support/fixtures.ts';

/**
 * A fresh brand owner has no branches; the demo companyadmin of Green Fork has approved ones.
 * Campaigns made here are named by the server, so each test finds its own by the name it was told.
 */
async function openCreate(page: Page, email = 'companyadmin@demo.test') {
  await page.goto('/login');
  await login(page, email);
  await openCampaignForm(page, () => page.getByRole('link', { name: 'Create Campaign' }).first().click());
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible();
}

async function finishThroughTemplates(page: Page, templateName: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Campaign Template', level: 1 })).toBeVisible();
  await page.getByLabel(templateName).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  const notice = page.getByText(/^Campaign ".+" has been created successfully$/);
  await expect(notice).toBeVisible();
  await expect(page).toHaveURL(/\/user\/campaigns\/future/);
  return /Campaign "(.+)" has been created/.exec((await notice.textContent()) ?? '')![1]!;
}

test('a percent campaign is created through the template step and shows in Future as Submitted', async ({
  page,
}) => {
  await openCreate(page);
  await page.getByLabel('Discount (%)').fill('15');
  await page.getByLabel('Select All Branches').check();
  const name = await finishThroughTemplates(page, 'Percent off, short');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Submitted')).toBeVisible();
  await expect(row.getByRole('cell', { name: '15%', exact: true })).toBeVisible();
});

test('a card provider who submits a campaign lands on a page it may open, a new campaign form (spec 1 §2)', async ({
  page,
}) => {
  await openCreate(page, 'cardprovider@demo.test');
  await page.getByLabel('Select All Branches').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Campaign Template', level: 1 })).toBeVisible();
  await page.getByLabel('Percent off, short').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/^Campaign ".+" has been created successfully$/)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible();
});

test('leaving a changed form asks first: Stay keeps it, Leave goes', async ({ page }) => {
  await openCreate(page);
  await page.getByLabel('Discount (%)').fill('17');

  await page.getByRole('link', { name: 'Future' }).first().click();
  const guard = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(guard.getByText('Form data will be lost if you move away from this page')).toBeVisible();
  await guard.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(guard).toBeHidden();
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
  await expect(page.getByLabel('Discount (%)')).toHaveValue('17');

  await page.getByRole('link', { name: 'Future' }).first().click();
  await guard.getByRole('button', { name: 'Leave this page' }).click();
  await expect(page).toHaveURL(/\/user\/campaigns\/future/);
});

test('leaving the template step asks first too: Stay keeps it, Leave goes; Back does not ask', async ({
  page,
}) => {
  await openCreate(page);
  await page.getByLabel('Select All Branches').check();
  await page.getByRole('button', { name: 'Next' }).click();
  const heading = page.getByRole('heading', { name: 'Campaign Template', level: 1 });
  await expect(heading).toBeVisible();
  await page.getByLabel('Percent off, short').check();

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const guard = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(guard.getByText('Form data will be lost if you move away from this page')).toBeVisible();
  await guard.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(guard).toBeHidden();
  await expect(page).toHaveURL(/\/user\/campaigns\/create\/preview$/);
  await expect(page.getByLabel('Percent off, short')).toBeChecked();

  // Back returns to the form, which keeps the draft: no question.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible();
  await expect(guard).toBeHidden();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading).toBeVisible();

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await guard.getByRole('button', { name: 'Leave this page' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('a discount of 150% or a fee of -5 stays as typed and is refused, naming the field', async ({
  page,
}) => {
  await openCreate(page);
  await page.getByLabel('Select All Branches').check();
  await page.getByLabel('Discount (%)').fill('150');
  await page.getByRole('textbox', { name: /^Success fee \(%\)/ }).fill('-5');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Discount (%) must be a whole number from 1 to 100')).toBeVisible();
  await expect(page.getByText('Success fee must be a whole number from 0 to 100')).toBeVisible();
  await expect(page.getByLabel('Discount (%)')).toHaveValue('150');
  await expect(page.getByRole('textbox', { name: /^Success fee \(%\)/ })).toHaveValue('-5');
  await expect(page.getByRole('heading', { name: 'Campaign Template', level: 1 })).toHaveCount(0);
});

test('a value campaign needs its minimum spend and discount, then is created', async ({ page }) => {
  await openCreate(page);
  await page.getByLabel('Discount value (minimum spend)').check();
  await page.getByLabel('Select All Branches').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Discount amount is required')).toBeVisible();
  await expect(page.getByText('Discount is required')).toBeVisible();
  await page.getByLabel('Minimum spend (£)').fill('30');
  await page.getByLabel('Discount (£)').fill('5');
  await finishThroughTemplates(page, 'Cashback on a minimum spend');
});

test('a stretch-spend campaign needs its ATV percent and discount, then is created', async ({ page }) => {
  await openCreate(page);
  await page.getByLabel('Stretch spend').check();
  await page.getByLabel('Select All Branches').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('ATV percent is required')).toBeVisible();
  await page.getByLabel('Spend above average (ATV %)').fill('20');
  await page.getByLabel('Discount (%)').fill('10');
  await finishThroughTemplates(page, 'Percent off, short');
});

test('no branch chosen keeps Next disabled; choosing some warns that all branches work best', async ({
  page,
}) => {
  await openCreate(page);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('combobox', { name: 'Select Branches' }).click();
  await page.getByRole('option', { name: 'Green Fork Soho' }).click();
  await expect(page.getByText(/Selecting all branches works best/)).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
});

test('the projection panel shows what the domain projection gives for the same inputs', async ({
  page,
  request,
}) => {
  await openCreate(page);
  await page.getByLabel('Discount (%)').fill('20');
  await page.getByLabel('Success fee (%)').fill('12');
  const token = await apiToken(request, 'companyadmin@demo.test');
  const session = await (
    await request.get('/api/auth/session', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const brand = await (
    await request.get(`/api/brands/${session.details.brandId}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  const expected = project(brand.details.json, {
    customerType: 'all',
    discountType: 'dp',
    discountPercent: 20,
    successFee: 12,
  });
  expect(expected.valid).toBe(true);
  if (!expected.valid) return;
  await expect(page.getByTestId('projection-expected_reach')).toHaveText(
    new Intl.NumberFormat('en-GB').format(expected.figures.expected_reach),
  );
  await expect(page.getByTestId('projection-expected_revenue')).toHaveText(
    formatPence(expected.figures.expected_revenue),
  );
  await expect(page.getByTestId('projection-expected_cost')).toHaveText(
    formatPence(expected.figures.expected_cost),
  );
});

test('a brand without approved branches is told so and cannot go on', async ({ page, request }) => {
  const account = await freshAccount(request, 'nobranch');
  await page.goto('/login');
  await login(page, account.email, account.password);
  await expect(page.getByText('You have no Branches to create campaign')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Branch' })).toBeVisible();
});

test('a group admin creates a campaign for a brand of the group they choose', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'groupadmin@demo.test');
  await openCampaignForm(page, () => page.getByRole('link', { name: 'Create Campaign' }).first().click());
  await openCampaignForm(page, async () => {
    await page.getByRole('combobox', { name: 'Brand' }).click();
    await page.getByRole('option', { name: 'Harbour Kitchen' }).click();
  });
  await expect(page.getByLabel('Campaign name')).toHaveValue(/^Harbour Kitchen\d{5,}$/);
  await page.getByLabel('Select All Branches').check();
  const name = await finishThroughTemplates(page, 'Percent off, short');
  expect(name).toMatch(/^Harbour Kitchen/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
});

test('the internal demo user sees the fixed demo figures and a discount fixed at 10%', async ({ page }) => {
  await openCreate(page, 'internal@demo.test');
  await expect(page.getByLabel('Discount (%)')).toBeDisabled();
  await expect(page.getByLabel('Discount (%)')).toHaveValue('10');
  await expect(page.getByTestId('projection-total_cardholders')).toHaveText('4,037,318');
  await expect(page.getByTestId('projection-addressable_market')).toHaveText('576,759');
  await expect(page.getByTestId('projection-expected_reach')).toHaveText('50,173');
  await expect(page.getByTestId('projection-expected_conversion')).toHaveText('305');
  await expect(page.getByTestId('projection-expected_revenue')).toHaveText('£12,430.00');
  await expect(page.getByTestId('projection-expected_cost')).toHaveText('£2,193.00');
});
