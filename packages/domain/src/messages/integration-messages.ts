/**
 * Part of the one message catalogue (messages.ts), under the same keys there: the Publisher
 * integration page (decision 0101), the guide to keys, the offers feed, webhook events and their
 * signatures, and test mode (decisions 0089–0092, 0097–0098). The code examples it shows are
 * code, not texts: they are in publisher/integration-examples.ts. Only messages.ts imports this file.
 */
export const integrationMessages = {
  publisherIntegration: {
    /** The links to the guide from the API keys and Webhooks pages. */
    keysGuideLink: 'How to use keys, the offers feed and test mode: the Publisher integration guide',
    webhooksGuideLink: 'How to check signatures and handle events: the Publisher integration guide',
    intro:
      "How a publisher's systems work with Krowd: authenticate with an API key, read the offers feed, receive signed webhook events, and try it all in test mode first.",
    contents: 'On this page',
    apiReference: 'API reference (OpenAPI)',
    apiReferenceHint: 'Every operation, its parameters, answers and error codes, with a console to try them.',
    keysPageLink: 'Manage API keys',
    webhooksPageLink: 'Manage webhook endpoints',
    codeLabel: (what: string) => `Example: ${what}`,
    keys: {
      title: 'API keys',
      header:
        'Send the key in the X-Api-Key header of every call. A key works only on the publisher operations, and a session never authenticates them.',
      modes:
        'Live keys (pk_live_…) read the live offers feed and send real transactions. Test keys (pk_test_…) read the same offers marked as test and send test transactions only: nothing they do reaches live figures, invoices, files or dashboards.',
      shownOnce:
        'A key’s secret is shown once, when it is made. Copy it then and keep it in your secret store: Krowd keeps only its hash, and the list shows its prefix (such as pk_live_ab12) to tell keys apart.',
      rotation: (defaultHours: number, maxHours: number) =>
        `Rotate a key to replace it without downtime: the new key works at once and the old one keeps working for the overlap you choose (${defaultHours} hours unless you say otherwise, at most ${maxHours}), then stops. Deploy the new key within the overlap.`,
      revocation:
        'Revoke a key that may have leaked: it is refused from the very next call, on every server.',
      limits: (maxKeys: number) =>
        `A publisher has at most ${maxKeys} working keys. A missing, unknown, revoked or expired key answers 401; too many calls a minute answer 429 with Retry-After; a test key on a live-only operation answers 403.`,
    },
    feed: {
      title: 'The offers feed',
      what: 'GET /api/publisher/offers lists the live and upcoming offers of the brands linked to your publisher: approved campaigns with their dates, hours, discount, promo codes, approved texts and images, and the branches with their merchant IDs. Money is in pence.',
      paging:
        'Cursor paging: ask for up to 100 offers a page (limit, 50 unless given) and pass the answer’s nextCursor as cursor until it is null. The order is stable while offers change, unlike page numbers.',
      updatedSince:
        'After a full pull, pass updated_since (an ISO 8601 time with its offset) to get only the offers changed since. An offer that leaves the feed is not listed as removed: the offer.ended and offer.paused events announce it, and a full pull is the truth.',
      etag: 'Every page carries an ETag. Send it back in If-None-Match: while the page has not changed the answer is 304 with no body, so polling costs almost nothing.',
      holdouts: (maxCards: string) =>
        `Holdouts: an offer with holdout.shareBasisPoints keeps that share of the brand’s cards out of it to measure what it really earned. Only if your system hides a held-out card’s offer, say so (PUT /api/publisher/holdouts, honoursHoldouts: true); from then on a held-out card’s purchase earns nothing from that offer. Ask which offers each of up to ${maxCards} cards is held out of this month (POST /api/publisher/holdouts/cards), or compute it: SHA-256 of the UTF-8 JSON array ["krowd-holdout-v1", your publisher id, card token, brand id, "YYYY-MM"], its first 8 bytes as an unsigned big-endian integer mod 10000; held out when below shareBasisPoints. A card’s arm, once given, stays for the month.`,
      firstPage: 'the first page',
      nextPage: 'the next page, only if it changed',
    },
    events: {
      title: 'Webhook events and signatures',
      what: 'Register an endpoint (an https address of yours) on the Webhooks page or through the API, and choose its events. Krowd POSTs each event to it as JSON, as it happens.',
      list: 'Events',
      types: {
        'offer.published': 'a campaign was approved: a new offer',
        'offer.updated': 'an approved campaign was changed',
        'offer.paused': 'a pause was added to or changed on an approved campaign',
        'offer.ended': 'a running campaign was stopped or an approved one deleted',
        'transaction.qualified': 'a transaction earned a campaign’s reward',
        'transaction.not_qualified': 'a transaction did not qualify, with the reason',
        'transaction.refunded': 'a qualified transaction was refunded',
        'transaction.authorised':
          'a purchase was authorised through the single-transaction API, not yet cleared',
        'transaction.expired': 'an authorisation was not cleared in time and expired',
        'claim.updated': 'a missing-transaction claim was filed, matched or resolved',
        'settlement.ready':
          'a settlement file (daily or monthly) was made: its id, kind, period, SHA-256 and download path',
        'webhook.ping': 'the test ping sent from the Webhooks page',
      },
      body: 'Each body is {"id", "type", "created", "livemode", "data"}; the same bytes on every attempt. The event id is also in the Krowd-Event-Id header: the same event may arrive more than once, so process each id once. Events may also arrive out of order (deliveries run side by side and are retried): order them by created.',
      reasons:
        'A transaction event tells why it earned nothing, or why a cap made it earn less. An upload’s events carry reason (the reason key of a transaction that did not qualify), cappedReason (the key of the cap that cut a qualified one’s cashback) and reasonParams, the number that cap names: {"limit", "interval"}, limit a count of transactions or pence for the spend and cashback caps, interval day, week or month for a cap per interval, else null. A test transaction’s events carry reasonCode and reason (key and text), cappedReasonCode and cappedReason, and the same reasonParams; its texts name the number (Capped: 3 rewarded transactions per card reached). The transaction status answers reasonParams beside reasonCode and reason, and the daily settlement file names a capped purchase’s cap in its last three columns.',
      signature:
        'Every delivery carries Krowd-Signature: t=<Unix seconds>,v1=<hex HMAC-SHA256>. The HMAC is of the text "<t>.<raw body>", keyed by the endpoint’s signing secret (the whole whsec_… text). While a rotated secret’s overlap lasts a second v1 carries the signature with the previous secret: accept the delivery when any v1 matches.',
      verify:
        'Check the signature over the raw body, byte for byte, before parsing it; compare in constant time; refuse a t more than 5 minutes from your clock, so a captured request cannot be replayed later.',
      secret:
        'The signing secret is shown once, when the endpoint is made or its secret rotated. Keep it like a password.',
      answer:
        'Answer 2xx within 10 seconds and do the work afterwards. Any other answer, or none, is retried with growing gaps for at least 24 hours; the Webhooks page shows each attempt with its status code and can send a delivery again.',
      snippet: 'verifying a signature in TypeScript (Node.js 20 or later)',
      bodyExample: 'an event’s body',
    },
    oneAtATime: {
      title: 'Transactions one at a time',
      what: 'Beside the daily file, a live key can tell each step of a purchase as it happens. POST /api/publisher/transactions/cleared sends a cleared purchase: it qualifies through the same engine as a file row and reaches dashboards and invoices the same way; the answer is its outcome, and your endpoints receive transaction.qualified or transaction.not_qualified.',
      authorised: (holdDays: number) =>
        `Optionally, POST /api/publisher/transactions/authorised first when the purchase is authorised (transaction.authorised). Nothing qualifies until it clears, with the same transaction_id and possibly another amount. An authorisation not cleared within ${holdDays} days expires (transaction.expired); a later clearing is still accepted.`,
      refunded:
        'POST /api/publisher/transactions/refunded sends a refund with its own transaction_id, naming the purchase in original_transaction_id: with an amount for a partial refund, without one for all that is left. Cashback and fee are taken back in proportion to what the purchase no longer earns (transaction.refunded). More than what is left answers 409.',
      status:
        'GET /api/publisher/transactions/{transaction_id} answers where any of your transactions is, sent one at a time or in a file: authorised, expired, qualified, notQualified (with the reason), refunded (with refundedPence) or refund.',
      repeats:
        'Every step is safe to retry: sending a transaction_id again answers its status unchanged (duplicate: true), and an Idempotency-Key header makes a retried call answer exactly its first answer.',
      clearedExample: 'a cleared purchase',
      refundedExample: 'a partial refund',
    },
    testMode: {
      title: 'Test mode',
      keys: 'Build against test keys first. A test key reads your live offers marked mode "test", registers test endpoints, and sends test transactions; live and test never mix.',
      transactions:
        'POST /api/publisher/test-transactions sends one purchase, as a row of the transactions file carries it, through the real qualification engine. The answer says whether it qualified and why; test endpoints receive transaction.qualified or transaction.not_qualified. Sending a transaction_id again answers its first outcome.',
      apart:
        'Test transactions are stored apart from live ones: no figure, invoice, file or dashboard ever counts them.',
      example: 'a test transaction',
    },
    claims: {
      title: 'Missing-transaction claims',
      what: 'When a cardholder says a reward did not arrive, POST /api/publisher/claims with your live key: the card token or last four digits (or both), the merchant ID, the amount in pence and the purchase time (ISO 8601 with its offset). Send an Idempotency-Key so a retry files it once.',
      matching:
        'Each claim is matched against the transactions you have sent and, while it stays open, against every later upload. The score is out of 100: card 40 for the token (20 for the last four only), merchant ID 25, amount 20 when exact (10 within the larger of £1 and 5%), time 15 within an hour (falling to 5 at 72 hours). A claim matches at 70 with card and merchant ID agreeing.',
      outcomes:
        'A match with a qualified transaction closes the claim as matched: the reward was paid with that transaction. A match that did not qualify goes to review with the reason; no match stays open. Krowd reviews open claims within 10 business days and resolves each one: qualified after review, not eligible (with the reason), duplicate or no such transaction.',
      follow:
        'GET /api/publisher/claims and /api/publisher/claims/{id} answer each claim with its status and history; choose the claim.updated event to be told of every change.',
    },
    settlement: {
      title: 'Settlement files',
      what: 'Krowd makes two CSV files for you, once each period is over in the timezone setting: a daily redemption file of every transaction of yours that qualified or was refunded that local day, and a monthly settlement file of the invoices and credit notes issued that month, one row per brand, campaign and document, the figures the invoices were summed from. A file is made once and never changes, even if a late upload adds a transaction to its day.',
      format:
        'Both are RFC 4180 CSV in UTF-8 without a byte-order mark, LF line ends, a header line of the column names below. Money is integer pence, negative on refunds and credit notes; times are local times with their offset (ISO 8601). A value starting with = + - or @ is prefixed with an apostrophe, so a spreadsheet does not run it.',
      dailyHeader: 'The daily redemption file’s columns',
      monthlyHeader: 'The monthly settlement file’s columns',
      column: 'Column',
      meaning: 'Meaning',
      checksum:
        'Each file’s SHA-256 checksum (hex, over the file’s bytes) is given in the listing, in the download’s X-Checksum-SHA256 header and in the settlement.ready event: hash the bytes you received and compare before you use them.',
      calls:
        'GET /api/publisher/settlement-files with your live key lists your files, newest period first, with rows, cashback, fee and checksum (filter with kind=daily or monthly, and period=YYYY-MM for a month and its days or YYYY-MM-DD for a day; page and limit as every list). GET /api/publisher/settlement-files/{id} downloads one as text/csv, named settlement-<kind>-<period>.csv. Choose the settlement.ready event to be told when a file is made, with its id and download path.',
      listExample: 'listing the monthly files of November',
      downloadExample: 'downloading one and checking its checksum',
    },
  },
} as const;
