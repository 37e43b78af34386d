import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { RecurringPeriod } from '../../../shared/format';
import type { PaymentGateway } from '../../adapters/payments/port';
import { randomId } from '../../adapters/payments/sandbox';
import type { Database } from '../../db/client';
import { type PaymentSessionRow, subscriptions } from '../../db/schema';
import { notFound } from '../../errors';
import { paySandboxCheckout } from './pay-sandbox-checkout';
import { findSessionByProviderId } from './queries';
import { type CardRefusal, readSandboxCard, type SandboxCardFields } from './sandbox-card';
import { saveSandboxCardForCustomer } from './sandbox-cards';
import { settlePaymentEvent } from './settle-payment-event';
import { CHECKOUT_LIFETIME_MS } from './start-checkout';

/** The sandbox's checkout ids, as the sandbox gateway makes them (randomId('sbx_cs')). */
export const sandboxCheckoutParamsSchema = z.object({
  sessionId: z.string().regex(/^sbx_cs_[0-9a-f]{24}$/, { message: 'must be a sandbox checkout id' }),
});

/** Why a checkout takes no more payments: it was paid (perhaps refunded since), or it expired. */
export type SandboxCheckoutClosure = 'paid' | 'expired';

export interface SandboxCheckoutContext {
  db: Database;
  gateway: PaymentGateway;
  tenantId: string;
  sessionId: string;
  now: Date;
  log: FastifyBaseLogger;
}

export type SandboxPaymentResult =
  | { outcome: 'redirect'; url: string }
  | { outcome: 'closed'; session: PaymentSessionRow; closure: SandboxCheckoutClosure }
  | { outcome: 'refused'; session: PaymentSessionRow; reason: CardRefusal; values: SandboxCardFields };

/** A sandbox checkout of this host's tenant; another tenant's is not found, like an unknown one. */
async function findTenantCheckout(db: Database, tenantId: string, sessionId: string) {
  const session = await findSessionByProviderId(db, 'sandbox', sessionId);
  if (!session || session.tenantId !== tenantId) throw notFound('Checkout');
  return session;
}

/**
 * Whether the checkout is closed. It lives as long as the portal asks Stripe's to
 * (start-checkout.ts); one found past its lifetime is expired here and now, with the
 * event Stripe would send, so the notice is payable again through a new checkout.
 */
async function findClosure(
  context: SandboxCheckoutContext,
  session: PaymentSessionRow,
): Promise<SandboxCheckoutClosure | null> {
  // A duplicate payment that was (or failed to be) refunded was still paid once.
  if (session.status === 'paid' || session.status === 'refunded' || session.status === 'refund_failed')
    return 'paid';
  if (session.status === 'expired') return 'expired';
  if (context.now.getTime() - session.createdAt.getTime() <= CHECKOUT_LIFETIME_MS) return null;
  await settlePaymentEvent({
    db: context.db,
    gateway: context.gateway,
    event: {
      eventId: randomId('sbx_evt'),
      kind: 'expired',
      type: 'checkout.session.expired',
      providerSessionId: session.providerSessionId,
      providerPaymentId: null,
      receiptUrl: null,
    },
    now: context.now,
    log: context.log,
  });
  return 'expired';
}

/** The checkout page: the session, and why it is closed when it is. */
export async function openSandboxCheckout(context: SandboxCheckoutContext) {
  const session = await findTenantCheckout(context.db, context.tenantId, context.sessionId);
  return { session, closure: await findClosure(context, session) };
}

/**
 * The card form was posted: pay with an accepted card, as Stripe Checkout would, and go back to
 * the portal; a refused card shows the form again with what was typed.
 */
export async function paySandboxCheckoutWithCard(
  context: SandboxCheckoutContext,
  fields: SandboxCardFields,
): Promise<SandboxPaymentResult> {
  const session = await findTenantCheckout(context.db, context.tenantId, context.sessionId);
  const closure = await findClosure(context, session);
  if (closure) return { outcome: 'closed', session, closure };
  const result = readSandboxCard(fields, context.now);
  if (!result.ok) return { outcome: 'refused', session, reason: result.reason, values: fields };
  const outcome = await paySandboxCheckout({
    db: context.db,
    gateway: context.gateway,
    session,
    cardNumber: fields.cardNumber ?? '',
    now: context.now,
    log: context.log,
  });
  // Like Checkout with setup_future_usage: a signed-in customer's card stays on file.
  if (outcome === 'paid' && session.customerId) {
    await saveSandboxCardForCustomer(context.db, session.customerId, result.card);
  }
  return { outcome: 'redirect', url: session.successUrl };
}

/** The receipt of a paid sandbox checkout; an unpaid one has none. */
export async function findSandboxReceipt(db: Database, tenantId: string, sessionId: string) {
  const session = await findTenantCheckout(db, tenantId, sessionId);
  const { paidAt, providerPaymentId } = session;
  if (!paidAt || !providerPaymentId) throw notFound('Receipt');
  return { ...session, paidAt, providerPaymentId };
}

/** How often a subscription checkout charges; null for a one-off checkout. */
export async function findCheckoutPeriod(
  db: Database,
  session: Pick<PaymentSessionRow, 'tenantId' | 'purpose' | 'subjectId'>,
): Promise<RecurringPeriod | null> {
  if (session.purpose !== 'subscription') return null;
  const [subscription] = await db
    .select({ interval: subscriptions.interval, count: subscriptions.intervalCount })
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, session.tenantId), eq(subscriptions.id, session.subjectId)));
  return subscription ?? null;
}
