import type { Clock } from '../../clock';
import { type Config, ConfigError } from '../../config';
import type { Database } from '../../db/client';
import type { PaymentGateway } from './port';
import { createSandboxGateway } from './sandbox';
import { createStripeGateway } from './stripe';

/** The provider PAYMENTS_PROVIDER names; Stripe without its keys stops the start. */
export function createPaymentGateway(config: Config, deps: { db: Database; clock: Clock }): PaymentGateway {
  if (config.PAYMENTS_PROVIDER === 'sandbox') return createSandboxGateway(deps);
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((name) => !config[name]);
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when PAYMENTS_PROVIDER=stripe`).join('\n')}`,
    );
  }
  return createStripeGateway({
    secretKey: config.STRIPE_SECRET_KEY!,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    apiBase: config.STRIPE_API_BASE,
    timeoutMs: config.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
    clock: deps.clock,
  });
}
