import Stripe from 'stripe';
import { PaymentProviderError } from './port';

/**
 * The Stripe API version every request asks for, pinned: Stripe changes objects between
 * versions, and the SDK's types describe exactly this one, so an SDK upgrade that moves it fails
 * the type check here instead of changing webhooks silently. Bump it together with the webhook
 * endpoint's version in the Stripe dashboard (docs/payments.md).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

export interface StripeClientOptions {
  secretKey: string;
  /** Stripe's address: https://api.stripe.com, or a local stand-in in tests. */
  apiBase: string;
  timeoutMs: number;
  maxNetworkRetries: number;
}

/** The official SDK pointed at STRIPE_API_BASE, with our timeout and retry policy. */
export function createStripeClient(options: StripeClientOptions): Stripe {
  const base = new URL(options.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: options.timeoutMs,
    // Retries reuse the request's idempotency key, so a retried create never creates twice.
    maxNetworkRetries: options.maxNetworkRetries,
    telemetry: false,
    appInfo: { name: 'parking-portal' },
  });
}

/** Runs one SDK call; whatever Stripe answers wrong becomes a PaymentProviderError. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError) {
      throw new PaymentProviderError(`Stripe could not be reached: ${error.message}`);
    }
    if (error instanceof Stripe.errors.StripeError) {
      throw new PaymentProviderError(`Stripe answered ${error.statusCode ?? 'an error'}: ${error.message}`);
    }
    throw error;
  }
}
