import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  declineWaitlistOfferContract,
  getWaitlistOfferContract,
  joinWaitlistContract,
  listConsoleWaitlistsContract,
  moveWaitlistEntryContract,
  removeWaitlistEntryContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { limitPerKey } from '../../plugins/rate-limit';
import { requireOperatorFor } from '../console-passes';
import { listConsoleWaitlists, moveWaitlistEntry, removeWaitlistEntry } from './console-waitlists';
import { joinWaitlist } from './join-waitlist';
import { declineWaitlistOffer, getWaitlistOffer } from './offer-page';

/** Waitlists (issue 31, decision 210): joining, the offer's page, and the console's lines. */
export async function waitlistRoutes(app: ApiInstance) {
  const { db, clock, config } = app.deps;
  const plain = app as unknown as FastifyInstance;
  const perClient = (name: string, max: number) => ({
    preHandler: [
      limitPerKey(plain, { name, max, timeWindow: 60_000, key: (request: FastifyRequest) => request.ip }),
    ],
  });

  registerRoute(
    app,
    joinWaitlistContract,
    async (request) => {
      const tenant = await request.requireTenant();
      const customer = request.bearerToken() ? await request.requireCustomer() : null;
      return joinWaitlist({
        db,
        tenant,
        customer,
        productId: request.params.id,
        email: request.body.email,
        now: clock.now(),
      });
    },
    perClient('waitlist-join', config.PASS_LOOKUP_RATE_LIMIT_PER_CLIENT),
  );

  registerRoute(
    app,
    getWaitlistOfferContract,
    async (request) => {
      const tenant = await request.requireTenant();
      return getWaitlistOffer({ db, tenant, token: request.params.token, now: clock.now() });
    },
    perClient('pass-lookup', config.PASS_LOOKUP_RATE_LIMIT_PER_CLIENT),
  );

  registerRoute(
    app,
    declineWaitlistOfferContract,
    async (request) => {
      const tenant = await request.requireTenant();
      return declineWaitlistOffer({ db, config, tenant, token: request.params.token, now: clock.now() });
    },
    perClient('pass-lookup', config.PASS_LOOKUP_RATE_LIMIT_PER_CLIENT),
  );

  registerRoute(app, listConsoleWaitlistsContract, async (request) => {
    const { tenant } = await requireOperatorFor(request, listConsoleWaitlistsContract.permission);
    return { items: await listConsoleWaitlists(db, tenant.id, clock.now()) };
  });

  registerRoute(app, moveWaitlistEntryContract, async (request) => {
    const context = await requireOperatorFor(request, moveWaitlistEntryContract.permission);
    return moveWaitlistEntry({
      db,
      context,
      entryId: request.params.uuid,
      rank: request.body.rank,
      now: clock.now(),
    });
  });

  registerRoute(app, removeWaitlistEntryContract, async (request) => {
    const context = await requireOperatorFor(request, removeWaitlistEntryContract.permission);
    return removeWaitlistEntry({ db, config, context, entryId: request.params.uuid, now: clock.now() });
  });
}
