import { messages } from '@krowd/domain/messages/messages';
import { layout, type RenderedMail } from '../../mail/mail-layout.ts';

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

/** Sign-up: the account works once its owner has opened this link. */
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
 * Sign-up with an address that already has an account: the sign-up page answers as
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
