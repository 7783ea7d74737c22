import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../mail/mailer.ts';
import { createAuditDigest } from './audit-digest.ts';

/**
 * The audit log's daily digest (docs/decisions/0113, 'Anchored outside the database'): the newest
 * event's number and hash mailed to each active system admin, with the command that checks it.
 */
function digestOf(head: { id: number; hash: string } | null, admins: string[]) {
  const sent: OutgoingMail[] = [];
  const digest = createAuditDigest({
    repository: { head: async () => head },
    systemAdminEmails: async () => admins,
    mailer: { send: async (mail) => void sent.push(mail) },
    timeZone: 'Europe/London',
    publicUrl: 'https://krowd.example',
    clock: () => new Date('2026-12-06T09:30:00Z'),
  });
  return { digest, sent };
}

describe('the audit log’s daily digest', () => {
  const hash = 'c0ffee'.repeat(10) + 'beef';

  it('mails every system admin the newest event, its hash and the command that checks it', async () => {
    const { digest, sent } = digestOf({ id: 812, hash }, ['ada@krowd.example', 'bo@krowd.example']);
    expect(await digest.run()).toEqual({ mailed: 2, seq: 812 });
    expect(sent.map((mail) => mail.to)).toEqual(['ada@krowd.example', 'bo@krowd.example']);
    const [mail] = sent;
    expect(mail!.subject).toBe('The audit log’s daily digest');
    expect(mail!.text).toContain('The audit log as it stood on 06/12/2026 09:30 GMT.');
    expect(mail!.text).toContain(`Newest event: 812. Its hash: ${hash}.`);
    expect(mail!.text).toContain(`npm run audit:verify -- --anchor 812:${hash}`);
    expect(mail!.text).toContain('https://krowd.example/user/audit-log');
    expect(mail!.html).toContain(`812:${hash}`);
  });

  it('mails nothing while the log is empty', async () => {
    const { digest, sent } = digestOf(null, ['ada@krowd.example']);
    expect(await digest.run()).toEqual({ mailed: 0, seq: null });
    expect(sent).toEqual([]);
  });
});
