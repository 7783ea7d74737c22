import { pagePath } from '@krowd/domain/access/access.rules';
import { formatInstant } from '@krowd/domain/calendar/date-format.rules';
import { messages } from '@krowd/domain/messages/messages';
import { layout, type RenderedMail } from '../../mail/mail-layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AuditRepository } from './audit.repository.ts';

const m = messages.audit;

/**
 * The audit log's daily digest (docs/decisions/0113, 'Anchored outside the database'): the newest
 * event's number and hash mailed to the system admins. The chain shows an event edited or removed
 * from its middle; it cannot show the newest ones removed, nor a history rewritten in full by
 * someone who may write the table. A hash kept where the database's users cannot reach (a mailbox)
 * shows both: `npm run audit:verify -- --anchor <event>:<hash>` fails when that event is gone or
 * has another hash.
 */
export const auditDigestJob = 'audit.dailyDigest';
export const auditDigestEveryMs = 24 * 3_600_000;

export function auditDigestMail(
  head: { seq: number; hash: string },
  at: Date,
  timeZone: string,
  url: string,
): RenderedMail {
  return {
    subject: m.digestSubject,
    ...layout(
      'Krowd team',
      [
        m.digestIntro(formatInstant(at, timeZone, 'dateTime')),
        m.digestHead(head.seq, head.hash),
        m.digestCheck(head.seq, head.hash),
      ],
      { url, label: m.digestAction },
    ),
  };
}

export function createAuditDigest(deps: {
  repository: Pick<AuditRepository, 'head'>;
  systemAdminEmails: () => Promise<string[]>;
  mailer: Pick<Mailer, 'send'>;
  timeZone: string;
  publicUrl: string;
  clock: () => Date;
}) {
  return {
    /** Mails the head to every active system admin; nothing while the log is empty. */
    async run(): Promise<{ mailed: number; seq: number | null }> {
      const head = await deps.repository.head();
      if (!head) return { mailed: 0, seq: null };
      const mail = auditDigestMail(
        { seq: head.id, hash: head.hash },
        deps.clock(),
        deps.timeZone,
        `${deps.publicUrl}${pagePath('auditLog')}`,
      );
      const recipients = await deps.systemAdminEmails();
      for (const to of recipients) await deps.mailer.send({ ...mail, to });
      return { mailed: recipients.length, seq: head.id };
    },
  };
}
