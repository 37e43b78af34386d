import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { productOfPass } from '../../db/pass-joins';
import { issuedPasses, passProductRules, passProducts, subscriptions } from '../../db/schema';

/**
 * Issued passes with what an Issued permit is made of besides its holders, vehicles and proofs:
 * the product, its daily window and the subscription. The caller adds its filter and order.
 */
export function selectPassRows(db: Database | Transaction) {
  return db
    .select({
      pass: issuedPasses,
      product: passProducts,
      subscription: subscriptions,
      windowFrom: passProductRules.windowFrom,
      windowTo: passProductRules.windowTo,
    })
    .from(issuedPasses)
    .innerJoin(passProducts, productOfPass)
    .leftJoin(
      passProductRules,
      and(
        eq(passProductRules.tenantId, issuedPasses.tenantId),
        eq(passProductRules.productId, issuedPasses.productId),
      ),
    )
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.tenantId, issuedPasses.tenantId),
        eq(subscriptions.id, issuedPasses.subscriptionRef),
      ),
    );
}
