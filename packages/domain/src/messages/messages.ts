import { administrationMessages } from './administration-messages.ts';
import { campaignMessages } from './campaign-messages.ts';
import { integrationMessages } from './integration-messages.ts';
import { onboardingMessages } from './onboarding-messages.ts';
import { publisherMessages } from './publisher-messages.ts';
import { reportingMessages } from './reporting-messages.ts';
import { signInMessages } from './sign-in-messages.ts';
import { transactionMessages } from './transaction-messages.ts';
import { webhookMessages } from './webhook-messages.ts';
import { claimMessages } from './claim-messages.ts';
import { settlementMessages } from './settlement-messages.ts';
import { auditMessages } from './audit-messages.ts';

/**
 * The one message catalogue: every text a user can see, from the spec where it gives one.
 * The brief's typo fixes are applied here ('Invalid Data', 'details', 'successfully', 'At least').
 * The sections the signed-out screens need are in sign-in-messages.ts, under the same keys here;
 * the larger areas' sections are in their own files (campaign-, onboarding-, transaction-,
 * administration- and reporting-messages.ts), spread in under the same keys. Texts are read through `messages` only
 * (sign-in-messages.ts aside, docs/decisions/0039): .dependency-cruiser.cjs refuses any other
 * import of an area file.
 */
export const messages = {
  ...signInMessages,
  /**
   * Why a new password is too easy to guess: zxcvbn's warnings and suggestions by their keys, in our
   * words (auth/password-policy.ts weakPasswordMessage; docs/decisions.md 'Sign-in lockout and
   * password strength'). The composition suggestions are kept for completeness but never shown.
   */
  passwordStrength: {
    tooWeak: (why: string | null, hint: string | null) =>
      ['This password is too easy to guess.', why, hint].filter(Boolean).join(' '),
    warnings: {
      straightRow: 'A row of keys on the keyboard is easy to guess.',
      keyPattern: 'Short keyboard patterns are easy to guess.',
      simpleRepeat: 'Repeated characters such as "aaa" are easy to guess.',
      extendedRepeat: 'Repeated patterns such as "abcabcabc" are easy to guess.',
      sequences: 'Sequences such as "abc" or "6543" are easy to guess.',
      recentYears: 'Recent years are easy to guess.',
      dates: 'Dates are easy to guess.',
      topTen: 'It is one of the most used passwords.',
      topHundred: 'It is a very often used password.',
      common: 'It is a commonly used password.',
      similarToCommon: 'It is close to a commonly used password.',
      wordByItself: 'A single word is easy to guess.',
      namesByThemselves: 'A name or surname on its own is easy to guess.',
      commonNames: 'Common names and surnames are easy to guess.',
      userInputs: 'It should not contain your personal details.',
      pwned: 'It has appeared in a data breach.',
    },
    suggestions: {
      l33t: 'Letters swapped for look-alike symbols ("@" for "a") do not help much.',
      reverseWords: 'A common word spelt backwards does not help much.',
      allUppercase: 'Use capitals for some letters, not all.',
      capitalization: 'Use capitals for more than the first letter.',
      dates: 'Leave out dates and years that mean something to you.',
      recentYears: 'Leave out recent years.',
      associatedYears: 'Leave out years that mean something to you.',
      sequences: 'Leave out sequences such as "abc" or "1234".',
      repeated: 'Leave out repeated words and characters.',
      longerKeyboardPattern: 'Leave out keyboard patterns.',
      anotherWord: 'Add another word or two: less common words are better.',
      useWords: 'Use several words that do not usually go together.',
      noNeed: 'A strong password needs no symbols, digits or capitals.',
      pwned: 'If you use it anywhere else, change it there too.',
    },
  },
  /** A create retried with the same Idempotency-Key (docs/decisions/0077). */
  idempotency: {
    keyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters (a UUID is best).',
    keyReused:
      'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    keyInProgress:
      'A request with this Idempotency-Key is still being processed. Wait for its answer, then retry.',
    answerLost:
      'The request with this Idempotency-Key was carried out, but its answer was lost. Do not send it again: look its result up instead.',
    csvNotSupported:
      'An Idempotency-Key is accepted with a JSON body only; send the file without it (re-sending a transaction id changes nothing).',
  },
  /** Two-step sign-in with an authenticator app (docs/decisions.md). */
  multiFactor: {
    codeStepTitle: 'Two-step sign-in',
    codeStepIntro: 'Enter the 6-digit code from your authenticator app.',
    codeLabel: 'Authentication code',
    recoveryCodeLabel: 'Recovery code',
    recoveryStepIntro: 'Enter one of the recovery codes you saved when you set up two-step sign-in.',
    useRecoveryCode: 'Use a recovery code',
    useAuthenticatorCode: 'Use a code from the app',
    verify: 'Verify',
    backToLogin: 'Back to login',
    codeRequired: 'Enter the 6-digit code.',
    codeFormat: 'The code is 6 digits.',
    recoveryCodeRequired: 'Enter a recovery code.',
    recoveryCodeFormat: 'A recovery code is 12 letters and digits, as printed (dashes optional).',
    codeWrong: 'This code is not right, or it has already been used. Wait for the next code and try again.',
    recoveryCodeWrong: 'This recovery code is not right, or it has already been used.',
    challengeExpired: 'Your sign-in took too long. Please login again.',
    challengeInvalid: 'Please login again.',
    setupRequired: 'Set up two-step sign-in to continue: it is required for your account.',
    alreadyEnabled: 'Two-step sign-in is already on for this account.',
    setupNotStarted: 'Start the set-up again: no pending set-up was found.',
    requiredCannotDisable: 'Two-step sign-in is required for your account and cannot be turned off.',
    notEnabled: 'Two-step sign-in is not on for this account.',
    enabled: 'Two-step sign-in is on.',
    disabled: 'Two-step sign-in is off.',
    securityTitle: 'Two-step sign-in',
    securityIntroOff:
      'Add a second step to your sign-in: after your password, a 6-digit code from an authenticator app on your phone.',
    securityIntroOn: 'On. At sign-in you enter a code from your authenticator app after your password.',
    requiredNote: 'Required for system administrators.',
    recoveryCodesLeft: (count: number) => `${count} unused recovery code${count === 1 ? '' : 's'} left.`,
    setUp: 'Set up two-step sign-in',
    turnOff: 'Turn off',
    regenerate: 'New recovery codes',
    setupTitle: 'Set up two-step sign-in',
    setupScan:
      'Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), or enter the key by hand.',
    setupKeyLabel: 'Key',
    setupQrAlt: 'QR code for your authenticator app',
    setupConfirm: 'Then enter the 6-digit code the app shows to confirm.',
    confirm: 'Confirm',
    cancel: 'Cancel',
    recoveryTitle: 'Save your recovery codes',
    recoveryIntro:
      'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
    copyCodes: 'Copy',
    copied: 'Copied',
    downloadCodes: 'Download',
    recoveryDone: 'I have saved them',
    recoveryFileName: 'krowd-recovery-codes.txt',
    disableTitle: 'Turn off two-step sign-in',
    disableIntro: 'Enter your password and a current code from your authenticator app.',
    passwordLabel: 'Current password',
    regenerateTitle: 'New recovery codes',
    regenerateIntro:
      'Your old recovery codes stop working. Enter a current code from your authenticator app.',
  },
  /** The health checks a supervisor reads (apps/api health.routes.ts). */
  health: {
    databaseUnreachable: 'Database unreachable',
  },
  ...campaignMessages,
  ...onboardingMessages,
  pageNotFound: {
    title: 'Page Not found',
    body: "Looks like you've followed a broken link or entered a URL that doesn't exist on this site.",
    goBack: 'Go Back',
  },
  mail: {
    recoverSubject: 'Reset your password',
    verifyEmailSubject: 'Confirm your e-mail address',
    signupAttemptSubject: 'Someone tried to sign up with your e-mail address',
    setPasswordSubject: 'Set your password',
    guestSubject: 'Your login link',
    guestResumeSubject: 'Continue setting up your account',
    exportSubject: 'Your transactions export is ready',
    midHealthSubject: 'Branches have stopped receiving transactions',
    budgetReachedSubject: (name: string, percent: number) => `${name} has used ${percent}% of its budget`,
    budgetUsedUpSubject: (name: string) => `The budget of ${name} is used up`,
  },
  list: {
    searchMin: 'Search field contain min of 3 characters',
    /** A searchable select that lists the first matches only (components/ui/server-search-select). */
    firstMatches: (shown: number, total: number) => `${shown} of ${total} shown: type to find the others`,
    searching: 'Searching…',
    statusAll: 'Status (All)',
    selectAction: 'Select action',
    validationError: 'Validation Error',
    action: 'Action',
    go: 'Go',
    all: 'All',
    uploadCsv: 'Upload CSV',
    file: 'File',
    chooseCsvFile: 'Choose a .csv file',
    selectAllRows: 'Select all rows on this page',
    selectRow: (row: string) => `Select ${row}`,
    row: 'row',
    rowsPerPage: 'Rows per page',
    total: (count: number) => `Total: ${count}`,
    /** Paging a list's address asked for that it cannot show; the list shows page 1 of 10 instead. */
    pageInvalid: 'The page must be a whole number from 1.',
    limitInvalid: (sizes: string) => `Rows per page must be one of ${sizes}.`,
    /** The API's paging bounds (a client may ask for any size up to 100). */
    limitRange: 'limit must be a whole number from 1 to 100',
    loadFailed: 'This list could not be loaded.',
    pageBeyondLast: (asked: number, last: number) =>
      `There is no page ${asked}; showing page ${last}, the last.`,
    /** The inputs of a table of rows typed in: each named by its column and row. */
    cellOfRow: (column: string, row: number) => `${column}, row ${row}`,
    removeRow: (row: number) => `Remove row ${row}`,
    /** A list on a phone: its rows as cards, sorted by a picker (docs/decisions.md 'Lists on phones'). */
    rowCards: 'Rows',
    sortBy: 'Sort by',
    sortOption: (column: string, direction: 'asc' | 'desc') =>
      `${column}, ${direction === 'asc' ? 'ascending' : 'descending'}`,
  },
  /** An upload's progress and its Cancel (docs/decisions.md 'Progress of uploads and exports'). */
  upload: {
    progressLabel: 'Upload progress',
    sending: (sent: string, total: string, percent: number) => `Sending ${sent} of ${total} (${percent}%)`,
    processing: 'Sent. The server is working on the file…',
    rows: (read: number, qualified: number) =>
      `${read.toLocaleString('en-GB')} rows read, ${qualified.toLocaleString('en-GB')} qualified`,
    cancel: 'Cancel upload',
    cancelled: 'Upload cancelled: nothing was stored.',
    bytes: (count: number) =>
      count < 1024
        ? `${count} B`
        : count < 1024 * 1024
          ? `${(count / 1024).toFixed(1)} KB`
          : `${(count / 1024 / 1024).toFixed(1)} MB`,
  },
  ...transactionMessages,
  ...administrationMessages,
  ...reportingMessages,
  ...webhookMessages,
  ...claimMessages,
  ...settlementMessages,
  ...auditMessages,
  ...publisherMessages,
  ...integrationMessages,
  /** The public card-network pages (spec 3 §2.8, §5, §8): /amexdining, /amexsignup, /amexdiningsignup, /amexdiningbranch. */
  cardNetwork: {
    /** What brought a card-network lead in, as the leads list names it. */
    leadKinds: { contact: 'Contact request', lookupFailed: 'Look-up failed', diningSignup: 'Dining sign-up' },
    restaurantNameRequired: 'Restaurant name is required',
    merchantIdRequired: 'Merchant ID is required',
    brandNameRequired: 'Brand Name is required',
    legalNameRequired: 'Legal Name is required',
    phoneInvalid: 'Please provide a valid phone number',
    websiteInvalid: 'Please provide a valid website address, such as www.example.co.uk',
    detailsSubmitted: 'Details submitted successfully.',
    registered: 'Registered successfully.',
    branchesSubmitted:
      'Thanks for sharing your details. Your account is now being validated. Please check your email for the next steps.',
    redirecting: 'Taking you to our website…',
    contactTitle: 'Contact us',
    contactIntro: 'Tell us about your restaurant and our team will be in touch.',
    signupTitle: 'Card-network sign-up',
    signupIntro:
      'Enter the Merchant ID of your restaurant and we will send a sign-in link to its account e-mail.',
    lookupFailed:
      'We could not find an account waiting for this Merchant ID. Send us your details and our team will be in touch.',
    /** Nothing of the address: a look-up must not tell whose account a Merchant ID is (brief §4). */
    linkSent:
      'We have sent a sign-in link to the e-mail address of the account waiting for this Merchant ID. Open it to create your first campaign; it is valid for 7 days and can be used once. We send one link an hour at most: if you asked a moment ago, use the one already sent.',
    linkSentTitle: 'Check your e-mail',
    /** All the card-network pages' calls together passed their limit (docs/decisions.md). */
    busy: 'Our card-network pages are very busy just now. Please try again in a few minutes.',
    diningSignupTitle: 'Dining programme sign-up',
    diningSignupIntro: 'Register your restaurant for the card-network dining programme.',
    termsTitle: 'Terms and conditions',
    termsParagraphs: [
      'By registering you confirm that you may act for the restaurant named and that the details given are correct.',
      'Your restaurant will be offered to cardholders of the card-network dining programme through monthly campaigns you choose. A success fee is charged on qualifying transactions and invoiced only after a campaign has run.',
      'We use your details to set up and run your account and to contact you about it. You can ask us to remove them at any time.',
    ],
    accept: 'Accept',
    registrationSuccessTitle: 'Registration Successful',
    registrationSuccessBody: (email: string) =>
      `We have sent an e-mail to ${email} with a link to create your first campaign and a link to add your branches.`,
    branchTitle: 'Your branches',
    branchIntro:
      'Add each branch of your restaurant with its merchant IDs, or upload your branch list as an Excel file.',
    branchRequired: 'At least one branch is required',
    tooManyBranches: (max: number) => `At most ${max} branches can be sent at once.`,
    branchPageUnknown:
      'This branch page link is not valid or has expired. Please use the link in your registration e-mail.',
    fileNotExcel: 'File must be an .xls or .xlsx file',
    fileContentNotExcel: 'This file is not an Excel spreadsheet. Please upload an .xls or .xlsx file.',
    fileTooLarge: (megabytes: number) => `File size must be less than ${megabytes} MB`,
    leadsIntro:
      'Contact requests, failed Merchant ID look-ups and dining sign-ups from the public card-network pages.',
    leadsSearch: 'Search name, e-mail, restaurant or Merchant ID',
    noBranchSubmissions: 'No branches submitted yet.',
    /** The contact fields the card-network forms share (spec 3 §2.8), and the leads' details. */
    fields: {
      name: 'Name',
      restaurantName: 'Restaurant Name',
      legalName: 'Legal Name',
      email: 'Email',
      phone: 'Phone',
      website: 'Website',
      merchantId: 'Merchant ID',
    },
    leadFields: { kind: 'Kind', page: 'Page', received: 'Received' },
    leadColumns: { restaurant: 'Restaurant', branchesSent: 'Branches sent' },
    allKinds: 'All kinds',
    branchSubmissions: 'Branch submissions',
    submissionColumns: { branch: 'Branch', postcode: 'Postcode', merchantIds: 'Merchant IDs' },
    /** The branch page's table and file (spec 3 §2.8). */
    branchColumns: {
      branchName: 'Branch Name',
      merchantId: 'Merchant ID',
      amexMerchantID: 'Amex Merchant ID',
      zettleMerchantID: 'Zettle Merchant ID',
      postcode: 'Postcode',
      postaltown: 'Postal Town',
      address: 'Address',
    },
    branchesTable: 'Branches',
    deleteRow: (row: number) => `Delete row ${row}`,
    addBranch: 'Add branch',
    branchFile: 'Branch list (optional)',
    branchFileHint: 'An Excel file (.xls or .xlsx) under 5 MB',
    chooseFile: 'Choose a file',
    comments: 'Comments',
    mail: {
      digestSubject: (leads: number, submissions: number) =>
        `Card-network digest: ${leads} ${leads === 1 ? 'lead' : 'leads'}, ${submissions} branch ${submissions === 1 ? 'submission' : 'submissions'}`,
      registrantSubject: 'Welcome to the card-network dining programme',
    },
  },
} as const;
