import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from '../accessibility/axe-check.ts';
import { apiToken, login } from '../support/fixtures.ts';

/**
 * The audit log (docs/decisions/0113): a brand's admin changes a webhook endpoint through the API,
 * then reads the change on the Audit log page, who, when in the zone and each field before → after,
 * and exports the same filter as CSV. The endpoint is this journey's own, so its events are too.
 */

const brandAdmin = 'companyadmin@demo.test';
const instantWithZone = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \S+$/;

test("a brand's admin reads a change to its webhook endpoint in the audit log and exports it", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, brandAdmin);
  const headers = { authorization: `Bearer ${token}` };
  const session = await request.get('/api/auth/session', { headers });
  const { brandId } = ((await session.json()) as { details: { brandId: string } }).details;
  const made = await request.post('/api/webhooks/endpoints', {
    headers,
    data: {
      owner: { type: 'brand', brandId },
      url: `https://hooks.example.com/audit-${Date.now().toString(36)}`,
      events: ['offer.published'],
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { id } = ((await made.json()) as { endpoint: { id: string } }).endpoint;
  const edited = await request.put(`/api/webhooks/endpoints/${id}`, { headers, data: { enabled: false } });
  expect(edited.ok(), await edited.text()).toBe(true);

  await page.goto('/login');
  await login(page, brandAdmin);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto(`/user/audit-log?entityType=webhook_endpoint&entityId=${id}`);
  await settled(page);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();

  const updated = page.getByRole('row').filter({ hasText: 'Enabled: Yes → No' });
  await expect(updated).toHaveCount(1);
  await expect(updated).toContainText(brandAdmin);
  await expect(updated).toContainText('Updated');
  await expect(updated.getByRole('cell').first()).toHaveText(instantWithZone);
  await expect(page.getByRole('row').filter({ hasText: 'Created' })).toHaveCount(1);
  await expectAccessible(page, 'the audit log');

  const exported = page.getByRole('link', { name: 'Export CSV' });
  const csv = await page.request.get((await exported.getAttribute('href'))!);
  expect(csv.ok()).toBe(true);
  const lines = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/^Event,When,User id,User e-mail,/);
  expect(lines).toHaveLength(3);
  expect(lines[2]).toContain('Enabled: Yes → No');
});

/** The first day of the month `ahead` months from now ('YYYY-MM-01'): inside the creation window. */
function monthAhead(ahead: number) {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
  return month.toISOString().slice(0, 10);
}

test("a campaign's edit page shows its version history, each field before → after", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, brandAdmin);
  const headers = { authorization: `Bearer ${token}` };
  const session = await request.get('/api/auth/session', { headers });
  const { brandId } = ((await session.json()) as { details: { brandId: string } }).details;
  const form = {
    name: 'Named by the server',
    start_date: monthAhead(3),
    customerType: 'all',
    lastTransaction: 'NULL',
    discountType: 'dp',
    discountPercent: 15,
    successFee: 10,
    budgetType: 'na',
    recurring: false,
    suggestions: '',
    brandId,
    type: 'All',
  };
  const made = await request.post('/api/campaigns', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: form,
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { _id: id } = ((await made.json()) as { campaign: { _id: string } }).campaign;
  const edited = await request.put(`/api/campaigns/${id}`, {
    headers,
    data: { ...form, discountPercent: 25, budgetType: 'budget', budget: 750.5 },
  });
  expect(edited.ok(), await edited.text()).toBe(true);

  await page.goto('/login');
  await login(page, brandAdmin);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto(`/user/campaigns/edit?id=${id}`);
  await settled(page);
  const history = page.getByRole('region', { name: 'Version history' });
  await expect(history).toBeVisible();
  await expect(history.getByText('Discount percent: 15 → 25')).toBeVisible();
  await expect(history.getByText('Budget: (empty) → £750.50')).toBeVisible();
  await expect(history.getByText(`Updated · ${brandAdmin}`)).toBeVisible();
  await expect(history.getByText(instantWithZone).first()).toBeVisible();
  await expectAccessible(page, "the campaign's edit page with its version history");
});
