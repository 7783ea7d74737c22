import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from '../accessibility/axe-check.ts';
import { apiToken, login } from '../support/fixtures.ts';
import { searchList } from '../support/lists.ts';

/**
 * MID health (docs/decisions/0115): a brand's branch whose merchant ID had a transaction 10 days
 * ago and none since shows Silent on the Branches list, with an alert above it, and the Branch
 * View says what to do. The journey makes its own branch (a unique name and MID), approved by the
 * system admin, and sends the transaction as the demo publisher ATR.
 */

const brandAdmin = 'companyadmin@demo.test';
const authorised = (token: string) => ({ authorization: `Bearer ${token}` });

test('a merchant ID silent for 10 days shows on the Branches list and in the Branch View', async ({
  page,
  request,
}) => {
  const suffix = `${Date.now().toString(36)}${randomInt(100, 999)}`;
  const name = `Green Fork Silent ${suffix}`;
  const mid = `MH${suffix}`.toUpperCase().slice(0, 20);
  const token = await apiToken(request, brandAdmin);
  const session = await request.get('/api/auth/session', { headers: authorised(token) });
  const { brandId } = ((await session.json()) as { details: { brandId: string } }).details;
  const created = await request.post('/api/merchants', {
    headers: authorised(token),
    data: { brandId, name, postcode: 'N1 9AA', merchantIds: { merchantId: mid } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const branchId = ((await created.json()) as { details: { _id: string } }).details._id;
  const approved = await request.post('/api/merchants/multiApprove', {
    headers: authorised(await apiToken(request, 'admin@demo.test')),
    data: { selectedIds: [branchId], action: 'APPROVE', comments: 'MID health journey' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  const sent = await request.post('/api/transactions/ingest', {
    headers: { 'x-api-key': 'demo-atr-key' },
    data: [
      {
        transaction_id: `MH-${suffix}`,
        datetime: new Date(Date.now() - 10 * 86_400_000).toISOString(),
        amount: '24.00',
        currency: 'GBP',
        mid,
        card_token: `tok_mh_${suffix}`,
        card_last4: '4242',
        postcode: 'N1 9AA',
        publisher: 'ATR',
      },
    ],
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await page.goto('/login');
  await login(page, brandAdmin);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto('/user/branches');
  await searchList(page, page.getByRole('textbox', { name: 'Search Branch Name / Merchant ID' }), suffix);
  const row = page.getByRole('row', { name: new RegExp(name) });
  // 10 days in the timezone setting: 9 to 11 local days, by the hour of the run.
  await expect(row.getByText(/^Silent (9|10|11) days$/)).toBeVisible();
  await expect(row.getByText(/^Last transaction \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'stopped receiving transactions' })).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'Branches with a silent merchant ID');

  await row.getByRole('button', { name: `View ${name}` }).click();
  const view = page.getByRole('dialog', { name: 'Branch View' });
  await expect(view.getByRole('heading', { name: 'Transactions seen' })).toBeVisible();
  const midSection = view.getByRole('region', { name: `Visa/Mastercard merchant ID ${mid}` });
  await expect(midSection.getByText(/^Silent (9|10|11) days$/)).toBeVisible();
  // Nothing in the last 7 days, the one transaction in the last 30.
  await expect(midSection.getByRole('definition')).toHaveText([
    /^\d{2}\/\d{2}\/\d{4}$/,
    /^\d{2}\/\d{2}\/\d{4}$/,
    '0',
    '1',
  ]);
  await expect(view.getByText(/may have changed its terminals/)).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'Branch View with its transactions seen', '[role="dialog"]');
});
