/**
 * Part of the one message catalogue (messages.ts), under the same keys there; its texts for
 * transactions: the publishers' files, the rule simulator, qualification reasons and invoices.
 * Texts are read through `messages`; only messages.ts imports this file.
 */
export const transactionMessages = {
  invoice: {
    notCreated: 'Invoice is not created.',
    searchPlaceholder: 'Search Invoice Number',
    viewInvoice: 'View Invoice',
    numberInvalid: 'Invoice number must look like INV-000123',
    numbersRequired: 'At least one invoice number is required',
    monthAndYear: 'Give both month and year, or neither',
    /** The dashboard's invoice selection (xero_invoice_number) names no invoice the caller may see. */
    notFound: (number: string) => `Invoice ${number} was not found.`,
    invoiceDataNeedsNumber: 'xero_invoice_number is required when is_invoice_data is true',
    /** A row of the list that credits refunds received after its invoice. */
    creditNote: 'Credit note',
    correctsInvoice: (number: string) => `Corrects ${number}`,
    viewCreditNote: 'View Credit Note',
    /** Transaction Details' page cursor (`after`) is not one the server wrote. */
    transactionPageInvalid: 'This page of transactions could not be found. Open Transaction Details again.',
    columns: {
      brandName: 'Brand Name',
      month: 'Invoice Month',
      amount: 'Invoice Amount',
      number: 'Invoice Number',
      dueDate: 'Due Date',
      paymentStatus: 'Payment Status',
    },
  },
  ingestion: {
    searchPlaceholder: 'Search Data Source',
    // Publisher transaction files (brief §6): POST /api/transactions/ingest.
    /** The database went away during the upload: its transaction was rolled back whole. */
    databaseUnavailable:
      'The database was unavailable during the upload: nothing from this file was stored. Please send the file again.',
    ingested: 'Transactions ingested successfully',
    fileHasErrors: 'Nothing was stored. Correct the rows listed and send the file again.',
    fileEmpty: 'File is empty',
    fileNotText: 'The file is not UTF-8 CSV text.',
    fileTooLarge: (megabytes: number) => `File size must be less than ${megabytes} MB`,
    fileNotArray: 'A JSON body must be an array of transactions.',
    headerInvalid:
      'The first row must be the header: transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher (original_transaction_id optional)',
    rowColumns: 'This row does not have as many values as the header row.',
    rowUnclosedQuote: 'A quoted value in this row is not closed.',
    rowTooLong: (characters: number) =>
      `This row is longer than ${characters.toLocaleString('en-GB')} characters; check its line ends and quotes.`,
    rowNotObject: 'This item is not an object of the transaction fields.',
    transactionIdInvalid: 'transaction_id is required (at most 100 characters)',
    transactionIdRepeated: (line: number) => `transaction_id is repeated from line ${line}`,
    datetimeInvalid: 'datetime must be ISO 8601 with an offset, e.g. 2025-06-11T12:00:00+01:00',
    datetimeInFuture:
      'datetime is after the time of this upload (5 minutes are allowed for clock differences): a transaction cannot be dated in the future',
    amountInvalid: 'amount must be pounds with at most 2 decimals, negative for a refund',
    currencyInvalid: 'currency must be GBP',
    midInvalid: 'mid is required (at most 50 characters)',
    cardTokenInvalid: 'card_token is required (at most 200 characters)',
    cardLast4Invalid: 'card_last4 must be 4 digits',
    postcodeInvalid: 'postcode must be at most 16 characters',
    publisherRequired: 'publisher is required',
    publisherMismatch: (code: string) => `publisher must be ${code}, the publisher of the API key`,
    originalNotRefund: 'original_transaction_id is only for refunds (a negative amount)',
    originalInvalid: 'original_transaction_id must be at most 100 characters',
    // The admin console's upload of a publisher file.
    uploadTitle: 'Upload transactions',
    uploaded: 'Transactions uploaded successfully',
    uploadPublisherRequired: 'Publisher is required',
    uploadPublisherNotFound: 'Publisher not found.',
    uploadFileRequired: 'File is required',
    uploadFileNotCsv: 'Only .csv files are allowed',
    uploadCounts: (counts: { inserted: number; duplicates: number; unmatched: number; rejected: number }) =>
      `Inserted ${counts.inserted}, duplicates ${counts.duplicates}, unmatched ${counts.unmatched}, rejected ${counts.rejected}`,
    uploadLine: (line: number, message: string) => `Line ${line}: ${message}`,
    publisherLabel: 'Publisher',
    choosePublisher: 'Choose a publisher',
    columns: {
      dataSource: 'Data Source',
      uploadedDate: 'Uploaded Date',
      gmv: 'GMV',
      transactionCount: 'Transaction count',
    },
  },
  /** The rule simulator: a sample transaction tested against one campaign. */
  simulation: {
    title: 'Test a transaction',
    fields: {
      datetime: 'Date and time',
      amount: 'Amount (£)',
      branch: 'Branch',
      branchPlaceholder: 'Choose a branch',
      mid: 'or MID',
      lastPurchase: "Card's last purchase at the brand",
      averageSpend: "Card's average spend (£)",
      rewardedTransactions: 'Rewarded transactions of the card by this campaign',
      rewardedTransactionsInInterval: 'of them in the cap interval of the purchase',
      rewardedSpendInInterval: 'Rewarded spend of the card in that interval (£)',
    },
    /** The caps' fields (decision 0116): what the campaign already rewarded the card for. */
    capsLegend: 'Caps: what this campaign already rewarded the card for (empty for none)',
    rewardedTransactionsInvalid: 'Rewarded transactions must be a whole number from 0',
    rewardedSpendInvalid: 'Rewarded spend must be a number of pounds from 0 with at most 2 decimals',
    rewardedInIntervalAboveTotal: 'The interval cannot have more rewarded transactions than the campaign',

    test: 'Test',
    amountInvalid: 'Amount must be a positive number of pounds with at most 2 decimals',
    datetimeInvalid: 'Date and time are required',
    branchOrMid: 'Give either a MID or a branch, not both',
    branchNotFound: 'Branch not found.',
    lastPurchaseInvalid: 'The last purchase must be before the transaction',
    averageSpendInvalid: 'Average spend must be a positive number of pounds with at most 2 decimals',
    qualified: 'Qualifies',
    notQualified: 'Does not qualify',
    hint: (timeZone: string) =>
      `Times are in ${timeZone}. Leave the card history empty for a card never seen at the brand.`,
    /** Stacking (decision 0105): the campaign of the brand that pays this purchase instead. */
    paidInstead: (result: { campaign: string; cashback: string }) =>
      `${result.campaign} pays this purchase instead, with ${result.cashback} cashback.`,
    qualifiedSummary: (result: {
      cashback: string;
      successFee: string;
      successFeeFree: boolean;
      customerType: string;
    }) =>
      `Cashback ${result.cashback}, success fee ${result.successFee}${
        result.successFeeFree ? ' (waived: one of the brand’s first 3 campaign months)' : ''
      }, ${result.customerType} customer`,
  },
  /** Why a transaction earned nothing (the qualification engine's reason codes, brief §5). */
  qualification: {
    unknownMerchantId: 'Unknown merchant ID',
    branchNotApproved: 'Branch not approved for campaigns',
    zeroAmount: 'Zero amount',
    noCampaign: 'No campaign for this brand',
    notInCampaignMonth: 'Not in campaign month',
    branchNotInCampaign: 'Branch not in campaign',
    campaignNotApproved: 'Campaign not approved',
    campaignPaused: 'Campaign paused',
    outsideCampaignDays: 'Outside campaign days',
    outsideCampaignHours: 'Outside campaign hours',
    customerTypeMismatch: 'Customer type does not match',
    belowMinimumSpend: 'Below minimum spend',
    noAverageSpend: 'No average spend to stretch from',
    belowStretchSpend: 'Below stretch spend',
    budgetExhausted: 'Budget exhausted',
    // A card kept out of the campaign to measure its lift, at a publisher that hides the offer from
    // it (docs/decisions/0129): it would have earned, and is paid nothing.
    holdout: 'Held out to measure the campaign’s lift: offer not shown to this card',
    // Caps (qualification.md 'Caps', docs/decisions/0116): the first three earn nothing, the last two
    // less. Each names its cap's number as the campaign had it when the transaction was qualified
    // (stored with the reason, `reason_params`); `interval` is one of `qualificationCapIntervals`.
    cappedTransactionsPerCard: (count: number) =>
      `Capped: ${count} rewarded transaction${count === 1 ? '' : 's'} per card reached`,
    cappedTransactionsPerInterval: (count: number, interval: string) =>
      `Capped: ${count} rewarded transaction${count === 1 ? '' : 's'} per card per ${interval} reached`,
    cappedSpendPerInterval: (pounds: string, interval: string) =>
      `Capped: ${pounds} rewarded spend per card per ${interval} reached`,
    cappedSpendPartly: (pounds: string, interval: string) =>
      `Capped: only the spend under ${pounds} rewarded spend per card per ${interval} earned`,
    cappedCashbackPerTransaction: (pounds: string) => `Capped: ${pounds} cashback per transaction`,
    stackedWithBetterOffer: 'Another campaign of this brand paid more for this purchase',
    refundOriginalNotFound: 'Refund of an unknown transaction',
    refundOfUnqualified: 'Refund of a transaction that did not qualify',
  },
  /** "Why not qualified" on the dashboard and its drill-down (docs/decisions/0130). */
  notQualifiedReport: {
    title: 'Why transactions did not qualify',
    intro: 'Purchases at your branches in this period that earned no reward, by the reason stored with each.',
    empty: 'Every transaction in this period qualified.',
    loadFailed: 'The reasons could not be loaded.',
    reason: 'Reason',
    transactions: 'Transactions',
    spend: 'Spend',
    total: 'Total',
    viewTransactions: (label: string) => `View the transactions: ${label}`,
    notApplied:
      'Customer type and offer type are not applied here: a transaction that did not qualify has neither.',
    drillDownTitle: (label: string) => `Not qualified: ${label}`,
    columns: {
      date: 'DATE',
      amount: 'AMOUNT',
      branch: 'BRANCH',
      card: 'CARD (LAST 4 DIGITS)',
      reason: 'REASON',
    },
    /** A card shown by its last four digits only. */
    maskedCard: (last4: string) => `•••• ${last4}`,
    reasonRequired: 'reason is required: a reason code of the qualification catalogue',
    pageInvalid: 'This page of transactions could not be found. Open the reason again.',
    /** The export's option, beside Export. */
    exportWithReasons: 'Include transactions that did not qualify, with their reason',
  },
  /** The interval a per-interval cap's reason names ('per card per week'). */
  qualificationCapIntervals: { day: 'day', week: 'week', month: 'month' },
  /**
   * A cap's reason stored without its number (no such row is written since migration 0060, which
   * filled in the rows before it from their campaigns): the cap named, not its number.
   */
  qualificationCapsWithoutNumber: {
    cappedTransactionsPerCard: 'Capped: the rewarded transactions per card for this campaign were reached',
    cappedTransactionsPerInterval:
      'Capped: the rewarded transactions per card for this interval were reached',
    cappedSpendPerInterval: 'Capped: the rewarded spend per card for this interval was reached',
    cappedSpendPartly: 'Capped: only the spend under the card’s rewarded spend cap for this interval earned',
    cappedCashbackPerTransaction: 'Capped: cashback limited to the campaign’s maximum per transaction',
  },
} as const;
