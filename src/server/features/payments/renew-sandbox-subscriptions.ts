import type { FastifyBaseLogger } from 'fastify';
import {
  advanceSandboxSubscription,
  lockDueSandboxSubscriptions,
} from '../../adapters/payments/sandbox-subscriptions';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { applyPaymentEvent } from './handle-payment-event';
import type { SubscriptionFulfilments } from './subscription-fulfilments';

const BATCH_SIZE = 50;
/** A clock moved far ahead renews one period per pass; this bounds one sweep's passes. */
const MAX_PASSES = 100;

/**
 * The sandbox provider's renewals, as Stripe runs them on its side: every due subscription is
 * charged (or ends), and its events are applied in the same transaction that took the row with
 * FOR UPDATE SKIP LOCKED. Any number of processes can sweep at once and nothing happens twice.
 * Answers how many events were applied.
 */
export async function renewDueSandboxSubscriptions(options: {
  db: Database;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, 'error'>;
  subscriptionFulfilments?: SubscriptionFulfilments;
}): Promise<number> {
  let applied = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const now = options.clock.now();
    const taken = await options.db.transaction(async (tx) => {
      const due = await lockDueSandboxSubscriptions(tx, now, BATCH_SIZE);
      for (const row of due) {
        for (const event of await advanceSandboxSubscription(tx, row, now)) {
          await applyPaymentEvent(tx, {
            provider: 'sandbox',
            event,
            now,
            log: options.log,
            subscriptionFulfilments: options.subscriptionFulfilments,
          });
          applied += 1;
        }
      }
      return due.length;
    });
    if (taken === 0) break;
  }
  return applied;
}
