import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../mail/mailer.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { call, createTestApp, createTestClock, days, demoIds, type TestApp } from '../../test/test-app.ts';
import { createBranchesRepository } from './branches.repository.ts';
import { createMidHealthAlertsRepository } from './mid-health-alerts.repository.ts';
import { createMidHealthAlerts } from './mid-health-alerts.ts';

/**
 * The MID health check mails a brand's administrators when a merchant ID turns silent, once while
 * it stays silent, and again only after it has recovered (docs/decisions/0115); a brand of a group
 * is told to the group's administrators too. A branch of the demo brand Green Fork (administered
 * by companyadmin@demo.test), live for 60 days, its MID seen once, on the day it is made here minus
 * 10 days; and one of the demo group's first brand (its group admin groupadmin@demo.test, its
 * finance user groupuser@demo.test), live as long, never seen.
 */

const clock = createTestClock(new Date('2026-12-02T15:00:00Z'));
const mid = 'MH-ALERT-1';
const groupMid = 'MH-ALERT-GROUP-1';
let testApp: TestApp;
const mails: OutgoingMail[] = [];
let alerts: ReturnType<typeof createMidHealthAlerts>;
let recipients: string[] = [];

async function purchase(id: string, at: Date) {
  const response = await call(testApp.app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'application/json', 'x-api-key': 'demo-atr-key' },
    body: JSON.stringify([
      {
        transaction_id: id,
        datetime: at.toISOString(),
        amount: '25.00',
        currency: 'GBP',
        mid,
        card_token: `card-${id}`,
        card_last4: '4242',
        publisher: 'ATR',
      },
    ]),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The mails of this run that name the test's MID. */
const mailsNamingOurMid = () => mails.filter((mail) => mail.text.includes(mid));
const mailsNamingGroupMid = () => mails.filter((mail) => mail.text.includes(groupMid));

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now });
  const ids = await demoIds(testApp.db);
  await testApp.db
    .insertInto('branches')
    .values({
      brand_id: ids.brands.standalone,
      name: 'Green Fork Alerting',
      status: 'Active',
      mastercard_merchant_id: mid,
      activated_at: new Date(clock.now().getTime() - days(60)),
    })
    .execute();
  await testApp.db
    .insertInto('branches')
    .values({
      brand_id: ids.brands.groupBrandA,
      name: 'Group Brand Alerting',
      status: 'Active',
      mastercard_merchant_id: groupMid,
      activated_at: new Date(clock.now().getTime() - days(60)),
    })
    .execute();
  await purchase('mh-alert-1', new Date(clock.now().getTime() - days(10)));
  alerts = createMidHealthAlerts({
    db: testApp.db,
    branches: createBranchesRepository(testApp.db),
    alerts: createMidHealthAlertsRepository(testApp.db),
    settings: createSettingsRepository(testApp.db),
    mailer: { send: async (mail) => void mails.push(mail) },
    timeZone: testApp.config.timezone,
    publicUrl: 'https://krowd.test',
    clock: clock.now,
  });
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('the MID health check', () => {
  it("mails the brand's administrators the silent MID with its days, and a link to Branches", async () => {
    await alerts.run();
    const sent = mailsNamingOurMid();
    recipients = sent.map((mail) => mail.to);
    // One mail each administrator of the brand, the brand admin among them.
    expect(recipients).toContain('companyadmin@demo.test');
    expect(new Set(recipients).size).toBe(recipients.length);
    for (const mail of sent) {
      expect(mail.subject).toBe('Branches have stopped receiving transactions');
      expect(mail.text).toContain(`Green Fork Alerting, merchant ID ${mid}: no transaction for 10 days.`);
      expect(mail.text).toContain('https://krowd.test/user/branches');
    }
  });

  it("mails a group brand's MID to the group's administrators as well as the brand's, not to its finance user", async () => {
    const sent = mailsNamingGroupMid();
    const to = sent.map((mail) => mail.to);
    expect(to).toContain('groupadmin@demo.test');
    expect(to).not.toContain('groupuser@demo.test');
    // Once each: the group admin is not told twice for being found both ways.
    expect(new Set(to).size).toBe(to.length);
    for (const mail of sent) {
      expect(mail.text).toContain(`Group Brand Alerting, merchant ID ${groupMid}`);
      expect(mail.text).not.toContain(mid + ':');
    }
    // The standalone brand is no business of the group's administrators.
    expect(recipients).not.toContain('groupadmin@demo.test');
  });

  it('does not mail it again while it stays silent', async () => {
    mails.length = 0;
    clock.advance(days(1));
    await alerts.run();
    expect(mailsNamingOurMid()).toEqual([]);
    expect(mailsNamingGroupMid()).toEqual([]);
  });

  it('forgets it once a transaction comes, and mails again when it falls silent once more', async () => {
    await purchase('mh-alert-2', clock.now());
    const recovered = await alerts.run();
    expect(recovered.recovered).toBeGreaterThanOrEqual(1);
    expect(mailsNamingOurMid()).toEqual([]);

    clock.advance(days(8));
    await alerts.run();
    expect(mailsNamingOurMid().map((mail) => mail.to)).toEqual(recipients);
    expect(mailsNamingOurMid()[0]!.text).toContain('no transaction for 8 days.');
  });
});
