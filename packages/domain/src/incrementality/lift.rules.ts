import { cupedWelchDifference, winsorise, type MeanDifference } from './cuped-welch.rules.ts';
import { bootstrapLift } from './lift-bootstrap.rules.ts';
import { cardsToDetect, type CardsNeeded } from './lift-power.rules.ts';

/**
 * What a campaign really earned (docs/decisions/0125; every formula in incrementality.md): the
 * exposed group's cards against the holdout's, intent to treat (a card counts in the group it was
 * assigned to, whether or not its publisher showed it the offer, so the groups stay comparable).
 * Three outcomes per card, each CUPED-adjusted by the card's spend in the 90 days before and
 * compared by Welch's t: spend, whether it bought (conversion) and its purchases. Ratios (iROAS,
 * the relative lift, cost per incremental customer) get bootstrap intervals.
 *
 * Money is whole pence in and out; in between it is floats, rounded once at the edge: a point
 * figure to the nearest penny (half away from zero), an interval's low bound down and its high
 * bound up, so the rounded interval always holds the computed one. Totals (incremental revenue)
 * multiply the unrounded per-card lift: 0.4p a card over a million cards is £4,000, not £0.
 */

export type LiftArm = 'exposed' | 'holdout';

/** One eligible card of the campaign's month. Every eligible card, also those that bought nothing. */
export interface LiftCard {
  /** The group the holdout rule assigned it to (holdout.rules.ts), not whether it saw the offer. */
  arm: LiftArm;
  /** Its spend at the brand in the campaign month, net of refunds, in pence. */
  spendPence: number;
  /** Its purchases at the brand in the month (refunds not counted); 1 or more is a conversion. */
  transactions: number;
  /** Its spend at the brand in the 90 days before the month, in pence: CUPED's covariate. */
  preSpendPence: number;
}

export interface LiftInput {
  cards: readonly LiftCard[];
  /** The cashback the campaign paid, in pence. */
  cashbackPence: number;
  /** The success fee it cost, in pence. */
  feePence: number;
  /** The bootstrap's seed: the same seed, the same intervals. */
  seed: number;
  /** Resamples for the ratios' intervals; 0 leaves the bootstrap out (its intervals null). */
  resamples: number;
}

/** Spend (and the covariate) is capped at this quantile of every card's figure. */
export const winsorisationQuantile = 0.99;
/** Resamples when the caller has no reason to choose: percentiles at 2.5% settle by 2,000. */
export const defaultBootstrapResamples = 2_000;

/** A figure and its 95% interval; a bound is null where it is unbounded or undefined. */
export interface Estimate {
  estimate: number | null;
  low: number | null;
  high: number | null;
}

/** One outcome's lift, in its unit (pence per card for spend, a share for conversion). */
export interface OutcomeLift {
  exposedPerCard: number;
  holdoutPerCard: number;
  liftPerCard: number;
  low: number;
  high: number;
  standardError: number;
  degreesOfFreedom: number | null;
  theta: number;
  varianceReduction: number | null;
  significance: MeanDifference['significance'];
  /** When not significant: the cards per group that would detect this lift at 80% power. */
  cardsNeeded: CardsNeeded | null;
}

export type LiftResult =
  | {
      status: 'insufficientData';
      /** No held-out card (the share was 0), no exposed card, or a group of one card. */
      reason: 'noHoldout' | 'noExposed' | 'tooFewCards';
      exposedCards: number;
      holdoutCards: number;
    }
  | {
      status: 'measured';
      exposedCards: number;
      holdoutCards: number;
      /** The spend cap (p99 of every card's spend), pence, rounded. */
      winsorisedAtPence: number;
      /** Spend per card, whole pence. */
      spend: OutcomeLift;
      /** Conversion rate (share of cards that bought), 0 to 1. */
      conversion: OutcomeLift;
      /** Purchases per card. */
      transactions: OutcomeLift;
      /** Spend lift per card × exposed cards, Welch's interval, pence. */
      incrementalRevenuePence: Estimate;
      /** Conversion lift × exposed cards, Welch's interval. */
      incrementalCustomers: Estimate;
      /** Cashback plus fee, pence. */
      costPence: number;
      /** Incremental revenue ÷ cost; bootstrap interval. Null figures when nothing was paid. */
      iroas: Estimate;
      /** Spend lift over the holdout's spend per card; bootstrap interval. */
      relativeSpendLift: Estimate;
      /** Cost ÷ incremental customers, pence; bootstrap interval, high null when unbounded. */
      costPerIncrementalCustomerPence: Estimate;
    };

/** Half a penny away from zero, as money.rules.ts rounds. */
function roundPence(value: number): number {
  const rounded = Math.round(Math.abs(value));
  return value < 0 ? -rounded : rounded;
}

function assertCard(card: LiftCard, at: number): void {
  const whole = [card.spendPence, card.preSpendPence, card.transactions].every(Number.isInteger);
  if (!whole || card.transactions < 0 || (card.arm !== 'exposed' && card.arm !== 'holdout')) {
    throw new RangeError(`lift: card ${at} needs whole pence, a whole count of purchases and an arm`);
  }
}

function outcome(difference: MeanDifference, holdoutShare: number): OutcomeLift {
  return {
    exposedPerCard: difference.exposedMean,
    holdoutPerCard: difference.holdoutMean,
    liftPerCard: difference.lift,
    low: difference.low,
    high: difference.high,
    standardError: difference.standardError,
    degreesOfFreedom: difference.degreesOfFreedom,
    theta: difference.theta,
    varianceReduction: difference.varianceReduction,
    significance: difference.significance,
    cardsNeeded:
      difference.significance === 'significant'
        ? null
        : cardsToDetect({
            lift: difference.lift,
            exposedVariance: difference.exposedVariance,
            holdoutVariance: difference.holdoutVariance,
            holdoutShare,
          }),
  };
}

/** An outcome in pence: figures to the penny, the interval widened to whole pence. */
function inPence(lift: OutcomeLift): OutcomeLift {
  return {
    ...lift,
    exposedPerCard: roundPence(lift.exposedPerCard),
    holdoutPerCard: roundPence(lift.holdoutPerCard),
    liftPerCard: roundPence(lift.liftPerCard),
    low: Math.floor(lift.low),
    high: Math.ceil(lift.high),
    standardError: Math.ceil(lift.standardError),
  };
}

function scaled(low: number, high: number, factor: number): { low: number; high: number } {
  return factor >= 0
    ? { low: low * factor, high: high * factor }
    : { low: high * factor, high: low * factor };
}

/** The lift of a campaign's month from its eligible cards (see the file's comment). */
export function measureLift(input: LiftInput): LiftResult {
  input.cards.forEach(assertCard);
  if (!Number.isInteger(input.cashbackPence) || !Number.isInteger(input.feePence)) {
    throw new RangeError('lift: cashback and fee must be whole pence');
  }
  if (!Number.isInteger(input.resamples) || input.resamples < 0) {
    throw new RangeError(`lift: resamples must be a whole number of at least 0, got ${input.resamples}`);
  }
  const exposedCards = input.cards.filter((card) => card.arm === 'exposed');
  const holdoutCards = input.cards.filter((card) => card.arm === 'holdout');
  const counts = { exposedCards: exposedCards.length, holdoutCards: holdoutCards.length };
  if (counts.holdoutCards === 0) return { status: 'insufficientData', reason: 'noHoldout', ...counts };
  if (counts.exposedCards === 0) return { status: 'insufficientData', reason: 'noExposed', ...counts };
  if (counts.exposedCards < 2 || counts.holdoutCards < 2) {
    return { status: 'insufficientData', reason: 'tooFewCards', ...counts };
  }
  const ordered = [...exposedCards, ...holdoutCards];
  const spend = winsorise(
    ordered.map((card) => card.spendPence),
    winsorisationQuantile,
  );
  const preSpend = winsorise(
    ordered.map((card) => card.preSpendPence),
    winsorisationQuantile,
  ).values;
  const converted = Float64Array.from(ordered, (card) => (card.transactions > 0 ? 1 : 0));
  const purchases = Float64Array.from(ordered, (card) => card.transactions);
  const exposedCount = counts.exposedCards;
  const holdoutShare = counts.holdoutCards / ordered.length;

  const spendDifference = cupedWelchDifference(spend.values, preSpend, exposedCount);
  const conversionDifference = cupedWelchDifference(converted, preSpend, exposedCount);
  const purchaseDifference = cupedWelchDifference(purchases, preSpend, exposedCount);
  const costPence = input.cashbackPence + input.feePence;

  const revenue = scaled(spendDifference.low, spendDifference.high, exposedCount);
  const customers = scaled(conversionDifference.low, conversionDifference.high, exposedCount);
  const boot =
    input.resamples > 0
      ? bootstrapLift({ spend: spend.values, converted, preSpend, exposedCount }, input.seed, input.resamples)
      : null;

  const incrementalCustomers = conversionDifference.lift * exposedCount;
  const bootCustomers = boot ? scaled(boot.conversionLift.low, boot.conversionLift.high, exposedCount) : null;
  const bootRoas =
    boot && costPence > 0 ? scaled(boot.spendLift.low, boot.spendLift.high, exposedCount / costPence) : null;

  return {
    status: 'measured',
    ...counts,
    winsorisedAtPence: roundPence(spend.cap),
    spend: inPence(outcome(spendDifference, holdoutShare)),
    conversion: outcome(conversionDifference, holdoutShare),
    transactions: outcome(purchaseDifference, holdoutShare),
    incrementalRevenuePence: {
      estimate: roundPence(spendDifference.lift * exposedCount),
      low: Math.floor(revenue.low),
      high: Math.ceil(revenue.high),
    },
    incrementalCustomers: {
      estimate: incrementalCustomers,
      low: customers.low,
      high: customers.high,
    },
    costPence,
    iroas: {
      estimate: costPence > 0 ? (spendDifference.lift * exposedCount) / costPence : null,
      low: bootRoas?.low ?? null,
      high: bootRoas?.high ?? null,
    },
    relativeSpendLift: {
      estimate: spendDifference.holdoutMean > 0 ? spendDifference.lift / spendDifference.holdoutMean : null,
      low: boot?.relativeSpendLift.low ?? null,
      high: boot?.relativeSpendLift.high ?? null,
    },
    costPerIncrementalCustomerPence: {
      estimate: incrementalCustomers > 0 ? roundPence(costPence / incrementalCustomers) : null,
      // Cost ÷ customers falls as customers rise: the most customers give the low bound. A bound
      // of customers at or below zero leaves that side unbounded.
      low: bootCustomers && bootCustomers.high > 0 ? Math.floor(costPence / bootCustomers.high) : null,
      high: bootCustomers && bootCustomers.low > 0 ? Math.ceil(costPence / bootCustomers.low) : null,
    },
  };
}
