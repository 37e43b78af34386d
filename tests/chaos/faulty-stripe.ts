import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StripeFault = 'ok' | 'error500' | 'timeout';

export interface FaultyStripe {
  apiBase: string;
  /** Requests answered, by fault. */
  answered: Record<StripeFault, number>;
  close(): Promise<void>;
}

/**
 * api.stripe.com as a bad day shows it: each request is answered normally, with Stripe's 500, or
 * never (the portal's timeout decides), as `pick` says. A Checkout Session answered normally gets
 * a fresh id, so a retried create that Stripe had in fact done shows up as a second session.
 */
export async function startFaultyStripe(pick: () => StripeFault): Promise<FaultyStripe> {
  const answered: Record<StripeFault, number> = { ok: 0, error500: 0, timeout: 0 };
  let sessions = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const fault = pick();
      answered[fault]++;
      if (fault === 'timeout') return;
      response.setHeader('content-type', 'application/json');
      if (fault === 'error500') {
        response.statusCode = 500;
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'chaos' } }));
        return;
      }
      const path = request.url ?? '';
      if (path.startsWith('/v1/payment_intents/')) {
        const id = path.split('/')[3]?.split('?')[0];
        response.end(JSON.stringify({ id, object: 'payment_intent', latest_charge: null }));
        return;
      }
      if (path.startsWith('/v1/refunds')) {
        response.end(JSON.stringify({ id: `re_chaos_${++sessions}`, object: 'refund' }));
        return;
      }
      const id = `cs_chaos_${++sessions}`;
      response.end(
        JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
