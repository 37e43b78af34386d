import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SANDBOX_CHECKOUT_PATH,
  SANDBOX_PORTAL_PATH,
  SANDBOX_RECEIPT_PATH,
} from '../../adapters/payments/sandbox';
import { type CardRefusal, sandboxCardFormSchema } from './sandbox-card';
import {
  findCheckoutPeriod,
  findSandboxReceipt,
  openSandboxCheckout,
  paySandboxCheckoutWithCard,
  sandboxCheckoutParamsSchema,
} from './sandbox-checkout';
import { renderSandboxCheckout, renderSandboxPortal, renderSandboxReceipt } from './sandbox-page';
import {
  addSandboxPortalCard,
  openSandboxPortal,
  removeSandboxPortalCard,
  sandboxPortalCardParamsSchema,
  sandboxPortalParamsSchema,
} from './sandbox-portal';

/** A declined test card is a 402, like Stripe's card_declined; anything else refused is a 400. */
const REFUSAL_STATUS: Record<CardRefusal, number> = { declined: 402, invalid: 400, 'not-a-test-card': 400 };

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

/**
 * The sandbox provider's hosted pages, on the tenant's own host and outside /api: what Stripe
 * Checkout is in production. Registered only where app.ts allows the sandbox provider. Pages, not
 * API calls, but their input is checked with zod like everything else (a malformed id is a 400).
 */
export async function sandboxRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { db, clock, payments } = app.deps;

  // A plain HTML form posts url-encoded fields; only these pages accept them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    `${SANDBOX_RECEIPT_PATH}/:sessionId`,
    { schema: { hide: true, params: sandboxCheckoutParamsSchema } },
    async (request, reply) => {
      const tenant = await request.requireTenant();
      const receipt = await findSandboxReceipt(db, tenant.id, request.params.sessionId);
      return sendPage(
        reply,
        200,
        renderSandboxReceipt({ tenant, receipt, styleNonce: reply.cspNonce.style }),
      );
    },
  );

  app.get(
    `${SANDBOX_CHECKOUT_PATH}/:sessionId`,
    { schema: { hide: true, params: sandboxCheckoutParamsSchema } },
    async (request, reply) => {
      const tenant = await request.requireTenant();
      const { session, closure } = await openSandboxCheckout({
        db,
        gateway: payments,
        tenantId: tenant.id,
        sessionId: request.params.sessionId,
        now: clock.now(),
        log: request.log,
      });
      const period = await findCheckoutPeriod(db, session);
      const html = renderSandboxCheckout({
        tenant,
        session,
        closure,
        period,
        styleNonce: reply.cspNonce.style,
      });
      return sendPage(reply, 200, html);
    },
  );

  app.post(
    `${SANDBOX_CHECKOUT_PATH}/:sessionId`,
    { schema: { hide: true, params: sandboxCheckoutParamsSchema, body: sandboxCardFormSchema } },
    async (request, reply) => {
      const tenant = await request.requireTenant();
      const context = {
        db,
        gateway: payments,
        tenantId: tenant.id,
        sessionId: request.params.sessionId,
        now: clock.now(),
        log: request.log,
      };
      const result = await paySandboxCheckoutWithCard(context, request.body);
      if (result.outcome === 'redirect') return reply.redirect(result.url, 303);
      const styleNonce = reply.cspNonce.style;
      const period = await findCheckoutPeriod(db, result.session);
      if (result.outcome === 'closed') {
        const { session, closure } = result;
        return sendPage(reply, 409, renderSandboxCheckout({ tenant, session, closure, period, styleNonce }));
      }
      const html = renderSandboxCheckout({
        tenant,
        session: result.session,
        refusal: result,
        period,
        styleNonce,
      });
      return sendPage(reply, REFUSAL_STATUS[result.reason], html);
    },
  );

  app.get(
    `${SANDBOX_PORTAL_PATH}/:portalId`,
    { schema: { hide: true, params: sandboxPortalParamsSchema } },
    async (request, reply) => {
      const tenant = await request.requireTenant();
      const portal = await openSandboxPortal({
        db,
        tenantId: tenant.id,
        portalId: request.params.portalId,
        now: clock.now(),
      });
      return sendPage(reply, 200, renderSandboxPortal({ tenant, portal, styleNonce: reply.cspNonce.style }));
    },
  );

  app.post(
    `${SANDBOX_PORTAL_PATH}/:portalId/cards`,
    { schema: { hide: true, params: sandboxPortalParamsSchema, body: sandboxCardFormSchema } },
    async (request, reply) => {
      const tenant = await request.requireTenant();
      const result = await addSandboxPortalCard(
        { db, tenantId: tenant.id, portalId: request.params.portalId, now: clock.now() },
        request.body,
      );
      if (result.outcome === 'added') return reply.redirect(`${SANDBOX_PORTAL_PATH}/${result.portalId}`, 303);
      const html = renderSandboxPortal({
        tenant,
        portal: result.portal,
        refusal: result,
        styleNonce: reply.cspNonce.style,
      });
      return sendPage(reply, REFUSAL_STATUS[result.reason], html);
    },
  );

  app.post(
    `${SANDBOX_PORTAL_PATH}/:portalId/cards/:cardId/remove`,
    { schema: { hide: true, params: sandboxPortalCardParamsSchema } },
    async (request, reply) => {
      const tenant = await request.requireTenant();
      const { portalId, cardId } = request.params;
      await removeSandboxPortalCard({ db, tenantId: tenant.id, portalId, now: clock.now() }, cardId);
      return reply.redirect(`${SANDBOX_PORTAL_PATH}/${portalId}`, 303);
    },
  );
}
