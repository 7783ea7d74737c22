import { messages } from '@krowd/domain/messages/messages';
import { layout, type RenderedMail } from '../../mail/mail-layout.ts';

/** An account made for someone else: its owner chooses the password through this link. */
export function setPasswordMail(firstName: string, url: string): RenderedMail {
  return {
    subject: messages.mail.setPasswordSubject,
    ...layout(
      firstName,
      [
        'An account has been created for you. Choose your password to start.',
        'The link below is valid for 7 days and can be used once.',
      ],
      { url, label: 'Set password' },
    ),
  };
}
