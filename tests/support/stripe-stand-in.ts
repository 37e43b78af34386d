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
  /**
   * Makes `paymentIntentId` a charge of `amount` cents: refunds of it are then checked as Stripe
   * checks them (at most what is left of the charge, an idempotency key replays its refund).
   */
  charge(paymentIntentId: string, amount: number): void;
  /** What is left to refund of a charge made with `charge`. */
  unrefunded(paymentIntentId: string): number | undefined;
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

/** The charges a test made known, and the refunds already answered by idempotency key. */
interface Ledger {
  charges: Map<string, { amount: number; refunded: number }>;
  byKey: Map<string, { status: number; body: unknown }>;
}

/**
 * POST /v1/refunds as Stripe answers it for a known charge: `amount` (default: what is left) must
 * be a positive integer no larger than what is left, else a 400 `invalid_request_error`
 * (`amount_too_large`, or `charge_already_refunded` when nothing is left); a request repeated
 * with its Idempotency-Key gets the first answer again and refunds nothing more.
 */
function refundLikeStripe(
  form: URLSearchParams,
  key: string | undefined,
  ledger: Ledger,
  counts: { refunds: number },
): { status: number; body: unknown } {
  const replay = key ? ledger.byKey.get(key) : undefined;
  if (replay) return replay;
  const intent = form.get('payment_intent') ?? '';
  const charge = ledger.charges.get(intent);
  const left = charge ? charge.amount - charge.refunded : undefined;
  const asked = form.get('amount');
  const amount = asked === null ? left : Number(asked);
  const refuse = (code: string, message: string) => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', code, message, param: 'amount' } },
  });
  let answer: { status: number; body: unknown };
  if (left === 0) {
    answer = refuse('charge_already_refunded', `Charge for ${intent} has already been refunded.`);
  } else if (amount !== undefined && (!Number.isInteger(amount) || amount <= 0)) {
    answer = refuse('parameter_invalid_integer', 'Invalid positive integer');
  } else if (left !== undefined && amount !== undefined && amount > left) {
    answer = refuse(
      'amount_too_large',
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
    );
  } else {
    if (charge && amount !== undefined) charge.refunded += amount;
    answer = {
      status: 200,
      body: {
        id: `re_test_${++counts.refunds}`,
        object: 'refund',
        amount: amount ?? null,
        payment_intent: intent,
        status: 'succeeded',
      },
    };
  }
  if (key) ledger.byKey.set(key, answer);
  return answer;
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
  const ledger: Ledger = { charges: new Map(), byKey: new Map() };
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
      if (!custom && method === 'POST' && path === '/v1/refunds') {
        const key = request.headers['idempotency-key'];
        const refund = refundLikeStripe(
          recorded.form,
          typeof key === 'string' ? key : undefined,
          ledger,
          counts,
        );
        response.statusCode = refund.status;
        response.end(JSON.stringify(refund.body));
        return;
      }
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
    charge: (paymentIntentId, amount) => {
      ledger.charges.set(paymentIntentId, { amount, refunded: 0 });
    },
    unrefunded: (paymentIntentId) => {
      const charge = ledger.charges.get(paymentIntentId);
      return charge ? charge.amount - charge.refunded : undefined;
    },
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
    charge: (paymentIntentId, amount) => current().charge(paymentIntentId, amount),
    unrefunded: (paymentIntentId) => current().unrefunded(paymentIntentId),
    whileDown: (work) => current().whileDown(work),
    close: () => current().close(),
  };
}
