import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  close(): Promise<void>;
}

/**
 * A stand-in for api.stripe.com on a local port: it records each form-encoded request and answers
 * a Checkout Session the way Stripe does, so a test checks what the adapter really sends. A test
 * may answer requests itself (`answer` returning undefined falls back to the Checkout Session).
 */
export async function startStripeStandIn(
  answer?: (request: StripeRequest) => StripeAnswer | undefined,
): Promise<StripeStandIn> {
  const received: StripeRequest[] = [];
  let sessionCount = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const recorded: StripeRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        form: new URLSearchParams(body),
        headers: request.headers,
      };
      received.push(recorded);
      const custom = answer?.(recorded);
      if (custom === 'hang') return;
      const id = `cs_test_${++sessionCount}`;
      response.statusCode = custom?.status ?? 200;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(
          custom
            ? custom.body
            : { id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
