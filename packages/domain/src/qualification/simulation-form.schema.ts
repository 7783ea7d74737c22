import { z } from 'zod';
import { poundsToPence } from '../money/money.rules.ts';
import { instantOfWallTime, simulationRequestSchema, type SimulationRequest } from './simulation.schema.ts';

/**
 * The rule simulator's form: the fields as a person types them (wall times in the
 * timezone setting, amounts in pounds), turned into the simulator's request and held to its
 * schema, so the browser and the API apply the same rules with the same messages. The fields are
 * named as the request's, so the server's field errors land on the same fields.
 */

/** Pounds as typed, in whole pence; NaN when it is not an amount (the request schema then says why). */
export function penceOfTyped(text: string): number {
  return /^\d{1,7}(\.\d{1,2})?$/.test(text.trim()) ? poundsToPence(Number(text)) : Number.NaN;
}

/** A count as typed: empty is 0; NaN when it is not a whole number (the request schema says why). */
export function countOfTyped(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export function simulationFormSchema(timeZone: string) {
  const instantOf = (wallTime: string) => instantOfWallTime(wallTime, timeZone) ?? wallTime;
  return z
    .strictObject({
      /** The purchase's date-time field ('2025-06-11T12:00'). */
      datetime: z.string(),
      /** The amount in pounds. */
      amountPence: z.string(),
      branchId: z.string().nullable(),
      mid: z.string(),
      /** The card's last purchase at the brand (date-time field), or empty for a card never seen. */
      lastPurchaseAt: z.string(),
      /** The card's average spend in pounds, or empty. */
      averageSpendPence: z.string(),
      /** Caps (decision 0116): the card's rewards by the campaign so far, empty for none. */
      rewardedTransactions: z.string(),
      rewardedTransactionsInInterval: z.string(),
      /** In pounds. */
      rewardedSpendInIntervalPence: z.string(),
    })
    .transform((form): SimulationRequest => ({
      datetime: instantOf(form.datetime),
      amountPence: penceOfTyped(form.amountPence),
      ...(form.branchId ? { branchId: form.branchId } : {}),
      ...(form.mid.trim() ? { mid: form.mid.trim() } : {}),
      lastPurchaseAt: form.lastPurchaseAt ? instantOf(form.lastPurchaseAt) : null,
      averageSpendPence: form.averageSpendPence.trim() ? penceOfTyped(form.averageSpendPence) : null,
      rewardedTransactions: countOfTyped(form.rewardedTransactions),
      rewardedTransactionsInInterval: countOfTyped(form.rewardedTransactionsInInterval),
      rewardedSpendInIntervalPence: form.rewardedSpendInIntervalPence.trim()
        ? penceOfTyped(form.rewardedSpendInIntervalPence)
        : 0,
    }))
    .pipe(simulationRequestSchema);
}

export type SimulationFormValues = z.input<ReturnType<typeof simulationFormSchema>>;

export const emptySimulationForm: SimulationFormValues = {
  datetime: '',
  amountPence: '',
  branchId: null,
  mid: '',
  lastPurchaseAt: '',
  averageSpendPence: '',
  rewardedTransactions: '',
  rewardedTransactionsInInterval: '',
  rewardedSpendInIntervalPence: '',
};
