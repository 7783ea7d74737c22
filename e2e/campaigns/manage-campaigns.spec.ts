import { expect, test, type Page } from '@playwright/test';
import { shiftDate } from '../../packages/domain/src/calendar/calendar.rules.ts';
import { displayDate, earliestPauseDate } from '../../packages/domain/src/campaign/campaign-dates.rules.ts';
import { login, openCampaignForm } from '../support/fixtures.ts';

/** The demo's timezone setting (the default). */
const timeZone = 'America/New_York';

/** Closes a date picker's calendar by a click beside it in the dialog (Escape would close the dialog). */
const closePicker = (page: Page) => page.getByText(/^The earliest date you can pause from is/).click();
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
  await expect(page.getByRole('heading', { name: 'Edit Campaign', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Campaign name')).toHaveValue(name);
  await page.getByLabel('Discount (%)').fill('22');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Percent off, short').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(`Campaign "${name}" updated successfully`)).toBeVisible();
  await expect(row().getByRole('cell', { name: '22%', exact: true })).toBeVisible();

  // The series' settings: a primary campaign's, its ranges typed or picked as DD/MM/YYYY (spec 3 §9).
  await row()
    .getByRole('button', { name: `Pause ${name}` })
    .click();
  await expect(page.getByText(`Edit details of primary campaign (${name})`)).toBeVisible();
  const earliest = earliestPauseDate(new Date(), timeZone);
  const from = displayDate(shiftDate(earliest, 40));
  const to = displayDate(shiftDate(earliest, 70));
  await page.getByLabel('Paused from').fill(from);
  await page.getByLabel('Paused to').fill(to);
  await closePicker(page);
  await page.getByRole('button', { name: 'Add paused range' }).click();
  await expect(page.getByText(`Pause the series from ${from} to ${to}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Paused range added successfully')).toBeVisible();

  // A paused range is edited, checked as an added one is.
  await row()
    .getByRole('button', { name: `Pause ${name}` })
    .click();
  await page.getByRole('button', { name: `Edit paused range ${from} - ${to}` }).click();
  await expect(page.getByLabel('Paused from')).toHaveValue(from);
  const longer = displayDate(shiftDate(earliest, 75));
  await page.getByLabel('Paused to').fill(longer);
  await closePicker(page);
  await page.getByRole('button', { name: 'Save paused range' }).click();
  await expect(
    page.getByText(`Change the paused range ${from} - ${to} to ${from} - ${longer}?`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Paused range updated successfully')).toBeVisible();

  await row()
    .getByRole('button', { name: `Pause ${name}` })
    .click();
  await page.getByRole('button', { name: `Delete paused range ${from} - ${longer}` }).click();
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

test('a running campaign offers no Delete on Current Campaigns (spec 3 §4: delete is for future ones)', async ({
  page,
}) => {
  await page.goto('/login');
  await login(page, 'brandadmin@demo.test');
  await page.getByRole('link', { name: 'Current Campaigns' }).click();
  // The demo's running campaign: its overview is editable, it is not deletable.
  const edit = page.getByRole('button', { name: /^Edit / }).first();
  await expect(edit).toBeVisible();
  const name = (await edit.getAttribute('aria-label'))!.replace(/^Edit /, '');
  await expect(page.getByRole('button', { name: `Delete ${name}`, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
});
