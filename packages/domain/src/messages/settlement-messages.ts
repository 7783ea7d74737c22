/**
 * Part of the one message catalogue (messages.ts), under the same keys there; its texts for the
 * publishers' settlement files (docs/decisions/0107). Texts are read through `messages`; only
 * messages.ts imports this file.
 */
export const settlementMessages = {
  settlement: {
    pageTitle: 'Settlement files',
    intro:
      'A daily redemption file for each closed day and a monthly settlement file for each closed month, as CSV. Each file is made once and never changes: its SHA-256 checksum lets you check the download.',
    guideLink: 'The files’ columns, the checksum and the API calls',
    publisherLabel: 'Publisher',
    publisherPlaceholder: 'Choose a publisher',
    choosePublisher: 'Every publisher’s files, unless you choose one.',
    kindLabel: 'Kind',
    kinds: { daily: 'Daily redemption', monthly: 'Monthly settlement' },
    allKinds: 'All files',
    periodLabel: 'Period',
    rowsLabel: 'Rows',
    cashbackLabel: 'Cashback',
    feeLabel: 'Success fee',
    checksumLabel: 'SHA-256 checksum',
    generatedLabel: 'Made',
    downloadLabel: 'Download',
    download: (fileName: string) => `Download ${fileName}`,
    copyChecksum: (fileName: string) => `Copy the checksum of ${fileName}`,
    checksumCopied: 'Checksum copied.',
    noFiles: 'No settlement files yet.',
    loadFailed: 'The settlement files could not be loaded.',
    downloadFailed: 'The file could not be downloaded.',
    notFound: 'Settlement file not found',
    noPublisher: 'Your bank has no publisher',
    kindInvalid: 'Kind must be daily or monthly',
    periodInvalid: 'Period must be a month (YYYY-MM) or a date (YYYY-MM-DD)',
  },
} as const;
