import { exportLinkDays } from '@krowd/domain/dashboard/export.schema';
import { messages } from '@krowd/domain/messages/messages';
import { layout, type RenderedMail } from '../../mail/mail-layout.ts';

/** The dashboard export's file is ready (spec 3 §2.4): the link works for its owner, signed in. */
export function exportReadyMail(
  firstName: string,
  url: string,
  file: { rowCount: number; startDate: string; endDate: string; timeZone: string; email: string },
): RenderedMail {
  const transactions =
    file.rowCount === 1 ? '1 transaction' : `${file.rowCount.toLocaleString('en-GB')} transactions`;
  return {
    subject: messages.mail.exportSubject,
    ...layout(
      firstName,
      [
        `Your export of ${transactions} from ${file.startDate} to ${file.endDate} is ready to download as a CSV file. Dates and times are local to ${file.timeZone}; amounts are in pounds.`,
        `The link below is valid for ${exportLinkDays} days and opens only while you are signed in to Krowd as ${file.email}.`,
      ],
      { url, label: 'Download CSV' },
    ),
  };
}
