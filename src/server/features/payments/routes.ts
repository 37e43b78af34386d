import { citationCheckoutContract, stripeWebhookContract } from '../../../shared/contract';
import { WebhookRejectedError } from '../../adapters/payments/port';
import type { ApiInstance } from '../../api-instance';
import { tenantBaseUrl } from '../../config';
import { withSystemScope } from '../../db/tenant-scope';
import { badRequest } from '../../errors';
import { registerRoute } from '../../http/register-route';
import { startCitationCheckout } from './citation-checkout';
import { settlePaymentEvent } from './settle-payment-event';

export async function paymentRoutes(app: ApiInstance) {
  const { db, clock, config, payments } = app.deps;

  registerRoute(app, citationCheckoutContract, async (request) => {
    const tenant = await request.requireTenant(request.params.subdomain);
    return startCitationCheckout({
      db,
      gateway: payments,
      tenant,
      tenantUrl: tenantBaseUrl(config, tenant.subdomain),
      citationId: request.params.uuid,
      now: clock.now(),
      log: request.log,
    });
  });

  // The signature is over the exact bytes Stripe sent, so this one route keeps JSON bodies raw.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    registerRoute(webhook as ApiInstance, stripeWebhookContract, async (request) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest('Send the Stripe event as application/json.');
      let event: ReturnType<typeof payments.readWebhook>;
      try {
        event = payments.readWebhook(request.body, request.headers['stripe-signature'] as string | undefined);
      } catch (error) {
        if (error instanceof WebhookRejectedError) throw badRequest(error.message);
        throw error;
      }
      // Stripe posts every tenant's events to one address; the signed event names the payment,
      // and so its tenant: this route crosses tenants by design (row-level security, decision 152).
      const outcome = await withSystemScope(() =>
        settlePaymentEvent({ db, gateway: payments, event, now: clock.now(), log: request.log }),
      ).catch((error: unknown) => {
        app.metrics.paymentEvent('failed');
        throw error;
      });
      app.metrics.paymentEvent('handled');
      request.log.info({ eventId: event.eventId, type: event.type, outcome }, 'payment event handled');
      return { received: true as const };
    });
  });
}
