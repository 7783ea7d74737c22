import { expect, test } from '@playwright/test';
import { latestMailTo } from '../support/fixtures.ts';
import { diningSignupViaApi, interceptMarketingSite, uniqueSuffix } from './card-network.fixtures.ts';

/** /amexsignup (spec 3 §2.8, §4): the Merchant ID look-up of the card-network sign-up. */
test.describe('the card-network sign-up', () => {
  test('an unknown Merchant ID opens the contact dialog with what was typed, and its submit goes to the marketing site', async ({
    page,
  }) => {
    const email = `nomatch-${uniqueSuffix()}@restaurant.test`;
    await page.goto('/amexsignup');
    await interceptMarketingSite(page);

    await page.getByLabel('Merchant ID').fill(`AXNONE${uniqueSuffix()}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('07700900123');
    await page.getByRole('button', { name: 'Continue' }).click();

    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await expect(dialog.getByText(/could not find an account waiting/)).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await expect(dialog.getByLabel('Phone')).toHaveValue('07700900123');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Ana Lopez');
    await dialog.getByLabel('Restaurant Name').fill('Casa Ana');
    const answer = page.waitForResponse('**/api/auth/notifyAdminForAmex');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const sent = await answer;
    expect(sent.request().postDataJSON()).toMatchObject({ from: 'amexsignup', email });
    await page.waitForURL(((await sent.json()) as { redirectTo: string }).redirectTo);
  });

  test("a waiting card-network guest's Merchant ID sends the link to the account's own e-mail, shown nowhere, and the link signs the guest in", async ({
    page,
    request,
  }) => {
    const restaurant = await diningSignupViaApi(request, `Lookup Diner ${uniqueSuffix()}`);
    const mid = `AX${uniqueSuffix()}`;
    await page.goto(restaurant.branchPagePath);
    await page.getByLabel('Branch Name, row 1').fill('Lookup Diner Soho');
    await page.getByLabel('Amex Merchant ID, row 1').fill(mid);
    await page.getByLabel('Postcode, row 1').fill('W1D 4HS');
    await interceptMarketingSite(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('branches-submitted')).toBeVisible();

    await page.goto('/amexsignup');
    await page.getByLabel('Merchant ID').fill(mid);
    await page.getByLabel('Email').fill('someone@elsewhere.test');
    const answer = page.waitForResponse(`**/api/auth/getAmexUser/${mid}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    const body = await (await answer).text();

    await expect(page).toHaveURL(/\/guestuser$/);
    const [local, domain] = restaurant.email.split('@');
    await expect(page.getByTestId('guest-link-sent')).toHaveText(
      /^We have sent a sign-in link to the e-mail address of the account waiting for this Merchant ID\./,
    );
    // Nothing of the address, masked or not, on the page or in the answer (brief §4).
    await expect(page.getByText('@')).toHaveCount(0);
    for (const part of [local!, domain!, '@']) expect(body).not.toContain(part);
    expect(body).not.toMatch(/[A-Za-z0-9_-]{43}/);

    const mail = await latestMailTo(request, restaurant.email);
    const link = new URL(mail.text.match(/https?:\/\/\S+\/guestuser\/\S+/)![0]);
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveURL(/\/user\/campaigns\/create/);
  });
});
