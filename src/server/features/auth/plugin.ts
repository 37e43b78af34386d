import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type CustomerRow, customers } from '../../db/schema';
import { unauthorized } from '../../errors';
import { bearerTokenFrom, verifyAccessToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in customer of the bearer token: 401 without a token, with a bad, expired or
     * revoked one, or with a token of another tenant; 404 on a bare or unknown host.
     */
    requireCustomer(): Promise<CustomerRow>;
    /** The raw bearer token, or null. */
    bearerToken(): string | null;
  }
}

const customerCache = new WeakMap<FastifyRequest, Promise<CustomerRow>>();

async function loadCustomer(app: FastifyInstance, request: FastifyRequest): Promise<CustomerRow> {
  const token = request.bearerToken();
  if (!token) throw unauthorized();
  const tenant = await request.requireTenant();
  const { config, db, clock } = app.deps;
  const claims = await verifyAccessToken(
    config,
    token,
    { subdomain: tenant.subdomain, role: 'customer' },
    { now: clock.now() },
  );
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, claims.subject), eq(customers.tenantId, tenant.id)));
  // A deleted account, or a password changed or reset since the token was signed.
  if (!customer || customer.tokenVersion !== claims.version) throw unauthorized();
  return customer;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('bearerToken', function (this: FastifyRequest) {
      return bearerTokenFrom(this.headers.authorization);
    });
    app.decorateRequest('requireCustomer', function (this: FastifyRequest) {
      // Several handlers of one request may ask; the token is checked and the row read once.
      let pending = customerCache.get(this);
      if (!pending) {
        pending = loadCustomer(app, this);
        customerCache.set(this, pending);
      }
      return pending;
    });
  },
  { name: 'auth', dependencies: [] },
);
