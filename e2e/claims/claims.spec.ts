import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible, settled } from '../accessibility/axe-check.ts';
import { apiToken, login } from '../support/fixtures.ts';

/**
 * Missing-transaction claims (docs/decisions/0108): a brand's admin files one for a purchase the
 * publishers never sent and follows it; the system admin works the queue and rules on it. Each
 * journey files its own claim (a unique card token and reference), so none leans on another's.
 */

const brandAdmin = 'companyadmin@demo.test';
const systemAdmin = 'admin@demo.test';

/** A time as DD/MM/YYYY HH:mm with its zone's label after it, as the list shows every instant. */
const instantWithZone = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \S+$/;

const authorised = (token: string) => ({ authorization: `Bearer ${token}` });

/** The brand admin's brand and the Mastercard merchant ID of one of its approved branches. */
async function brandAndMid(request: APIRequestContext) {
  const token = await apiToken(request, brandAdmin);
  const session = await request.get('/api/auth/session', { headers: authorised(token) });
  const { brandId } = ((await session.json()) as { details: { brandId: string } }).details;
  const answer = await request.get(`/api/merchants/getMerchantByBrandId?brandId=${brandId}`, {
    headers: authorised(token),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { merchants } = (await answer.json()) as {
    merchants: { status: string; merchantId: string | null }[];
  };
  const branch = merchants.find((row) => row.status === 'Active' && row.merchantId);
  expect(branch, 'an active branch with a merchant ID').toBeDefined();
  return { token, brandId, mid: branch!.merchantId! };
}

/** A purchase nothing stored can match: a card token no publisher ever sent, three days ago. */
function unmatchedPurchase(tag: string) {
  const at = new Date(Date.now() - 3 * 24 * 3600 * 1000);
  const day = String(at.getUTCDate()).padStart(2, '0');
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  const suffix = `${Date.now().toString(36)}${randomInt(1000, 9999)}`;
  return {
    cardToken: `tok_e2e_${tag}_${suffix}`,
    cardLast4: String(randomInt(1000, 9999)),
    reference: `E2E-${tag}-${suffix}`,
    // Odd pence, so the amount is this journey's.
    amountPence: randomInt(1000, 9000) * 10 + 7,
    typedTime: `${day}/${month}/${at.getUTCFullYear()} 12:00`,
    occurredAt: `${at.toISOString().slice(0, 10)}T12:00:00+00:00`,
  };
}

async function openClaims(page: Page, email: string) {
  await page.goto('/login');
  await login(page, email);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto('/user/claims');
  await settled(page);
}

/** The claim's row in the list, found by its history button (named after the reference). */
function rowOf(page: Page, reference: string): Locator {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `History of claim ${reference}` }) });
}

/** The cell of `row` under the column headed `header`. */
async function cellOf(page: Page, row: Locator, header: string) {
  const headers = await page.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `a ${header} column`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

test('a brand admin files a claim for a purchase never sent, sees it open with its deadline and opens its history', async ({
  page,
  request,
}) => {
  const { mid } = await brandAndMid(request);
  const purchase = unmatchedPurchase('open');
  await openClaims(page, brandAdmin);
  await expect(page.getByRole('heading', { name: 'Missing-transaction claims' })).toBeVisible();
  await expectAccessible(page, 'the claims page');

  await page.getByRole('button', { name: 'File a claim' }).click();
  const dialog = page.getByRole('dialog', { name: 'File a claim' });
  await expect(dialog).toBeVisible();
  // The purchase's time is typed in the timezone setting, which the field names.
  await expect(dialog.getByText(/^DD\/MM\/YYYY HH:mm, in \S+$/)).toBeVisible();
  await expectAccessible(page, 'the file-a-claim dialog', '[role="dialog"]');

  await dialog.getByLabel('Card last four digits').fill(purchase.cardLast4);
  await dialog.getByLabel('Card token').fill(purchase.cardToken);
  await dialog.getByLabel('Merchant ID').fill(mid);
  await dialog.getByLabel('Amount (£)').fill((purchase.amountPence / 100).toFixed(2));
  await dialog.getByLabel('Date and time of the purchase').fill(purchase.typedTime);
  await dialog.getByLabel('Your reference').fill(purchase.reference);
  await dialog.getByLabel('Note').fill('The cashback did not arrive');
  await dialog.getByRole('button', { name: 'File a claim' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Claim filed.', { exact: true })).toBeVisible();

  const row = rowOf(page, purchase.reference);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Open: waiting for a matching transaction');
  await expect(row).toContainText(`•••• ${purchase.cardLast4}`);
  await expect(row).toContainText(mid);
  await expect(await cellOf(page, row, 'Purchase')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \S+$/);
  await expect(await cellOf(page, row, 'Deadline')).toHaveText(instantWithZone);
  await expectAccessible(page, 'the claims page with a claim');

  await row.getByRole('button', { name: `History of claim ${purchase.reference}` }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByText('Filed', { exact: true })).toBeVisible();
  await expect(
    history.getByText('No matching transaction yet: later uploads are checked until the deadline'),
  ).toBeVisible();
  await expect(history.getByText(instantWithZone).first()).toBeVisible();
  await expectAccessible(page, 'the claim history dialog', '[role="dialog"]');
});

test('the system admin resolves a claim from the queue as not eligible, with the reason the brand admin then reads', async ({
  browser,
  request,
}) => {
  const { token, brandId, mid } = await brandAndMid(request);
  const purchase = unmatchedPurchase('resolve');
  const filed = await request.post('/api/claims', {
    headers: { ...authorised(token), 'idempotency-key': randomUUID() },
    data: {
      brandId,
      cardToken: purchase.cardToken,
      mid,
      amountPence: purchase.amountPence,
      occurredAt: purchase.occurredAt,
      reference: purchase.reference,
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  expect(((await filed.json()) as { claim: { status: string } }).claim.status).toBe('open');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openClaims(admin, systemAdmin);
  // The system admin starts on the queue.
  await expect(admin.getByRole('radio', { name: 'Claims to review' })).toBeChecked();
  const queued = rowOf(admin, purchase.reference);
  await expect(queued).toHaveCount(1);
  await expectAccessible(admin, 'the claims queue');

  await queued.getByRole('button', { name: `Resolve claim ${purchase.reference}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Resolve claim' });
  await dialog.getByRole('combobox', { name: 'Resolution' }).click();
  await admin.getByRole('option', { name: 'Not eligible' }).click();
  await expectAccessible(admin, 'the resolve dialog', '[role="dialog"]');
  // Not eligible needs its reason: refused without one.
  await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(dialog.getByText('Give the reason the purchase is not eligible')).toBeVisible();
  await expect(dialog).toBeVisible();
  const reason = `Paid with a card outside the programme (${purchase.reference})`;
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Claim resolved.', { exact: true })).toBeVisible();
  // Closed: it leaves the queue.
  await expect(queued).toHaveCount(0);
  await adminContext.close();

  const brandContext = await browser.newContext();
  const page = await brandContext.newPage();
  await openClaims(page, brandAdmin);
  const row = rowOf(page, purchase.reference);
  await expect(row).toContainText('Resolved');
  await expect(row).toContainText('Not eligible');
  await row.getByRole('button', { name: `History of claim ${purchase.reference}` }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByText(`Resolved: Not eligible: ${reason}`)).toBeVisible();
  await brandContext.close();
});
