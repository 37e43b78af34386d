import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import {
  businessPermitsGraphDataContract,
  customerPermitsGraphDataContract,
  getPassProofContract,
  getPassProofLinkContract,
  listBusinessPermitsContract,
  listCustomerPermitsContract,
  listVisitorPermitsContract,
  paymentHistoryContract,
  setPermitIssuedStatusContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { tenantBaseUrl } from '../../config';
import { unauthorized } from '../../errors';
import { registerRoute } from '../../http/register-route';
import { limitPerKey } from '../../plugins/rate-limit';
import { type Actor, customerActor, operatorActor } from '../permissions';
import { businessGraphData, customerGraphData } from './graph-data';
import { decidePass } from './pass-approval';
import { getPassProof, getPassProofLink } from './pass-proof';
import { listPaymentHistory } from './payment-history';
import { listBusinessPermits, listCustomerPermits, listVisitorPermits } from './permit-lists';

/**
 * Who is deciding on a pass: an operator of the host's tenant or a signed-in customer, told apart
 * by the role the token claims and then fully verified by that role's own check (a forged role
 * fails there). No token is a 401.
 */
async function approverOf(request: FastifyRequest): Promise<{ actor: Actor; label: string | null }> {
  const token = request.bearerToken();
  if (!token) throw unauthorized();
  let claimedRole: unknown;
  try {
    claimedRole = decodeJwt(token).role;
  } catch {
    throw unauthorized();
  }
  if (claimedRole === 'operator') {
    const operator = await request.requireOperator();
    return { actor: operatorActor(operator), label: operator.email };
  }
  return { actor: customerActor(await request.requireCustomer()), label: null };
}

/**
 * Living with a pass, the dashboard half of issue 10: the customer's pass lists, payment history
 * and charts, the approval decision, and the proof of coverage. Wired from the passes plugin.
 */
export async function passLivingRoutes(app: ApiInstance) {
  const { db, clock, config, payments } = app.deps;
  const plain = app as unknown as FastifyInstance;
  const perClient = (name: string, max: number) => ({
    preHandler: [limitPerKey(plain, { name, max, timeWindow: 60_000, key: (request) => request.ip })],
  });

  registerRoute(app, listCustomerPermitsContract, async (request) =>
    listCustomerPermits({ db, customer: await request.requireCustomer(), now: clock.now() }),
  );

  registerRoute(app, listBusinessPermitsContract, async (request) =>
    listBusinessPermits({ db, customer: await request.requireCustomer(), now: clock.now() }),
  );

  registerRoute(app, listVisitorPermitsContract, async (request) =>
    listVisitorPermits({ db, customer: await request.requireCustomer(), now: clock.now() }),
  );

  registerRoute(app, paymentHistoryContract, async (request) =>
    listPaymentHistory({
      db,
      gateway: payments,
      customer: await request.requireCustomer(),
      log: request.log,
    }),
  );

  registerRoute(app, customerPermitsGraphDataContract, async (request) => {
    const customer = await request.requireCustomer();
    const tenant = await request.requireTenant();
    return customerGraphData({ db, tenant, customer, customerId: request.params.id, now: clock.now() });
  });

  registerRoute(app, businessPermitsGraphDataContract, async (request) => {
    const customer = await request.requireCustomer();
    const tenant = await request.requireTenant();
    return businessGraphData({
      db,
      tenant,
      customer,
      businessAccountId: request.params.id,
      now: clock.now(),
    });
  });

  registerRoute(app, setPermitIssuedStatusContract, async (request) => {
    const tenant = await request.requireTenant();
    const { actor, label } = await approverOf(request);
    return decidePass({
      db,
      tenant,
      tenantUrl: tenantBaseUrl(config, tenant.subdomain),
      actor,
      operatorLabel: label,
      passId: request.body.permitIssuedUUID,
      status: request.body.status,
      message: request.body.message,
      now: clock.now(),
    });
  });

  registerRoute(
    app,
    getPassProofLinkContract,
    async (request) => {
      const tenant = await request.requireTenant();
      return getPassProofLink({
        db,
        tenant,
        tenantUrl: tenantBaseUrl(config, tenant.subdomain),
        passId: request.params.id,
      });
    },
    // The same 'pass-lookup' limit as the other calls that take a pass uuid: the budget for guessing them.
    perClient('pass-lookup', config.PASS_LOOKUP_RATE_LIMIT_PER_CLIENT),
  );

  registerRoute(
    app,
    getPassProofContract,
    async (request) => {
      const tenant = await request.requireTenant();
      return getPassProof({ db, tenant, proofId: request.params.id, now: clock.now() });
    },
    // An officer scans a few proof pages a minute; a guesser wants thousands.
    perClient('pass-proof', config.PASS_PROOF_RATE_LIMIT_PER_CLIENT),
  );
}
