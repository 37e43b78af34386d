import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface StripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: Record<string, unknown>;
}

/** What the stand-in answers a request with, when a test wants more than a Checkout Session. */
export type StripeAnswer = { status?: number; body: unknown } | 'hang';

export interface StripeStandIn {
  /** STRIPE_API_BASE for the app under test. */
  apiBase: string;
  /** Every request the portal sent, in order. */
  received: StripeRequest[];
  /** Runs `work` while every request is answered with Stripe's 500 error, then recovers. */
  whileDown<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The secrets the stand-in expects; any values would do, these read as test keys. */
export const STRIPE_TEST_SECRET_KEY = 'sk_test_123';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_test_secret';

/** The settings that point the app under test at a stand-in: pass them as `env` to useTestApp. */
export function stripeEnv(standIn: StripeStandIn): Record<string, string> {
  return {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
    STRIPE_API_BASE: standIn.apiBase,
  };
}

/**
 * A Subscription as Stripe answers its update (POST, e.g. cancel_at_period_end), its cancel
 * (DELETE: ended now) and its retrieval (GET).
 */
function subscriptionLikeStripe(method: string, id: string, form: URLSearchParams) {
  return {
    id,
    object: 'subscription',
    status: method === 'DELETE' ? 'canceled' : 'active',
    cancel_at_period_end: form.get('cancel_at_period_end') === 'true',
    metadata: {},
  };
}

/**
 * Stripe's answer to each call the portal makes: Checkout Sessions, PaymentIntents (retrieved, and
 * created off session for a payment plan's instalments), Refunds, Subscriptions.
 */
function answerLikeStripe(
  method: string,
  path: string,
  form: URLSearchParams,
  counts: { sessions: number; refunds: number; intents: number },
) {
  const subscriptionId = /^\/v1\/subscriptions\/([^/?]+)/.exec(path)?.[1];
  if (subscriptionId) return subscriptionLikeStripe(method, subscriptionId, form);
  if (method === 'GET' && path.startsWith('/v1/payment_intents/')) {
    const id = path.split('/')[3]?.split('?')[0];
    return {
      id,
      object: 'payment_intent',
      status: 'succeeded',
      // The card a Checkout with setup_future_usage saved, on the Customer it made.
      customer: `cus_for_${id}`,
      payment_method: `pm_for_${id}`,
      latest_charge: { receipt_url: `https://pay.stripe.test/receipts/${id}` },
    };
  }
  if (method === 'POST' && path === '/v1/payment_intents') {
    // An off-session charge of a saved card (confirm=true): Stripe answers it succeeded, or a
    // 402 card_error for a declined card (a test answers that itself).
    const id = `pi_test_${++counts.intents}`;
    return {
      id,
      object: 'payment_intent',
      status: 'succeeded',
      amount: Number(form.get('amount')),
      customer: form.get('customer'),
      payment_method: form.get('payment_method'),
      latest_charge: {
        id: `ch_test_${counts.intents}`,
        receipt_url: `https://pay.stripe.test/receipts/${id}`,
      },
    };
  }
  if (method === 'POST' && path === '/v1/refunds')
    return { id: `re_test_${++counts.refunds}`, object: 'refund' };
  const id = `cs_test_${++counts.sessions}`;
  return { id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` };
}

/**
 * The one stand-in for api.stripe.com, on a local port: it records each form-encoded request and
 * answers the way Stripe does, so a test checks what the adapter really sends over HTTP. A test
 * may answer requests itself (`answer` returning undefined falls back to Stripe's usual answer).
 */
export async function startStripeStandIn(
  answer?: (request: StripeRequest) => StripeAnswer | undefined,
): Promise<StripeStandIn> {
  const received: StripeRequest[] = [];
  const counts = { sessions: 0, refunds: 0, intents: 0 };
  let isDown = false;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const method = request.method ?? '';
      const path = request.url ?? '';
      const recorded: StripeRequest = {
        method,
        path,
        form: new URLSearchParams(body),
        headers: request.headers,
      };
      received.push(recorded);
      response.setHeader('content-type', 'application/json');
      if (isDown) {
        response.statusCode = 500;
        response.end(JSON.stringify({ error: { message: 'boom' } }));
        return;
      }
      const custom = answer?.(recorded);
      if (custom === 'hang') return;
      response.statusCode = custom?.status ?? 200;
      response.end(
        JSON.stringify(custom ? custom.body : answerLikeStripe(method, path, recorded.form, counts)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    whileDown: async (work) => {
      isDown = true;
      try {
        return await work();
      } finally {
        isDown = false;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A stand-in for the test file (or describe block): started in beforeAll, closed in afterAll.
 * Like useTestApp, it answers an accessor whose members read through once the hook has run. Call
 * it before useTestApp, so that the app's options can name it and the app is closed first:
 *   const stripe = useStripeStandIn();
 *   const t = useTestApp(() => ({ env: stripeEnv(stripe) }));
 */
export function useStripeStandIn(): StripeStandIn {
  let standIn: StripeStandIn | undefined;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(() => standIn?.close());
  const current = (): StripeStandIn => {
    if (!standIn) throw new Error('useStripeStandIn: the stand-in runs only inside tests and hooks.');
    return standIn;
  };
  return {
    get apiBase() {
      return current().apiBase;
    },
    get received() {
      return current().received;
    },
    whileDown: (work) => current().whileDown(work),
    close: () => current().close(),
  };
}
