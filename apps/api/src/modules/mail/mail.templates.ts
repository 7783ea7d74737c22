import { exportLinkDays } from '@krowd/domain/dashboard/export.schema';
import { messages } from '@krowd/domain/messages/messages';

/** The e-mails the product sends: a plain-text and an HTML body each, every value escaped. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function layout(greetingName: string, paragraphs: string[], link: { url: string; label: string }) {
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2933;line-height:1.5">
<p>Hello ${escapeHtml(greetingName)},</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}" style="background:#0b7285;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#52606d;font-size:13px">If the button does not work, copy this address into your browser:<br>${escapeHtml(link.url)}</p>
<p style="color:#52606d;font-size:13px">Krowd: the customer acquisition marketplace</p>
</body></html>`;
  const text = [
    `Hello ${greetingName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${link.label}: ${link.url}`,
    '',
    'Krowd: the customer acquisition marketplace',
  ].join('\n');
  return { html, text };
}

export function recoverPasswordMail(firstName: string, url: string): RenderedMail {
  return {
    subject: messages.mail.recoverSubject,
    ...layout(
      firstName,
      [
        'We received a request to reset the password of your account.',
        'The link below is valid for 1 hour and can be used once. If you did not ask for it, you can ignore this e-mail.',
      ],
      { url, label: 'Reset password' },
    ),
  };
}

/** Sign-up (issue 16 §14): the account works once its owner has opened this link. */
export function verifyEmailMail(firstName: string, url: string): RenderedMail {
  return {
    subject: messages.mail.verifyEmailSubject,
    ...layout(
      firstName,
      [
        'Thank you for signing up. Confirm your e-mail address to finish, then login with your password.',
        'The link below is valid for 7 days and can be used once. If you did not sign up, you can ignore this e-mail.',
      ],
      { url, label: 'Confirm e-mail address' },
    ),
  };
}

/**
 * Sign-up with an address that already has an account (issue 16 §14): the sign-up page answers as
 * for a new one, and the owner learns of it here.
 */
export function signupAttemptMail(
  firstName: string,
  loginUrl: string,
  forgotPasswordUrl: string,
): RenderedMail {
  return {
    subject: messages.mail.signupAttemptSubject,
    ...layout(
      firstName,
      [
        'Someone, perhaps you, tried to sign up with this e-mail address, which already has an account. No new account was made.',
        `To login, use the button below. If you forgot your password, get a reset link here: ${forgotPasswordUrl}`,
        'If it was not you, you can ignore this e-mail: your account is unchanged.',
      ],
      { url: loginUrl, label: 'Login' },
    ),
  };
}

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

export function guestLoginMail(firstName: string, url: string): RenderedMail {
  return {
    subject: messages.mail.guestSubject,
    ...layout(
      firstName,
      [
        'Here is your link to create your first campaign.',
        'The link below is valid for 7 days and can be used once.',
      ],
      { url, label: 'Create my campaign' },
    ),
  };
}

/** A guest who left the onboarding train asked for a link again (forgot password): it resumes the train. */
export function guestResumeMail(firstName: string, url: string): RenderedMail {
  return {
    subject: messages.mail.guestResumeSubject,
    ...layout(
      firstName,
      [
        'You have not finished setting up your account yet, so there is no password to reset.',
        'The link below signs you in and takes you back to where you left off. It is valid for 7 days and can be used once.',
      ],
      { url, label: 'Continue setting up' },
    ),
  };
}

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
