/**
 * The message catalogue's sections the signed-out screens and every page need (messages.ts
 * holds them under the same keys): /login loads this file instead of the whole catalogue
 * (issue 17 §4). The brief's typo fixes are applied here too.
 */
export const signInMessages = {
  common: {
    couldNotReachServer: 'Could Not reach server',
    invalidData: 'Invalid Data',
    notFound: 'Not found.',
    forbidden: 'You do not have access to this.',
    loginRequired: 'Please login to continue.',
    sessionExpired: 'Session expired, please login again.',
    sessionExpiredModal: 'Session Expired, Please login Again',
    goToLoginPage: 'Go to Login Page',
    inactivityTitle: "You're being timed out due to inactivity",
    inactivityApology: 'Sorry for the inconvenience.',
    inactivityBody: 'Your session has expired please login again',
    loginAgain: 'Login again',
    somethingWentWrong: 'Something went wrong on our side. Please try again in a moment.',
    invalidRequest: 'The request could not be read.',
    requestTooLarge: 'The request is too large.',
    unsupportedContentType: 'This kind of content is not accepted here.',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    crossSiteRefused: 'Requests from another site are not accepted.',
    comingSoon: 'Coming soon',
    noDataFound: 'No data found.',
    loading: 'Loading...',
  },
  validation: {
    emailRequired: 'Email is required',
    emailInvalid: 'Please provide a valid email',
    passwordRequired: 'Password is required',
    nameRequired: 'Name is required',
    nameCharacters: 'Name can contain only alphabets, "-" and/or space',
    nameMin: 'Name should at least contain 3 characters',
    nameMax: 'Name should at most contain 20 characters',
    passwordMin: 'Password should at least contain 8 characters',
    passwordMax: 'Password should at most contain 64 characters',
    /** Issue 16 §13 (ASVS 6.2): common or leaked passwords are refused, whatever their make-up. */
    passwordCommon:
      'This password is too common: it appears in lists of leaked passwords. Please choose another.',
    passwordPersonal: 'Please do not use your e-mail address or name as your password.',
    /** The password rule as every form that sets one states it (auth/password-policy.ts). */
    passwordRule:
      'Use 8 to 64 characters (12 or more recommended). Any letters, numbers, spaces or symbols; a common or leaked password is refused.',
    confirmPasswordRequired: 'Confirm Password is required',
    passwordsMustMatch: 'Passwords must match',
    newPasswordRequired: 'New Password is required',
    newPasswordMin: 'At least 8 Characters',
    newPasswordMax: 'Only 64 Characters are allowed',
    currentPasswordRequired: 'Current Password is required',
    newPasswordSameAsCurrent: 'New password must be different from the current password',
    tooLong: 'This value is too long',
    unexpectedField: 'This field is not accepted',
    invalidValue: 'Invalid value',
    idInvalid: 'Invalid id',
    required: 'This field is required',
    nulCharacter: 'This text contains a NUL character, which is not allowed. Remove it and try again.',
    nestedTooDeep: 'This value is nested too deeply to be read. Send the fields as documented.',
  },
  auth: {
    loginFailed: 'Invalid email or password.',
    accountDeactivated: 'This account has been deactivated. Please contact your administrator.',
    /** Issue 16 §12: the account's ceiling across every source tripped; the mailed link still works. */
    tooManyLoginAttempts:
      'Too many failed logins on this account, so password login is paused for a while. Use "Forgot password?" to get a link by e-mail: setting a new password with it lets you log in straight away.',
    /** Issue 16 §12: the progressive delay between failed logins from one place. */
    loginDelayed: (seconds: number) =>
      `Too many failed logins. Please wait ${seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`} and try again.`,
    loggedOut: 'Logged out successfully.',
    /** Issue 16 §14: the same answer whether or not the e-mail already has an account. */
    signupSuccess:
      'Thank you. Check your e-mail: we have sent a message to this address to finish signing up.',
    signupCheckEmailTitle: 'Check your e-mail',
    emailNotVerified:
      'Please confirm your e-mail address first: open the link in the e-mail we sent you. We are sending a fresh one now (up to 3 an hour).',
    emailVerified: 'Your e-mail address is confirmed. Please login.',
    verifyEmailTitle: 'Confirm your e-mail',
    verifyingEmail: 'Confirming your e-mail address…',
    forgotPasswordSent:
      'If an account exists for this email, we have sent a link to reset the password. The link is valid for 1 hour.',
    passwordRecovered: 'Your password has been changed. Please login with the new password.',
    passwordCreated: 'Your password has been set. Please login.',
    passwordChanged: 'Password changed successfully',
    currentPasswordWrong: 'Current password is incorrect.',
    linkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
    guestLinkInvalid: 'This login link is invalid or has expired. Please ask for a new one.',
    logoutConfirm: 'Are you sure you want to Logout?',
    guestFeatureLocked:
      'This feature will be enabled once you create your first campaign and validate your account details',
    forgotPasswordLink: 'Forgot password?',
    loginTitle: 'Login',
    loginSubtitle: 'Sign in to manage your campaigns.',
    forgotPasswordTitle: 'Forgot password',
    forgotPasswordSubtitle: 'We will e-mail you a link to choose a new password.',
    signupTitle: 'Sign up',
    signupSubtitle: "Create your brand's account.",
    languageSet: 'Language set.',
  },
  clickjacking: {
    body: 'If you see this page, Webb App link you have clicked on is under Clickjacking security attack.',
  },
} as const;
