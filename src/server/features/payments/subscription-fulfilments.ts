import type { SubscriptionInvoice } from '../../adapters/payments/port';
import type { Transaction } from '../../db/client';
import type { SubscriptionRow } from '../../db/schema';
import { passSubscriptionFulfilment } from './fulfil-pass';

/**
 * What a subscription's events do to the thing it pays for, by the subscription's purpose. Each
 * runs inside the transaction that records the event (and, for a paid period, its invoice, once),
 * with the subscription row as it is after the event: status, current_period_end.
 */
export interface SubscriptionFulfilment {
  /** A period was paid (the first at checkout, or a renewal): extend the subject to `invoice.periodEnd`. */
  periodPaid(tx: Transaction, subscription: SubscriptionRow, invoice: SubscriptionInvoice): Promise<void>;
  /** A renewal could not be charged; the provider retries. The paid period still runs. */
  renewalFailed(tx: Transaction, subscription: SubscriptionRow, failedAt: Date): Promise<void>;
  /** The subscription ended: nothing is paid beyond `subscription.currentPeriodEnd`. */
  ended(tx: Transaction, subscription: SubscriptionRow, endedAt: Date): Promise<void>;
}

export type SubscriptionFulfilments = Readonly<Record<string, SubscriptionFulfilment>>;

/**
 * The subscription purposes the portal knows: 'pass' extends a recurring pass to each paid
 * period's end (fulfil-pass.ts). A subscription of a purpose without an entry still has its state
 * kept, and its events are logged as unfulfilled.
 */
export const subscriptionFulfilments: SubscriptionFulfilments = { pass: passSubscriptionFulfilment };

export function findSubscriptionFulfilment(
  registry: SubscriptionFulfilments,
  purpose: string,
): SubscriptionFulfilment | null {
  return Object.hasOwn(registry, purpose) ? registry[purpose]! : null;
}
