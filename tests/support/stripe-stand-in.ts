import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: Record<string, unknown>;
}

export interface StripeStandIn {
  /** STRIPE_API_BASE for the app under test. */
  apiBase: string;
  /** Every request the portal sent, in order. */
  received: StripeRequest[];
  close(): Promise<void>;
}

/**
 * A stand-in for api.stripe.com on a local port: it records each form-encoded request and answers
 * a Checkout Session the way Stripe does, so a test checks what the adapter really sends.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const received: StripeRequest[] = [];
  let sessionCount = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        form: new URLSearchParams(body),
        headers: request.headers,
      });
      const id = `cs_test_${++sessionCount}`;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
