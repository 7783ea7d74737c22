import { expect, test, type Page } from '@playwright/test';
import { login, openCampaignForm } from '../support/fixtures.ts';
import { searchList } from '../support/lists.ts';

/**
 * Creates a recurring campaign in the last month the picker offers: always editable, whatever the
 * date (on the 25th the default month, next month, is already past its edit cut-off).
 */
async function createRecurring(page: Page): Promise<string> {
  await openCampaignForm(page, () => page.getByRole('link', { name: 'Create Campaign' }).first().click());
  // Branches first: once they have loaded, the branch alert (if any) has shown and been closed, so
  // it cannot close the month picker's list under the next click.
  await page.getByLabel('Select All Branches').check();
  await page.getByRole('combobox', { name: 'Campaign month (MM/YYYY)' }).click();
  await page.getByRole('option').last().click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Percent off, short').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  const notice = page.getByText(/^Campaign ".+" has been created successfully$/);
  await expect(notice).toBeVisible();
  return /Campaign "(.+)" has been created/.exec((await notice.textContent()) ?? '')![1]!;
}

test('a campaign is edited, paused and unpaused, then deleted', async ({ page }) => {
  // A long journey: on a busy machine it needs more than the default minute.
  test.setTimeout(150_000);
  await page.goto('/login');
  await login(page, 'brandadmin@demo.test');
  const name = await createRecurring(page);
  const row = () => page.getByRole('row', { name: new RegExp(name) });

  await row()
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Campaign', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Campaign name')).toHaveValue(name);
  await page.getByLabel('Discount (%)').fill('22');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Percent off, short').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(`Campaign "${name}" updated successfully`)).toBeVisible();
  await expect(row().getByRole('cell', { name: '22', exact: true })).toBeVisible();

  await row()
    .getByRole('button', { name: `Pause ${name}` })
    .click();
  await expect(page.getByText(`Edit details of child campaign (${name})`)).toBeVisible();
  const earliest = await page.getByLabel('Paused from').getAttribute('min');
  const from = new Date(`${earliest}T00:00:00Z`);
  const later = new Date(from.getTime() + 40 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(from.getTime() + 70 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Paused from').fill(later);
  await page.getByLabel('Paused to').fill(to);
  await page.getByRole('button', { name: 'Add paused range' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Paused range added successfully')).toBeVisible();

  await row()
    .getByRole('button', { name: `Pause ${name}` })
    .click();
  await page.getByRole('button', { name: /^Delete paused range/ }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Paused range deleted successfully')).toBeVisible();

  await row()
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await expect(page.getByText(`Are you sure you want to delete the "${name}" campaign ?`)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Campaign deleted successfully')).toBeVisible();
  await expect(row()).toHaveCount(0);
});

test('a bank user confirms the templates of a submitted campaign', async ({ page, browser }) => {
  await page.goto('/login');
  await login(page, 'companyadmin@demo.test');
  const name = await createRecurring(page);

  const bank = await browser.newPage();
  await bank.goto('/login');
  await login(bank, 'bank@demo.test');
  await bank.getByRole('link', { name: 'Future Campaigns' }).click();
  await searchList(bank, bank.getByPlaceholder('Search Campaign Name'), name);
  const row = bank.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Confirm templates of ${name}` }).click();
  await expect(bank.getByText('Are you sure you want to confirm attached templates')).toBeVisible();
  await bank.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(bank.getByText('Templates confirmed successfully')).toBeVisible();
  await expect(row.getByText('Approved')).toBeVisible();
  await bank.close();
});

test('the past list opens a campaign on the dashboard route', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'companyadmin@demo.test');
  await page.getByRole('link', { name: 'Past Campaigns' }).click();
  await page
    .getByRole('button', { name: /^Open / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/user\/dashboard\/[0-9a-f-]{36}$/);
});
