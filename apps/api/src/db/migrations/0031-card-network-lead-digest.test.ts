import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../database.ts';
import * as foundation from './0001-foundation.ts';
import * as cardNetworkLeads from './0022-card-network-leads.ts';
import * as leadDigest from './0031-card-network-lead-digest.ts';

describe('migration 0031: one lead per e-mail and Merchant ID', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
  });

  it('merges the leads stored twice into the contact request (else the newest), counting the repeats', async () => {
    database = await openDatabase({ dataDir: 'memory' });
    // The migrations see the schema as it was then, not the generated types of today's.
    const db = database.db as unknown as Kysely<unknown>;
    await foundation.up(db);
    await cardNetworkLeads.up(db);
    const lead = (kind: string, email: string, mid: string | null, at: string, name: string | null = null) =>
      sql`INSERT INTO card_network_leads (kind, source, email, amex_merchant_id, name, created_at)
        VALUES (${kind}, 'amexsignup', ${email}, ${mid}, ${name}, ${at})`.execute(db);
    await lead('lookupFailed', 'ana@example.test', 'AX1', '2026-11-01T10:00:00Z');
    await lead('contact', 'Ana@Example.test', 'AX1', '2026-11-01T10:01:00Z', 'Ana Lopez');
    await lead('lookupFailed', 'ana@example.test', 'AX1', '2026-11-01T10:05:00Z');
    await lead('lookupFailed', 'bo@example.test', 'AX2', '2026-11-02T09:00:00Z');
    await lead('lookupFailed', 'bo@example.test', 'AX2', '2026-11-02T09:30:00Z');
    await lead('lookupFailed', 'bo@example.test', 'AX3', '2026-11-02T09:45:00Z');

    await leadDigest.up(db);

    const { rows } = await sql<Record<string, unknown>>`
      SELECT kind, lower(email) AS email, amex_merchant_id, name, repeats, created_at, last_seen_at,
        notified_at IS NOT NULL AS told
      FROM card_network_leads ORDER BY email, amex_merchant_id`.execute(db);
    expect(rows).toEqual([
      {
        kind: 'contact',
        email: 'ana@example.test',
        amex_merchant_id: 'AX1',
        name: 'Ana Lopez',
        repeats: 2,
        created_at: new Date('2026-11-01T10:00:00Z'),
        last_seen_at: new Date('2026-11-01T10:05:00Z'),
        told: true,
      },
      expect.objectContaining({ email: 'bo@example.test', amex_merchant_id: 'AX2', repeats: 1 }),
      expect.objectContaining({ email: 'bo@example.test', amex_merchant_id: 'AX3', repeats: 0 }),
    ]);
    await expect(lead('lookupFailed', 'BO@example.test', 'AX3', '2026-11-03T09:00:00Z')).rejects.toThrow(
      /card_network_leads_once/,
    );
  }, 120_000);
});
