import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paymentMessages as m } from '../../../shared/messages';
import {
  randomId,
  SANDBOX_CHECKOUT_PATH,
  SANDBOX_PORTAL_PATH,
  SANDBOX_RECEIPT_PATH,
} from '../../adapters/payments/sandbox';
import type { PaymentSessionRow, TenantRow } from '../../db/schema';
import { paymentCustomers, sandboxCards, sandboxPortalSessions } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { checkoutLineItems } from './checkout-line-items';
import { paySandboxCheckout } from './pay-sandbox-checkout';
import { findSessionByProviderId } from './queries';
import { readSandboxCard, type SandboxCardFields } from './sandbox-card';
import { saveSandboxCardForCustomer } from './sandbox-cards';
import {
  renderCheckoutPage,
  renderPortalPage,
  renderReceiptPage,
  renderSandboxDocument,
} from './sandbox-page';
import { settlePaymentEvent } from './settle-payment-event';
import { CHECKOUT_LIFETIME_MS } from './start-checkout';

/** The sandbox's checkouts expire when the portal asks Stripe's to (start-checkout.ts). */
export const SANDBOX_CHECKOUT_LIFETIME_MS = CHECKOUT_LIFETIME_MS;

/** What the card form says when a card is refused, by the reason. */
const SANDBOX_CARD_MESSAGES = {
  declined: m.sandboxDeclined,
  invalid: m.sandboxInvalidCard,
  'not-a-test-card': m.sandboxTestCardsOnly,
} as const;

const SESSION_ID = /^sbx_cs_[0-9a-f]{24}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The sandbox provider's hosted pages, on the tenant's own host and outside /api: what Stripe
 * Checkout is in production. Mounted only when PAYMENTS_PROVIDER=sandbox.
 */
export async function sandboxRoutes(app: FastifyInstance) {
  const { db, clock, payments } = app.deps;

  // A plain HTML form posts url-encoded fields; only these pages accept them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  async function loadSession(
    request: FastifyRequest,
  ): Promise<{ tenant: TenantRow; session: PaymentSessionRow }> {
    const tenant = await request.requireTenant();
    const { sessionId } = request.params as { sessionId: string };
    const session = SESSION_ID.test(sessionId)
      ? await findSessionByProviderId(db, 'sandbox', sessionId)
      : null;
    if (!session || session.tenantId !== tenant.id) throw notFound('Checkout');
    return { tenant, session };
  }

  async function closedReason(session: PaymentSessionRow, request: FastifyRequest): Promise<string | null> {
    // A duplicate payment that was (or failed to be) refunded was still paid once.
    if (session.status === 'paid' || session.status === 'refunded' || session.status === 'refund_failed')
      return m.sandboxSessionPaid;
    if (session.status === 'expired') return m.sandboxSessionClosed;
    if (clock.now().getTime() - session.createdAt.getTime() > SANDBOX_CHECKOUT_LIFETIME_MS) {
      await settlePaymentEvent({
        db,
        gateway: payments,
        event: {
          eventId: randomId('sbx_evt'),
          kind: 'expired',
          type: 'checkout.session.expired',
          providerSessionId: session.providerSessionId,
          providerPaymentId: null,
          receiptUrl: null,
        },
        now: clock.now(),
        log: request.log,
      });
      return m.sandboxSessionClosed;
    }
    return null;
  }

  function sendPage(
    reply: FastifyReply,
    status: number,
    tenant: TenantRow,
    session: PaymentSessionRow,
    extra: { error?: string | null; values?: SandboxCardFields; isClosed?: string | null } = {},
  ) {
    const body = renderCheckoutPage({
      brandTitle: tenant.brandTitle,
      description: session.description,
      lineItems: checkoutLineItems(session),
      amount: session.amount,
      payAction: `${SANDBOX_CHECKOUT_PATH}/${session.providerSessionId}`,
      cancelUrl: extra.isClosed ? session.successUrl : session.cancelUrl,
      error: extra.error ?? null,
      values: extra.values,
      isClosed: extra.isClosed,
    });
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderSandboxDocument({ title: m.sandboxCheckoutTitle, styleNonce: reply.cspNonce.style, body }));
  }

  app.get(`${SANDBOX_RECEIPT_PATH}/:sessionId`, async (request, reply) => {
    const { tenant, session } = await loadSession(request);
    if (!session.paidAt || !session.providerPaymentId) throw notFound('Receipt');
    const body = renderReceiptPage({
      brandTitle: tenant.brandTitle,
      lineItems: checkoutLineItems(session),
      amount: session.amount,
      paidAt: session.paidAt,
      refundedAt: session.refundedAt,
      paymentId: session.providerPaymentId,
      timeZone: tenant.timezone,
      backUrl: session.successUrl,
    });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderSandboxDocument({ title: m.sandboxReceiptTitle, styleNonce: reply.cspNonce.style, body }));
  });

  app.get(`${SANDBOX_CHECKOUT_PATH}/:sessionId`, async (request, reply) => {
    const { tenant, session } = await loadSession(request);
    return sendPage(reply, 200, tenant, session, { isClosed: await closedReason(session, request) });
  });

  app.post(`${SANDBOX_CHECKOUT_PATH}/:sessionId`, async (request, reply) => {
    const { tenant, session } = await loadSession(request);
    const isClosed = await closedReason(session, request);
    if (isClosed) return sendPage(reply, 409, tenant, session, { isClosed });
    const fields = (request.body ?? {}) as SandboxCardFields;
    const result = readSandboxCard(fields, clock.now());
    if (!result.ok) {
      const error = SANDBOX_CARD_MESSAGES[result.reason];
      return sendPage(reply, result.reason === 'declined' ? 402 : 400, tenant, session, {
        error,
        values: fields,
      });
    }
    const outcome = await paySandboxCheckout({
      db,
      gateway: payments,
      session,
      cardNumber: fields.cardNumber ?? '',
      now: clock.now(),
      log: request.log,
    });
    // Like Checkout with setup_future_usage: a signed-in customer's card stays on file.
    if (outcome === 'paid' && session.customerId) {
      await saveSandboxCardForCustomer(db, session.customerId, result.card);
    }
    return reply.redirect(session.successUrl, 303);
  });

  /** A portal link of this host's tenant that has not expired, like Stripe's portal sessions. */
  async function loadPortal(request: FastifyRequest) {
    const tenant = await request.requireTenant();
    const { portalId } = request.params as { portalId: string };
    const [portal] = UUID.test(portalId)
      ? await db
          .select({
            id: sandboxPortalSessions.id,
            providerCustomerId: sandboxPortalSessions.providerCustomerId,
            returnUrl: sandboxPortalSessions.returnUrl,
            expiresAt: sandboxPortalSessions.expiresAt,
            tenantId: paymentCustomers.tenantId,
          })
          .from(sandboxPortalSessions)
          .innerJoin(
            paymentCustomers,
            and(
              eq(paymentCustomers.provider, 'sandbox'),
              eq(paymentCustomers.providerCustomerId, sandboxPortalSessions.providerCustomerId),
            ),
          )
          .where(eq(sandboxPortalSessions.id, portalId))
      : [];
    if (!portal || portal.tenantId !== tenant.id) throw notFound('Customer portal');
    if (portal.expiresAt.getTime() < clock.now().getTime()) {
      throw new AppError(410, 'portal_expired', m.sandboxPortalExpired);
    }
    return { tenant, portal };
  }

  async function sendPortal(
    reply: FastifyReply,
    status: number,
    tenant: TenantRow,
    portal: { id: string; providerCustomerId: string; returnUrl: string },
    extra: { error?: string | null; values?: SandboxCardFields } = {},
  ) {
    const cards = await db
      .select()
      .from(sandboxCards)
      .where(eq(sandboxCards.providerCustomerId, portal.providerCustomerId))
      .orderBy(sandboxCards.createdAt);
    const base = `${SANDBOX_PORTAL_PATH}/${portal.id}`;
    const body = renderPortalPage({
      brandTitle: tenant.brandTitle,
      cards,
      addAction: `${base}/cards`,
      removeAction: (cardId) => `${base}/cards/${cardId}/remove`,
      returnUrl: portal.returnUrl,
      error: extra.error ?? null,
      values: extra.values,
    });
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderSandboxDocument({ title: m.sandboxPortalTitle, styleNonce: reply.cspNonce.style, body }));
  }

  app.get(`${SANDBOX_PORTAL_PATH}/:portalId`, async (request, reply) => {
    const { tenant, portal } = await loadPortal(request);
    return sendPortal(reply, 200, tenant, portal);
  });

  app.post(`${SANDBOX_PORTAL_PATH}/:portalId/cards`, async (request, reply) => {
    const { tenant, portal } = await loadPortal(request);
    const fields = (request.body ?? {}) as SandboxCardFields;
    const result = readSandboxCard(fields, clock.now());
    if (!result.ok) {
      const error = SANDBOX_CARD_MESSAGES[result.reason];
      return sendPortal(reply, result.reason === 'declined' ? 402 : 400, tenant, portal, {
        error,
        values: fields,
      });
    }
    await db.insert(sandboxCards).values({ providerCustomerId: portal.providerCustomerId, ...result.card });
    return reply.redirect(`${SANDBOX_PORTAL_PATH}/${portal.id}`, 303);
  });

  app.post(`${SANDBOX_PORTAL_PATH}/:portalId/cards/:cardId/remove`, async (request, reply) => {
    const { portal } = await loadPortal(request);
    const { cardId } = request.params as { cardId: string };
    if (UUID.test(cardId)) {
      await db
        .delete(sandboxCards)
        .where(
          and(eq(sandboxCards.id, cardId), eq(sandboxCards.providerCustomerId, portal.providerCustomerId)),
        );
    }
    return reply.redirect(`${SANDBOX_PORTAL_PATH}/${portal.id}`, 303);
  });
}
