import { countsCardRewards } from '@krowd/domain/qualification/caps.rules';
import { localTimeAt } from '@krowd/domain/qualification/local-time';
import {
  qualifyTransaction,
  type BranchMatch,
  type CardHistory,
  type QualificationCampaign,
} from '@krowd/domain/qualification/qualification.rules';
import { ReportingTally } from '@krowd/domain/qualification/reporting-tally';
import { timeOrderedId } from '../../db/time-ordered-id.ts';
import { detached } from '../../http/csv-stream.ts';
import { BudgetWatch } from './budget-watch.ts';
import { CardHistoryCache } from './card-history-cache.ts';
import { heldRewardsOf, type CappedCampaigns, type RefundedRewards } from './card-rewards.ts';
import { HeldPurchases, type HeldPurchase } from './held-purchases.ts';
import type { StoredArms } from './holdout-assignments.repository.ts';
import { IngestionLogTotals } from './ingestion-log-totals.ts';
import type { BrandContext, PreparedPage } from './upload-context.ts';
import { UploadHoldouts } from './upload-holdouts.ts';
import { MidActivityTally, midActivityFlushEntries } from './mid-activity-tally.ts';
import { PageWriter } from './page-writer.ts';
import type { StagedRow } from './staging.repository.ts';
import type { UploadCounts, UploadSettings } from './upload-settings.ts';

/**
 * An upload's rows qualified and stored page after page, in time order (ingestion.transactions.ts
 * gives the pages): each row's outcome from the domain's engine, its ingestion log, and its share
 * of the reporting store (summed as rows are qualified, written with the pages every so often and
 * at the end). Cards met for the first time are numbered for the store's card lists as their
 * histories are looked up.
 *
 * What one upload holds while it runs, each part named: the branches of the MIDs met, the brands'
 * campaigns (with their budgets spent so far), the card histories (card-history-cache.ts), the
 * purchases refunds may reverse (held-purchases.ts), the rows waiting to be written
 * (page-writer.ts), the tally and the log's totals.
 */

/** Publishers send a file a day: the next one is expected a day after an upload. */
const ingestionIntervalMs = 24 * 60 * 60 * 1000;
/** Rows qualified between turns of the event loop. */
const yieldEveryRows = 250;
/** MIDs whose branch is held; past this the cache starts again (unknown MIDs can be many). */
const maxCachedMids = 100_000;
/** The history of a row that has none to look up (a refund, an unknown MID). */
const noHistory: CardHistory = Object.freeze({ lastPurchaseAt: null, averageSpendPence: null });

export class UploadQualification {
  readonly counts: UploadCounts = { inserted: 0, duplicates: 0, unmatched: 0 };
  private readonly branches = new Map<string, BranchMatch | null>();
  private readonly brands = new Map<string, BrandContext>();
  private readonly histories: CardHistoryCache;
  private readonly tally = new ReportingTally();
  private readonly held = new HeldPurchases();
  private readonly totals = new IngestionLogTotals();
  private readonly midActivity = new MidActivityTally();
  /** The budgets the upload used up and the pacing thresholds it crossed (budget-watch.ts). */
  private readonly budgets = new BudgetWatch();
  /**
   * The campaigns that count cards' rewards, each numbered (card-rewards.ts), and what the
   * upload's refunds took back of those.
   */
  private readonly capped: CappedCampaigns = new Map();
  private readonly refundedRewards: RefundedRewards = new Map();
  private readonly writer: PageWriter;
  /** The publisher's holdouts, when it honours them (upload-holdouts.ts, decision 0129). */
  private readonly holdouts: UploadHoldouts;
  /** The stored holdout arms of the page being qualified. */
  private pageArms: StoredArms | null = null;

  private constructor(
    private readonly settings: UploadSettings,
    private readonly logId: string,
    /** Whether the publisher hides held-out cards' offers (read with the log, decision 0129). */
    honoursHoldouts: boolean,
  ) {
    this.holdouts = new UploadHoldouts(honoursHoldouts, settings.publisher.id);
    this.histories = new CardHistoryCache(settings.cardCacheLimits, this.capped, this.refundedRewards);
    this.writer = new PageWriter(
      settings.trx,
      settings.repo,
      settings.reporting,
      settings.publisher.id,
      this.held,
      this.tally,
      settings.tallyLimits,
    );
  }

  /** Qualifies and stores the rows `nextPage` gives, page after page until an empty one. */
  static async run(settings: UploadSettings, nextPage: () => Promise<StagedRow[]>): Promise<UploadCounts> {
    const { trx, repo, publisher } = settings;
    const log = await repo.createLog(
      trx,
      publisher.id,
      settings.channel,
      settings.uploadedAt,
      settings.upload,
    );
    const upload = new UploadQualification(settings, log.id, log.honoursHoldouts);
    await upload.qualifyPages(nextPage);
    await upload.finish();
    return upload.counts;
  }

  /**
   * Between two pages the upload's connection answers the next page's look-ups, queued behind the
   * page before's COPY; meanwhile the page just qualified is encoded and the page after next read,
   * so that neither side waits for the other longer than it must.
   */
  private async qualifyPages(nextPage: () => Promise<StagedRow[]>) {
    let reading: Promise<StagedRow[]> | null = null;
    const readAhead = () => {
      const page = nextPage();
      // Awaited when its page is next; a failure meanwhile must not count as unhandled.
      page.catch(() => {});
      return page;
    };
    try {
      let next = await this.prepare(await nextPage());
      if (next.size > 0) reading = readAhead();
      while (next.size > 0) {
        const { rows, cardSlots } = next;
        this.pageArms = next.storedArms;
        this.held.nextPage();
        for (let index = 0; index < rows.length; index += 1) {
          const row = rows[index]!;
          const branch = this.branches.get(row.mid)!;
          const unnamed =
            branch && row.amountPence < 0 && !row.originalTransactionId
              ? await this.unnamedOriginal(row, branch)
              : null;
          this.store(row, branch, unnamed, cardSlots[index]!);
          // Lets the driver read and write between rows: the page before is being stored by COPY,
          // whose data goes out only as the event loop turns (node-postgres sends a statement's
          // next message when it has read the server's answer to the one before).
          if (index % yieldEveryRows === yieldEveryRows - 1) await new Promise(setImmediate);
        }
        this.histories.trim();
        const assigned = this.holdouts.write(this.settings.trx);
        if (assigned) this.writer.alongside(assigned);
        if (this.midActivity.size > midActivityFlushEntries) {
          this.writer.alongside(
            this.settings.repo.addMidActivity(this.settings.trx, this.midActivity.take()),
          );
        }
        const page = await reading!;
        reading = null;
        const preparing = this.prepare(page);
        // Awaited below; a failure while this page is sealed must not count as unhandled.
        preparing.catch(() => {});
        this.writer.seal();
        if (page.length > 0) reading = readAhead();
        next = await preparing;
        await this.writer.send();
      }
      await this.writer.flush();
    } catch (error) {
      // The page being read is let finish (it reads the file), so nothing runs on after the upload.
      await reading?.catch(() => null);
      throw (await this.writer.failure()) ?? error;
    }
  }

  /** The rest of the reporting store's share and the log's totals, in the upload's transaction. */
  private async finish() {
    const { trx, repo, reporting, publisher, uploadedAt } = this.settings;
    await reporting.addTally(trx, publisher.id, this.tally.take());
    await repo.addMidActivity(trx, this.midActivity.take());
    await repo.finishLog(trx, this.logId, {
      gmvPence: this.totals.gmvPence,
      count: this.counts.inserted,
      unmatched: this.counts.unmatched,
      lastAt: this.totals.lastAt,
      nextAt: new Date(uploadedAt.getTime() + ingestionIntervalMs),
      brands: this.totals.brands,
    });
    if (this.counts.inserted > 0) await this.settings.onStored?.(trx, this.logId);
    await this.budgets.tell(trx, this.settings);
  }

  /**
   * What the page needs. First, sent together: its new MIDs' branches, the numbers of its cards not
   * held (cards met for the first time are numbered here, so a later page finds them), and the
   * stored originals its refunds name (one written in the page before is found among the held
   * purchases). A row at a MID not met before is asked about as if the MID were known: which MIDs
   * are known is learnt from the same answer. Then, when there are any, its brands' campaigns and
   * the histories of its cards numbered before the upload (none of them is in the page before,
   * whose cards are held, so the page before need not be written yet).
   */
  private async prepare(page: StagedRow[]): Promise<PreparedPage> {
    const { trx, repo, reporting, publisher } = this.settings;
    const rows = page.filter((row) => !row.duplicate);
    this.counts.duplicates += page.length - rows.length;
    const cardSlots = new Int32Array(rows.length).fill(-1);
    if (page.length === 0) return { size: 0, rows, cardSlots, storedArms: null };
    if (this.branches.size > maxCachedMids) this.branches.clear();
    const mids = new Set<string>();
    const tokens = new Set<string>();
    const named: string[] = [];
    /** Each purchase's card key when its MID is known (its slot is then in `cardSlots`). */
    const keys: (string | undefined)[] = new Array(rows.length);
    for (let index = 0; index < rows.length; index += 1) {
      const row = rows[index]!;
      const branch = this.branches.get(row.mid);
      if (branch === null) continue;
      if (branch === undefined) mids.add(row.mid);
      if (row.amountPence > 0) {
        if (branch) {
          keys[index] = this.cardKey(branch, row);
          cardSlots[index] = this.histories.slotOf(keys[index]!);
        }
        if (cardSlots[index] === -1) tokens.add(row.cardToken);
      } else if (row.originalTransactionId && !this.held.carry(row.originalTransactionId)) {
        named.push(row.originalTransactionId);
      }
    }
    const [branches, numbers, originals] = await Promise.all([
      repo.branchesOfMids(trx, [...mids]),
      reporting.cardNumbers(trx, [...tokens]),
      repo.purchasesByIds(trx, publisher.id, named),
    ]);
    for (const [mid, branch] of branches) this.branches.set(detached(mid), branch);
    for (const [transactionId, purchase] of originals) this.held.holdNamed(transactionId, purchase);
    /** Cards not held, with the rows that are their purchases. */
    const cards = new Map<string, { brandId: string; cardToken: string; rows: number[] }>();
    for (let index = 0; index < rows.length; index += 1) {
      const row = rows[index]!;
      const branch = this.branches.get(row.mid);
      if (!branch) continue;
      if (!this.brands.has(branch.brandId)) {
        // Before anything of the brand is read: its budgets and card histories are then settled.
        await this.settings.locks.brand(branch.brandId);
        const campaigns = await repo.brandCampaigns(trx, branch.brandId);
        this.budgets.watch(campaigns.campaigns);
        const capped = campaigns.campaigns.filter(countsCardRewards).map((campaign) => campaign.id);
        for (const id of capped) if (!this.capped.has(id)) this.capped.set(id, this.capped.size);
        const holdouts = this.holdouts.of(campaigns.campaigns);
        this.brands.set(branch.brandId, { index: this.brands.size, ...campaigns, capped, holdouts });
      }
      if (row.amountPence <= 0) continue;
      let key = keys[index];
      if (key === undefined) {
        key = this.cardKey(branch, row);
        cardSlots[index] = this.histories.slotOf(key);
      }
      if (cardSlots[index] === -1) {
        const card = cards.get(key) ?? { brandId: branch.brandId, cardToken: row.cardToken, rows: [] };
        card.rows.push(index);
        cards.set(key, card);
      }
    }
    const unnumbered = new Set<string>();
    for (const { cardToken } of cards.values()) if (!numbers.has(cardToken)) unnumbered.add(cardToken);
    /** Cards numbered by this page: met for the first time, so with no purchases stored. */
    const numberedNow = new Set<string>();
    for (const [token, number] of await reporting.numberCards(trx, [...unnumbered])) {
      numbers.set(token, number.id);
      if (number.numberedNow) numberedNow.add(token);
    }
    const earlier = [...cards].filter(([, card]) => !numberedNow.has(card.cardToken));
    const earlierCards = earlier.map(([, card]) => ({
      brandId: card.brandId,
      cardNumber: numbers.get(card.cardToken)!,
    }));
    // The rewards of capped campaigns go with the histories, one query for the page (decision 0116).
    const capped = earlier.some(([, card]) => this.brands.get(card.brandId)!.capped.length > 0);
    const [stored, rewarded] = await Promise.all([
      repo.cardPurchases(trx, earlierCards, page[0]!.occurredAt),
      capped ? repo.cardRewards(trx, earlierCards, [...this.capped.keys()]) : [],
    ]);
    const storedArms = await this.holdouts.stored(trx, rows, (mid) => {
      const known = this.branches.get(mid);
      return known ? this.brands.get(known.brandId)!.holdouts : null;
    });
    const storedOf = new Map(earlier.map(([key], index) => [key, index]));
    for (const [key, card] of cards) {
      const at = storedOf.get(key);
      const rewards =
        this.brands.get(card.brandId)!.capped.length === 0 || at === undefined
          ? null
          : heldRewardsOf(rewarded[at] ?? [], this.capped, this.settings.timeZone);
      const purchases = at === undefined ? [] : stored[at]!;
      const slot = this.histories.load(key, purchases, numbers.get(card.cardToken)!, rewards);
      for (const index of card.rows) cardSlots[index] = slot;
    }
    return { size: page.length, rows, cardSlots, storedArms };
  }

  /**
   * A card's key in the card cache: its brand by the brand's number within the upload (a short key,
   * held for as long as the card is) and its token.
   */
  private cardKey(branch: BranchMatch, row: StagedRow): string {
    return `${this.brands.get(branch.brandId)!.index} ${row.cardToken}`;
  }

  /**
   * A refund's original when the file does not name it, found among the stored purchases once
   * everything before the refund is stored (so that the original may be among it).
   */
  private async unnamedOriginal(row: StagedRow, branch: BranchMatch): Promise<HeldPurchase | null> {
    await this.writer.flush();
    const found = await this.settings.repo.refundedPurchase(
      this.settings.trx,
      branch.brandId,
      row.cardToken,
      row.occurredAt,
      -row.amountPence,
    );
    return found ? this.held.known(found) : null;
  }

  /**
   * Qualifies a row and adds it to the rows to write; `unnamed` is a refund's original it does not
   * name, `card` a purchase's slot in the card cache (looked up once, by `prepare`), else -1.
   */
  private store(row: StagedRow, branch: BranchMatch | null, unnamed: HeldPurchase | null, card: number) {
    const { publisher, timeZone } = this.settings;
    const brand = branch ? this.brands.get(branch.brandId)! : null;
    let history = noHistory;
    let original: HeldPurchase | null = null;
    const at = row.occurredAt.getTime();
    // Read once a row, by the card's history, the engine and the reporting tally.
    const local = localTimeAt(at, timeZone);
    const cardNumber = card >= 0 ? this.histories.cardNumberOf(card) : null;
    const rewards = card >= 0 ? this.histories.rewardsOf(card) : undefined;
    if (card >= 0) {
      history = this.histories.historyAt(card, local);
      // Later rows of this card see this purchase in their history.
      this.histories.add(card, at, row.amountPence);
    } else if (branch && row.amountPence < 0) {
      original = row.originalTransactionId ? this.held.named(row.originalTransactionId) : unnamed;
    }
    const heldOutOf =
      brand && row.amountPence > 0 && brand.holdouts.size > 0
        ? this.holdouts.heldOutOf(row.cardToken, brand.holdouts, local.month, this.pageArms)
        : undefined;
    const outcome = qualifyTransaction({
      transaction: row,
      branch,
      campaigns: brand?.campaigns ?? [],
      history,
      rewards,
      brandCampaignMonths: brand?.months ?? [],
      original,
      timeZone,
      local,
      heldOutOf,
    });
    let paid: QualificationCampaign | null = null;
    if (outcome.outcome !== 'notQualified') {
      paid = brand!.campaigns.find((candidate) => candidate.id === outcome.campaignId)!;
      paid.budgetSpentPence += outcome.cashbackPence + outcome.successFeePence;
      // A qualified row is a purchase at a known merchant: its card has a number.
      this.tally.add(local.wall, branch!, outcome, row.amountPence, cardNumber ?? 0);
    }
    this.budgets.add(outcome, paid);
    const id = timeOrderedId();
    const rewarded = outcome.outcome === 'qualified' ? this.capped.get(outcome.campaignId) : undefined;
    if (card >= 0 && rewarded !== undefined && outcome.outcome === 'qualified') {
      // Later purchases of this card count this reward (caps.rules.ts), in file order.
      const { rewardedSpendPence, minimumSpendPence } = outcome.terms;
      this.histories.addReward(card, {
        id,
        campaign: rewarded,
        wall: local.wall,
        amountPence: row.amountPence,
        rewardedSpendPence: rewardedSpendPence ?? row.amountPence,
        minimumSpendPence,
        refundedPence: 0,
      });
    }
    this.writer.add(
      {
        id,
        publisherId: publisher.id,
        logId: this.logId,
        row,
        branch,
        originalId: original?.id ?? null,
        outcome,
        localAt: local.wall,
        cardNumber,
      },
      row.amountPence > 0 ? this.held.holdNew(id, row.transactionId, row.amountPence, outcome) : null,
    );
    if (original) {
      this.held.refund(original, -row.amountPence);
      // A refund frees what its reward counted for in the caps (decision 0116).
      const paid = original.outcome;
      if (paid.outcome === 'qualified' && this.capped.has(paid.campaignId)) {
        this.refundedRewards.set(original.id, original.refundedPence);
      }
    }
    this.counts.inserted += 1;
    if (!branch) this.counts.unmatched += 1;
    else this.midActivity.add(row.mid, local.wall);
    this.totals.add(row.occurredAt, row.amountPence, branch);
  }
}
