import { randomUUID } from 'node:crypto';
import { PAYMENT_CURRENCY, type PaymentGateway, PaymentProviderError } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import type { TenantRow } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import type { PaymentPurpose } from './fulfilments';
import { insertPaymentSession } from './queries';

export const paymentUnavailable = () =>
  new AppError(
    502,
    'payment_provider_error',
    'The payment provider is not available. Please try again later.',
  );

/**
 * Opens a hosted checkout for one thing (a notice, a pass) and answers the address to send the
 * browser to. The provider session is opened first and our record written after, in one insert:
 * a provider failure leaves nothing behind, and an orphaned provider session simply expires.
 */
export async function startCheckout(options: {
  db: Database;
  gateway: PaymentGateway;
  tenant: TenantRow;
  purpose: PaymentPurpose;
  subjectId: string;
  amount: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  customerId?: string | null;
  customerEmail?: string | null;
  providerCustomerId?: string | null;
  now: Date;
  log?: { error(object: unknown, message: string): void };
}): Promise<{ checkoutURL: string }> {
  if (!Number.isInteger(options.amount) || options.amount <= 0) {
    throw badRequest('There is nothing to pay.');
  }
  const paymentSessionId = randomUUID();
  let opened: { providerSessionId: string; url: string };
  try {
    opened = await options.gateway.createCheckoutSession({
      paymentSessionId,
      amount: options.amount,
      description: options.description,
      successUrl: options.successUrl,
      cancelUrl: options.cancelUrl,
      providerCustomerId: options.providerCustomerId,
      customerEmail: options.customerEmail,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    options.log?.error({ err: error }, 'could not open a checkout session');
    throw paymentUnavailable();
  }
  await insertPaymentSession(options.db, {
    id: paymentSessionId,
    tenantId: options.tenant.id,
    provider: options.gateway.provider,
    providerSessionId: opened.providerSessionId,
    purpose: options.purpose,
    subjectId: options.subjectId,
    customerId: options.customerId ?? null,
    amount: options.amount,
    currency: PAYMENT_CURRENCY,
    description: options.description,
    successUrl: options.successUrl,
    cancelUrl: options.cancelUrl,
    createdAt: options.now,
  });
  return { checkoutURL: opened.url };
}
