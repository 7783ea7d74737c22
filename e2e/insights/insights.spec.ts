import { expect, test, type Page } from '@playwright/test';
import { login } from '../support/fixtures.ts';

/**
 * Social analytics in the browser (spec 3 §2.7, docs/social-analytics.md) on the demo reviews: the
 * insights link's login, the public page and its tabs, the Sign Up dialog and Logout; an unknown
 * link; a brand admin's signed-in page with Revenue YTD.
 */

/** A summary card by its label, e.g. 'Aggregate Score'. */
function card(page: Page, label: string) {
  return page
    .getByTestId(/figure-card|aggregate-score/)
    .filter({ has: page.getByText(label, { exact: true }) });
}

test('a visitor logs in with the insights link, looks through the tabs, signs up and logs out', async ({
  page,
}) => {
  const email = `owner-${Date.now()}@brand.test`;
  await page.goto('/getinsights/6aacdxmr6');
  await expect(page.getByRole('heading', { name: 'Customer Acquisition Marketplace' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('brandId is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Please provide a valid email')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  const brand = page.getByRole('combobox', { name: 'Brand' });
  await brand.click();
  const firstBrand = page.getByRole('option').first();
  await expect(firstBrand).toBeVisible();
  const brandName = (await firstBrand.textContent())!;
  await firstBrand.click();
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/socialanalytics$/);
  await expect(page.getByRole('heading', { name: 'Social Analytics', level: 1 })).toBeVisible();
  await expect(page.getByTestId('insights-brand')).toHaveText(brandName);
  await expect(page.getByTestId('insights-email')).toHaveText(email);
  await expect(page.getByTestId('aggregate-score')).toContainText(/\d+\.\d/);
  await expect(page.getByText(/^Based on \d+ Reviews in the last 12 months$/)).toBeVisible();
  const teaser = page.getByTestId('teaser-card');
  await expect(teaser).toContainText(
    /\d+ customers you could have acquired if you ran a 20% campaign in \w+ \d{4}\./,
  );
  await expect(teaser.getByRole('link', { name: 'Click here' })).toHaveAttribute(
    'href',
    '/user/campaigns/create',
  );
  await expect(page.getByText('Revenue YTD')).toHaveCount(0);
  await expect(card(page, 'Overall Rank')).toContainText(/\d+ of \d+/);

  // Overview: the sentiment bars and the similar brands' radar, drawn.
  await expect(page.getByRole('heading', { name: 'Sentiment Analysis of Customer Reviews' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Sentiment Analysis of Customer Reviews' })).toBeVisible();
  await expect(page.getByText('Mention Count in Reviews')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Most Similar Brands' })).toBeVisible();
  await expect(page.getByText('Net Positive Reviews Similarity')).toBeVisible();

  // A shorter range asks again and says so.
  await page.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'Last 3 months' }).click();
  await expect(page.getByText(/^Based on \d+ Reviews in the last 3 months$/)).toBeVisible();

  await page.getByRole('tab', { name: 'Trends' }).click();
  await expect(page).toHaveURL(/\/insights\/trends$/);
  await expect(page.getByRole('img', { name: 'Aggregate Score' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Net Positive Reviews' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Service' }).click();
  await expect(page.getByRole('img', { name: 'Net Positive Reviews: Service' })).toBeVisible();

  await page.getByRole('tab', { name: 'Similarity' }).click();
  await expect(page).toHaveURL(/\/insights\/similarity$/);
  for (const aspect of ['Food', 'Price', 'Ambiance', 'Service']) {
    await expect(page.getByRole('img', { name: aspect, exact: true })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign up for Krowd' });
  await expect(dialog.getByText(/one month of social analytics free \(worth 99 pounds\)/)).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please enter Contact Name')).toBeVisible();
  await expect(dialog.getByText('Please enter Organization Name')).toBeVisible();
  await dialog.getByLabel('Contact Name').fill('Olive Owner');
  await dialog.getByLabel('Organization Name').fill('Owner Dining Ltd');
  await dialog.getByLabel('I would like social analytics for my brand').check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Details submitted successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Logout' }).click();
  const confirm = page.getByRole('dialog', { name: 'Logout' });
  await expect(confirm.getByText('Are you sure you want to Logout?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/socialanalytics');
  await expect(page.getByRole('link', { name: 'Log in to social analytics' })).toBeVisible();
});

test('an insights link with an unknown code is Page Not Found', async ({ page }) => {
  await page.goto('/getinsights/nosuchcode');
  await expect(page.getByRole('heading', { name: 'Page Not found' })).toBeVisible();
});

test('a brand admin sees their social analytics with Revenue YTD inside the product', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'brandadmin@demo.test');
  await expect(page).toHaveURL(/\/user\//);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Social Analytics' })
    .click();
  await expect(page).toHaveURL(/\/user\/socialanalytics$/);
  await expect(page.getByRole('heading', { name: 'Social Analytics', level: 1 })).toBeVisible();
  await expect(page.getByTestId('insights-brand')).toHaveText('Green Fork');
  await expect(card(page, 'Revenue YTD')).toContainText(/£[\d,]+\.\d{2}/);
  await expect(page.getByTestId('teaser-card')).toHaveCount(0);
  await expect(page.getByTestId('aggregate-score')).toContainText(/\d+\.\d/);
  // Two branch pickers, each named for what it chooses.
  await expect(page.getByRole('combobox', { name: 'Select branch' })).toBeVisible();
  await expect(page.getByText('For the summary cards and the tabs')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Branch in these charts' })).toBeVisible();
  await expect(page.getByText('Changes only the two charts below')).toBeVisible();
  // Never compared with its own deleted branch.
  await expect(page.getByTestId('similar-brands')).toBeVisible();
  await expect(page.getByTestId('similar-brands')).not.toContainText('Green Fork Camden');

  await page.getByRole('tab', { name: 'Trends' }).click();
  await expect(page).toHaveURL(/\/user\/socialanalytics\/trends$/);
  await expect(page.getByRole('img', { name: 'Aggregate Score' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Competitor branch' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('option', { name: 'Green Fork Camden' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Similarity' }).click();
  await expect(page).toHaveURL(/\/user\/socialanalytics\/similarity$/);
  await expect(page.getByRole('img', { name: 'Food', exact: true })).toBeVisible();
});
