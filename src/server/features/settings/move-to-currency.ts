import { and, eq, ne } from 'drizzle-orm';
import { currencyMessages } from '../../../shared/messages/currencies';
import type { Currency } from '../../../shared/rules/currencies';
import type { Transaction } from '../../db/client';
import { issuedPasses, passProducts, paymentSessions, type TenantRow } from '../../db/schema';
import { badRequest } from '../../errors';

/**
 * Moves a tenant to another currency (decision 244), inside the settings' transaction. Refused
 * once a checkout has taken money, or may still take it, in the old one: its amounts would then
 * read in the new currency. Otherwise the products and passes, which carry their currency, move
 * with the tenant, so every amount of a tenant is in its one currency.
 */
export async function moveToCurrency(tx: Transaction, tenant: TenantRow, currency: Currency): Promise<void> {
  const [payment] = await tx
    .select({ id: paymentSessions.id })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.tenantId, tenant.id), ne(paymentSessions.status, 'expired')))
    .limit(1);
  if (payment) throw badRequest(currencyMessages.lockedByPayments, 'currency');
  await tx.update(passProducts).set({ currency }).where(eq(passProducts.tenantId, tenant.id));
  await tx.update(issuedPasses).set({ currency }).where(eq(issuedPasses.tenantId, tenant.id));
}
