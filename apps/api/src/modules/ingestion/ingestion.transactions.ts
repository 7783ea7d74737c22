import type { Kysely, Transaction } from 'kysely';
import {
  readWellFormedRow,
  transactionRowSchema,
  type IngestError,
  type TransactionRow,
} from '@krowd/domain/ingestion/transaction-file.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  qualifyTransaction,
  type BranchMatch,
  type CardHistory,
  type QualificationCampaign,
} from '@krowd/domain/qualification/qualification.rules';
import type { IsoMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { wallClockOf } from '@krowd/domain/qualification/local-time';
import type { DB } from '../../db/schema.ts';
import { timeOrderedId } from '../../db/time-ordered-id.ts';
import { createReportingRepository } from '../reporting/reporting.repository.ts';
import { ReportingTally } from '../reporting/reporting-tally.ts';
import { CardHistoryCache } from './card-history-cache.ts';
import { detached } from './csv-stream.ts';
import {
  cardKey,
  type NewTransaction,
  type Publisher,
  type StagedRow,
  type StoredPurchase,
  type TransactionsRepository,
} from './transactions.repository.ts';

/**
 * Ingesting a publisher's transactions file (brief §6, issue 5 §1): every row validated, then
 * qualified by the engine (packages/domain qualification) in time order and stored with its
 * outcome. The whole upload is one database transaction: a file with a bad row stores nothing
 * (unless partial), and a crash mid-file leaves nothing behind.
 *
 * Two ways through the file, with the same outcome (ingestion.in-file-order.test.ts):
 * - In file order, the usual way (publishers send a day's transactions in time order): rows are
 *   qualified and stored a page at a time as they are read, each page put in time order.
 * - Through a staging table, for any other file: the valid rows are staged as they are read, the
 *   transaction ids an earlier line already had are set aside, and the rest is read back in time
 *   order. A file goes this way when a page starts before the one before it ends, when one of its
 *   transaction ids is already stored or repeated, or when it has a bad row and is not partial
 *   (the staging way lists every problem, repeated ids included): the first way is then undone
 *   (to a savepoint) and the file read again from its start.
 */

/** One item of the file: its fields by column name, or why it could not be read. */
export type IngestItem = { line: number; fields: Record<string, unknown> } | { line: number; error: string };

/**
 * The file's items from its start, each time it is called (ingestion may read a file twice), a
 * piece of the file at a time.
 */
export type IngestSource = () => AsyncIterable<IngestItem[]>;

/** The file needs the staging table after all (see above). */
class StagingNeeded extends Error {
  constructor() {
    super('the file is read again through the staging table');
    this.name = 'StagingNeeded';
  }
}

/** A transaction id already stored for the publisher (the unique key of 0012). */
const isRepeatedTransactionId = (error: unknown) =>
  error instanceof Error && (error as { code?: unknown }).code === '23505';

export interface IngestResult {
  received: number;
  inserted: number;
  duplicates: number;
  unmatched: number;
  rejected: number;
  errors: IngestError[];
}

/** A file with bad rows, refused whole: nothing was stored. */
export class IngestRefused extends Error {
  constructor(readonly result: IngestResult) {
    super(messages.ingestion.fileHasErrors);
    this.name = 'IngestRefused';
  }
}

/** Errors listed in an answer; `rejected` counts them all. */
export const maxListedErrors = 1000;
/** Rows staged in one statement. */
const batchSize = 5000;
/** Rows qualified and stored per page. */
const defaultPageSize = 2500;
/**
 * How far after the upload's own time a row may be dated: a publisher's clock a little ahead of
 * ours. Anything later has not happened yet, so it is refused with its line (issue 16 §3).
 */
export const allowedClockSkewMs = 5 * 60_000;
/** Rows qualified between turns of the event loop. */
const yieldEveryRows = 250;
/**
 * Card histories held across pages (card-history-cache.ts): at most ~300 MB, the key map included
 * (the 5-million-row benchmark's 1.2 million cards all fit).
 */
const cardCacheLimits = { maxCards: 1_500_000, maxEntries: 6_000_000 };
/** MIDs whose branch is held; past this the cache starts again (unknown MIDs can be many). */
const maxCachedMids = 100_000;
/**
 * The reporting store's share summed before it is written (reporting-tally.ts): up to a million
 * card numbers (4 MB) or 50,000 cells.
 */
const defaultTallyLimits = { cards: 1_000_000, cells: 50_000 };
/** Publishers send a file a day: the next one is expected a day after an upload. */
const ingestionIntervalMs = 24 * 60 * 60 * 1000;

export interface IngestOptions {
  partial: boolean;
  channel: 'api' | 'console';
  /** A console upload's file name and uploader, kept on its ingestion log. */
  upload?: { fileName: string | null; userId: string };
  /**
   * An enclosing database transaction (the overview docs upload stores transactions and
   * impressions together): the upload then commits or rolls back with it.
   */
  trx?: Transaction<DB>;
}

const emptyResult = (): IngestResult => ({
  received: 0,
  inserted: 0,
  duplicates: 0,
  unmatched: 0,
  rejected: 0,
  errors: [],
});

/** A row of the file as the engine takes it; its instant in milliseconds as Date.parse reads it. */
const stagedRowOf = (line: number, row: TransactionRow): StagedRow => ({
  line,
  transactionId: row.transactionId,
  datetime: row.datetime,
  occurredAt: new Date(Date.parse(row.datetime)),
  amountPence: row.amountPence,
  mid: row.mid,
  cardToken: row.cardToken,
  cardLast4: row.cardLast4,
  postcode: row.postcode,
  originalTransactionId: row.originalTransactionId,
  duplicate: false,
});

/**
 * A purchase a refund may reverse, as held during an upload: with what of its refunded amount is
 * written (null while the purchase itself is not).
 */
interface HeldPurchase extends StoredPurchase {
  savedRefundedPence: number | null;
}

/** The history of a row that has none to look up (a refund, an unknown MID). */
const noHistory: CardHistory = Object.freeze({ lastPurchaseAt: null, averageSpendPence: null });

/** Lists an error of the file, up to `maxListedErrors` (`rejected` counts them all). */
function listError(result: IngestResult, line: number, message: string) {
  if (result.errors.length < maxListedErrors) result.errors.push({ line, message });
}

/** Time order, then file order: the order rows are qualified in. */
const inTimeOrder = (a: StagedRow, b: StagedRow) =>
  a.occurredAt.getTime() - b.occurredAt.getTime() || a.line - b.line;

interface BrandContext {
  campaigns: QualificationCampaign[];
  months: IsoMonth[];
}

export function createTransactionIngestion(deps: {
  db: Kysely<DB>;
  transactions: TransactionsRepository;
  timeZone: string;
  clock: () => Date;
  /** Rows qualified and stored per page (tests make pages small to cross their boundaries). */
  pageSize?: number;
  /** How many card histories stay in memory across pages (tests make it small). */
  cardCacheLimits?: { maxCards: number; maxEntries: number };
  /** How much of the reporting store is summed before it is written (tests make it small). */
  tallyLimits?: { cards: number; cells: number };
}) {
  const { db, transactions: repo, timeZone, clock } = deps;
  const pageSize = deps.pageSize ?? defaultPageSize;
  const tallyLimits = deps.tallyLimits ?? defaultTallyLimits;
  const reporting = createReportingRepository(db);

  /** The row an item holds when it is valid for the publisher; otherwise null, its errors listed. */
  function validRow(
    item: IngestItem,
    publisher: Publisher,
    result: IngestResult,
    notAfterMs: number,
  ): TransactionRow | null {
    if ('error' in item) {
      result.rejected += 1;
      listError(result, item.line, item.error);
      return null;
    }
    // The usual row directly; anything unusual through the schema, which names its problems.
    let row = readWellFormedRow(item.fields);
    if (!row) {
      const parsed = transactionRowSchema.safeParse(item.fields);
      if (!parsed.success) {
        result.rejected += 1;
        for (const message of new Set(parsed.error.issues.map((issue) => issue.message))) {
          listError(result, item.line, message);
        }
        return null;
      }
      row = parsed.data;
    }
    if (row.publisher !== publisher.code && row.publisher.toLowerCase() !== publisher.code.toLowerCase()) {
      result.rejected += 1;
      listError(result, item.line, messages.ingestion.publisherMismatch(publisher.code));
      return null;
    }
    if (Date.parse(row.datetime) > notAfterMs) {
      result.rejected += 1;
      listError(result, item.line, messages.ingestion.datetimeInFuture);
      return null;
    }
    return row;
  }

  /**
   * The file a page at a time as it is read, each page in time order (then file order): throws
   * StagingNeeded when a page starts before the one before it ends, or at a bad row when the file is
   * not partial.
   */
  function inFileOrderPages(
    pieces: AsyncIterator<IngestItem[]>,
    publisher: Publisher,
    result: IngestResult,
    partial: boolean,
    notAfterMs: number,
  ) {
    let lastOfPrevious: StagedRow | null = null;
    let piece: IngestItem[] = [];
    let nextInPiece = 0;
    return async (): Promise<StagedRow[]> => {
      const page: StagedRow[] = [];
      let sorted = true;
      while (page.length < pageSize) {
        if (nextInPiece === piece.length) {
          const next = await pieces.next();
          if (next.done) break;
          piece = next.value;
          nextInPiece = 0;
          continue;
        }
        const item = piece[nextInPiece]!;
        nextInPiece += 1;
        result.received += 1;
        const row = validRow(item, publisher, result, notAfterMs);
        if (!row) {
          if (!partial) throw new StagingNeeded();
          continue;
        }
        const staged = stagedRowOf(item.line, row);
        if (sorted && page.length > 0 && inTimeOrder(page[page.length - 1]!, staged) > 0) sorted = false;
        page.push(staged);
      }
      if (!sorted) page.sort(inTimeOrder);
      if (lastOfPrevious && page.length > 0 && inTimeOrder(lastOfPrevious, page[0]!) > 0) {
        throw new StagingNeeded();
      }
      lastOfPrevious = page.at(-1) ?? lastOfPrevious;
      return page;
    };
  }

  /** The file qualified as it is read (see the top of this file). */
  async function inFileOrder(
    trx: Transaction<DB>,
    publisher: Publisher,
    items: AsyncIterable<IngestItem[]>,
    options: IngestOptions,
    notAfterMs: number,
  ): Promise<IngestResult> {
    const result = emptyResult();
    const iterator = items[Symbol.asyncIterator]();
    try {
      await qualifyPages(
        trx,
        publisher,
        options,
        result,
        inFileOrderPages(iterator, publisher, result, options.partial, notAfterMs),
      );
    } finally {
      // Closes the file when it is left part-read.
      await iterator.return?.();
    }
    return result;
  }

  /** The file staged whole first, then read back in time order (see the top of this file). */
  async function throughStaging(
    trx: Transaction<DB>,
    publisher: Publisher,
    items: AsyncIterable<IngestItem[]>,
    options: IngestOptions,
    notAfterMs: number,
  ): Promise<IngestResult> {
    const result = emptyResult();
    await repo.createStaging(trx);
    let batch: { line: number; row: TransactionRow }[] = [];
    // One batch is written while the next one is read: the statement is sent, and awaited
    // only before the next one (one connection runs them in order either way).
    let staging: Promise<void> = Promise.resolve();
    const flush = async () => {
      await staging;
      const rows = batch;
      batch = [];
      staging = repo.stage(trx, rows);
      // Awaited later; a failure meanwhile must not count as unhandled.
      staging.catch(() => {});
    };
    for await (const piece of items) {
      for (const item of piece) {
        result.received += 1;
        const row = validRow(item, publisher, result, notAfterMs);
        if (!row) continue;
        batch.push({ line: item.line, row });
        if (batch.length >= batchSize) await flush();
      }
    }
    await flush();
    await staging;
    for (const [line, first] of await repo.endStaging(trx)) {
      result.rejected += 1;
      listError(result, line, messages.ingestion.transactionIdRepeated(first));
    }
    result.errors.sort((a, b) => a.line - b.line);
    if (result.rejected > 0 && !options.partial) throw new IngestRefused(result);

    let after: StagedRow | null = null;
    await qualifyPages(trx, publisher, options, result, async () => {
      const page = await repo.stagedPage(trx, publisher.id, after, pageSize);
      after = page.at(-1) ?? after;
      return page;
    });
    return result;
  }

  /**
   * Qualifies and stores the rows `nextPage` gives, page after page until an empty one, in time
   * order; writes the upload's ingestion log and its share of the reporting store (summed as the
   * rows are qualified, written with the pages every so often and at the end). Cards met for the
   * first time are numbered for the store's card lists as their histories are looked up.
   */
  async function qualifyPages(
    trx: Transaction<DB>,
    publisher: Publisher,
    options: IngestOptions,
    result: IngestResult,
    nextPage: () => Promise<StagedRow[]>,
  ) {
    const uploadedAt = clock();
    const logId = await repo.createLog(trx, publisher.id, options.channel, uploadedAt, options.upload);
    const branches = new Map<string, BranchMatch | null>();
    const brands = new Map<string, BrandContext>();
    const histories = new CardHistoryCache(deps.cardCacheLimits ?? cardCacheLimits);
    const tally = new ReportingTally();
    let largestCardNumber = await reporting.largestCardNumber(trx);
    const totals = {
      gmvPence: 0,
      lastAt: null as Date | null,
      brands: new Map<string, { gmvPence: number; count: number; lastAt: Date }>(),
    };

    // Purchases a refund may reverse: stored ones the page's refunds name (fetched for the
    // page) and the rows of this page and the one before (held, as the one before may not be
    // written yet), each once by id. Two generations: the page's, and the previous page's.
    let held = { byId: new Map<string, HeldPurchase>(), byTransactionId: new Map<string, HeldPurchase>() };
    let previous = held;
    const purchaseNamed = (transactionId: string) =>
      held.byTransactionId.get(transactionId) ?? previous.byTransactionId.get(transactionId) ?? null;
    /** Keeps a held purchase the next page names in the page's generation (it outlives the one before). */
    const carry = (transactionId: string) => {
      const purchase = purchaseNamed(transactionId);
      if (!purchase) return false;
      held.byTransactionId.set(transactionId, purchase);
      held.byId.set(purchase.id, purchase);
      return true;
    };
    /** A stored purchase as held: the one already held with its id, or this one, held from now on. */
    const known = (purchase: StoredPurchase) => {
      const found = held.byId.get(purchase.id) ?? previous.byId.get(purchase.id);
      if (found) return found;
      const kept: HeldPurchase = { ...purchase, savedRefundedPence: purchase.refundedPence };
      held.byId.set(kept.id, kept);
      return kept;
    };
    /** Held purchases refunds took something back of since the last page was sent. */
    let refunded = new Set<HeldPurchase>();

    // Rows are stored a page at a time: the statement is sent when the page is qualified and
    // the next one prepared, and runs while the next page is qualified (one connection runs
    // statements in the order sent). A refund that does not name its original first waits for
    // everything before it to be stored, so that the original may be among it.
    let pending: NewTransaction[] = [];
    /** Each pending row's purchase when it is one (refunds may reverse it before it is written). */
    let pendingPurchases: (HeldPurchase | null)[] = [];
    let writing: Promise<void> = Promise.resolve();
    const sendPending = async () => {
      await writing;
      const rows = pending;
      for (const [index, purchase] of pendingPurchases.entries()) {
        if (!purchase) continue;
        rows[index]!.refundedPence = purchase.refundedPence;
        purchase.savedRefundedPence = purchase.refundedPence;
      }
      const changed: { id: string; refundedPence: number }[] = [];
      for (const purchase of refunded) {
        if (purchase.savedRefundedPence === purchase.refundedPence) continue;
        changed.push({ id: purchase.id, refundedPence: purchase.refundedPence });
        purchase.savedRefundedPence = purchase.refundedPence;
      }
      pending = [];
      pendingPurchases = [];
      refunded = new Set();
      writing = repo.insertTransactions(trx, rows).then(() => repo.setRefunded(trx, changed));
      if (tally.listedCards >= tallyLimits.cards || tally.cellCount >= tallyLimits.cells) {
        const cells = tally.take();
        writing = writing.then(() => reporting.addTally(trx, publisher.id, cells));
      }
      // Awaited before the next write and at the end; a failure meanwhile is not unhandled.
      writing.catch(() => {});
    };
    const flushPending = async () => {
      await sendPending();
      await writing;
    };

    /**
     * A refund's original when the file does not name it, found among the stored purchases once
     * everything before the refund is stored (so that the original may be among it).
     */
    const unnamedOriginal = async (row: StagedRow, branch: BranchMatch) => {
      await flushPending();
      const found = await repo.refundedPurchase(
        trx,
        branch.brandId,
        row.cardToken,
        row.occurredAt,
        -row.amountPence,
      );
      return found ? known(found) : null;
    };

    /**
     * Qualifies and holds a row to store; `unnamed` is a refund's original it does not name, `card`
     * a purchase's slot in the card cache (looked up once, by `prepare`), else -1.
     */
    const store = (
      row: StagedRow,
      branch: BranchMatch | null,
      unnamed: HeldPurchase | null,
      card: number,
    ) => {
      const brand = branch ? brands.get(branch.brandId)! : null;
      let history = noHistory;
      let original: HeldPurchase | null = null;
      const at = row.occurredAt.getTime();
      const localAt = wallClockOf(at, timeZone);
      const cardNumber = card >= 0 ? histories.cardNumberOf(card) : null;
      if (card >= 0) {
        history = histories.historyAt(card, at, row.datetime, timeZone);
        // Later rows of this card see this purchase in their history.
        histories.add(card, at, row.amountPence);
      } else if (branch && row.amountPence < 0) {
        original = row.originalTransactionId ? purchaseNamed(row.originalTransactionId) : unnamed;
      }
      const outcome = qualifyTransaction({
        transaction: {
          publisher: publisher.code,
          transactionId: row.transactionId,
          datetime: row.datetime,
          amountPence: row.amountPence,
          mid: row.mid,
          cardToken: row.cardToken,
          cardLast4: row.cardLast4,
          postcode: row.postcode,
        },
        branch,
        campaigns: brand?.campaigns ?? [],
        history,
        brandCampaignMonths: brand?.months ?? [],
        original,
        timeZone,
      });
      if (outcome.outcome !== 'notQualified') {
        const campaign = brand!.campaigns.find((candidate) => candidate.id === outcome.campaignId)!;
        campaign.budgetSpentPence += outcome.cashbackPence + outcome.successFeePence;
        // A qualified row is a purchase at a known merchant: its card has a number.
        tally.add(localAt, branch!, outcome, row.amountPence, cardNumber ?? 0);
      }
      const id = timeOrderedId();
      let purchase: HeldPurchase | null = null;
      if (row.amountPence > 0) {
        // Not written yet: what refunds take back of it goes out with it.
        purchase = { id, amountPence: row.amountPence, refundedPence: 0, outcome, savedRefundedPence: null };
        held.byId.set(id, purchase);
        held.byTransactionId.set(row.transactionId, purchase);
      }
      pending.push({
        id,
        publisherId: publisher.id,
        logId,
        row,
        branch,
        originalId: original?.id ?? null,
        outcome,
        localAt,
        cardNumber,
      });
      pendingPurchases.push(purchase);
      if (original) {
        original.refundedPence += -row.amountPence;
        refunded.add(original);
      }

      result.inserted += 1;
      totals.gmvPence += row.amountPence;
      if (!totals.lastAt || row.occurredAt > totals.lastAt) totals.lastAt = row.occurredAt;
      if (!branch) {
        result.unmatched += 1;
        return;
      }
      const share = totals.brands.get(branch.brandId) ?? {
        gmvPence: 0,
        count: 0,
        lastAt: row.occurredAt,
      };
      share.gmvPence += row.amountPence;
      share.count += 1;
      if (row.occurredAt > share.lastAt) share.lastAt = row.occurredAt;
      totals.brands.set(branch.brandId, share);
    };

    /**
     * The next page and what it needs, each in one query: its new MIDs' branches, its brands'
     * campaigns, the histories of its cards not held (none of them is in the page before, whose
     * cards are held, so the page before need not be written yet) and their numbers (cards met for
     * the first time are numbered here, so a later page finds them), the stored originals its
     * refunds name (one written in the page before is found among the held purchases).
     */
    const prepare = async () => {
      const page = await nextPage();
      const rows = page.filter((row) => !row.duplicate);
      result.duplicates += page.length - rows.length;
      /** Each row's slot in the card cache when it is a purchase at a known MID, else -1. */
      const cardSlots = new Int32Array(rows.length).fill(-1);
      if (page.length === 0) return { page, rows, cardSlots };
      if (branches.size > maxCachedMids) branches.clear();
      const mids = [...new Set(rows.map((row) => row.mid).filter((mid) => !branches.has(mid)))];
      for (const [mid, branch] of await repo.branchesOfMids(trx, mids)) branches.set(detached(mid), branch);
      /** Cards not held, with the rows that are their purchases. */
      const cards = new Map<string, { brandId: string; cardToken: string; rows: number[] }>();
      const named: string[] = [];
      for (let index = 0; index < rows.length; index += 1) {
        const row = rows[index]!;
        const branch = branches.get(row.mid);
        if (!branch) continue;
        if (!brands.has(branch.brandId)) {
          brands.set(branch.brandId, await repo.brandCampaigns(trx, branch.brandId));
        }
        if (row.amountPence > 0) {
          const key = cardKey(branch.brandId, row.cardToken);
          cardSlots[index] = histories.slotOf(key);
          if (cardSlots[index] === -1) {
            const card = cards.get(key) ?? { brandId: branch.brandId, cardToken: row.cardToken, rows: [] };
            card.rows.push(index);
            cards.set(key, card);
          }
        }
        if (row.amountPence < 0 && row.originalTransactionId && !carry(row.originalTransactionId)) {
          named.push(row.originalTransactionId);
        }
      }
      const tokens = [...new Set([...cards.values()].map((card) => card.cardToken))];
      const numbers = await reporting.cardNumbers(trx, tokens);
      const numberedBefore = largestCardNumber;
      const numbered: { id: number; token: string }[] = [];
      for (const token of tokens) {
        if (numbers.has(token)) continue;
        largestCardNumber += 1;
        numbers.set(token, largestCardNumber);
        numbered.push({ id: largestCardNumber, token });
      }
      // Only a card numbered before may have purchases stored.
      const earlier = [...cards].filter(([, card]) => numbers.get(card.cardToken)! <= numberedBefore);
      const [, stored] = await Promise.all([
        reporting.addCards(trx, numbered),
        repo.cardPurchases(
          trx,
          earlier.map(([, card]) => ({ brandId: card.brandId, cardNumber: numbers.get(card.cardToken)! })),
          page[0]!.occurredAt,
        ),
      ]);
      const storedOf = new Map(earlier.map(([key], index) => [key, stored[index]!]));
      for (const [key, card] of cards) {
        const slot = histories.load(key, storedOf.get(key) ?? [], numbers.get(card.cardToken)!);
        for (const index of card.rows) cardSlots[index] = slot;
      }
      for (const [transactionId, purchase] of await repo.purchasesByIds(trx, publisher.id, named)) {
        held.byTransactionId.set(transactionId, known(purchase));
      }
      return { page, rows, cardSlots };
    };

    try {
      let next = await prepare();
      while (next.page.length > 0) {
        const { rows, cardSlots } = next;
        previous = held;
        held = { byId: new Map(), byTransactionId: new Map() };
        for (const [index, row] of rows.entries()) {
          const branch = branches.get(row.mid)!;
          const unnamed =
            branch && row.amountPence < 0 && !row.originalTransactionId
              ? await unnamedOriginal(row, branch)
              : null;
          store(row, branch, unnamed, cardSlots[index]!);
          // Lets the driver read and write between rows: the page before is being stored by COPY,
          // whose data goes out only as the event loop turns (node-postgres sends a statement's
          // next message when it has read the server's answer to the one before).
          if (index % yieldEveryRows === yieldEveryRows - 1) await new Promise(setImmediate);
        }
        histories.trim();
        next = await prepare();
        await sendPending();
      }
      await flushPending();
    } catch (error) {
      // A write that failed while the next page was prepared aborts every statement after it: the
      // write's own error is the one to report.
      throw (
        (await writing.then(
          () => null,
          (writeError: unknown) => writeError,
        )) ?? error
      );
    }

    // The rest of the reporting store's share, in this same transaction (reporting.repository.ts).
    await reporting.addTally(trx, publisher.id, tally.take());
    await repo.finishLog(trx, logId, {
      gmvPence: totals.gmvPence,
      count: result.inserted,
      unmatched: result.unmatched,
      lastAt: totals.lastAt,
      nextAt: new Date(uploadedAt.getTime() + ingestionIntervalMs),
      brands: totals.brands,
    });
  }

  return {
    /**
     * Stores the file's transactions for the publisher. Throws IngestRefused when a row is bad and
     * `partial` is off; with `partial`, the good rows are stored and the bad ones listed.
     */
    async ingest(publisher: Publisher, source: IngestSource, options: IngestOptions): Promise<IngestResult> {
      const within = <T>(work: (trx: Transaction<DB>) => Promise<T>) =>
        options.trx ? work(options.trx) : db.transaction().execute(work);
      const notAfterMs = clock().getTime() + allowedClockSkewMs;
      return within(async (trx) => {
        await repo.lockIngestion(trx);
        await repo.savepoint(trx, 'ingest_in_file_order');
        try {
          const result = await inFileOrder(trx, publisher, source(), options, notAfterMs);
          await repo.releaseSavepoint(trx, 'ingest_in_file_order');
          return result;
        } catch (error) {
          if (!(error instanceof StagingNeeded) && !isRepeatedTransactionId(error)) throw error;
          await repo.rollbackToSavepoint(trx, 'ingest_in_file_order');
          return throughStaging(trx, publisher, source(), options, notAfterMs);
        }
      });
    },
  };
}

export type TransactionIngestion = ReturnType<typeof createTransactionIngestion>;
