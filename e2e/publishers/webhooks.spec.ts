import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { login } from '../support/fixtures.ts';

/**
 * A publisher's admin registers a webhook endpoint (decision 0097): the signing secret shown once,
 * a test ping delivered to a receiver this test runs on 127.0.0.1 (port 0), the delivery in the log
 * with the receiver's status code, and a redelivery, each signed as decision 0098 says.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver answering the given status codes in turn (200 once they run out). */
async function startReceiver(answers: number[]) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/${Date.now().toString(36)}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The delivery log of the endpoint, opened afresh (its list is read when it opens). */
async function openLog(page: Page, url: string) {
  const back = page.getByRole('button', { name: 'Back to endpoints' });
  if (await back.isVisible()) await back.click();
  await page.getByRole('row').filter({ hasText: url }).getByRole('button', { name: 'Delivery log' }).click();
  await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
}

/** Whether the Krowd-Signature header signs the body with the secret (decision 0098). */
function signedWith(delivery: Received, secret: string) {
  const header = String(delivery.headers['krowd-signature']);
  const time = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  const expected = createHmac('sha256', secret).update(`${time}.${delivery.body}`).digest('hex');
  return header.split(',').includes(`v1=${expected}`);
}

test('a bank admin adds an endpoint, sees its secret once, pings it and redelivers from the log', async ({
  page,
}) => {
  // The job queue delivers: its poll (15 s) and the attempt each take their time on a loaded machine.
  test.setTimeout(240_000);
  const receiver = await startReceiver([202, 200]);
  try {
    await page.goto('/login');
    await login(page, 'bank@demo.test');
    await expect(page).toHaveURL(/\/user\/dashboard/);
    await page.goto('/user/settings/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    // The bank admin's one owner, their bank's publisher, is chosen already.
    await expect(form.getByRole('combobox', { name: 'Owner' })).toHaveValue('Publisher: Demo Bank');
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('Offer published (offer.published)').check();
    await form.getByRole('button', { name: 'Add' }).click();

    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(shown.getByText('This secret is shown once.', { exact: false })).toBeVisible();
    const secret = (await shown.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Close' }).last().click();
    await expect(shown).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText(secret.slice(0, 10));
    await expect(page.getByText(secret)).toHaveCount(0);

    await row.getByRole('button', { name: `More actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Send test ping' }).click();
    await expect(page.getByText('Test ping queued', { exact: false })).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 120_000 }).toBe(1);
    const ping = receiver.received[0]!;
    expect(ping.headers['krowd-event-type']).toBe('webhook.ping');
    expect(signedWith(ping, secret)).toBe(true);

    await expect(async () => {
      await openLog(page, receiver.url);
      const delivery = page.getByRole('row').filter({ hasText: 'Test ping' });
      await expect(delivery).toContainText('Delivered', { timeout: 2_000 });
      await expect(delivery).toContainText('202', { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });

    await page
      .getByRole('row')
      .filter({ hasText: 'Test ping' })
      .getByRole('button', { name: 'Redeliver' })
      .click();
    await expect(page.getByText('Delivery queued again.')).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 120_000 }).toBe(2);
    const again = receiver.received[1]!;
    // The same event, the same bytes, signed afresh.
    expect(again.headers['krowd-event-id']).toBe(ping.headers['krowd-event-id']);
    expect(again.body).toBe(ping.body);
    expect(signedWith(again, secret)).toBe(true);
    await expect(async () => {
      await openLog(page, receiver.url);
      const delivery = page.getByRole('row').filter({ hasText: 'Test ping' });
      await expect(delivery).toContainText('200', { timeout: 2_000 });
      await expect(delivery.getByRole('cell').nth(2)).toHaveText('2', { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
  } finally {
    await receiver.close();
  }
});
