import type { FastifyInstance } from 'fastify';
import { confirmUploadContract, createUploadContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { limitPerKey } from '../../plugins/rate-limit';
import { confirmUpload, issueUpload } from './service';

/**
 * Uploads are anonymous (appeals are), so each is tied to the host's tenant and a purpose, and a
 * record takes only uploads of its own tenant and purpose.
 */
export async function uploadRoutes(app: ApiInstance) {
  const { db, clock, storage, config } = app.deps;

  registerRoute(
    app,
    createUploadContract,
    async (request) => {
      const tenant = await request.requireTenant();
      return issueUpload({
        db,
        storage,
        tenant,
        request: request.body,
        now: clock.now(),
        ttlSeconds: config.UPLOAD_URL_TTL_SECONDS,
        maxUnattachedBytes: config.UPLOAD_UNATTACHED_BYTES_PER_TENANT,
      });
    },
    {
      // Anonymous (appeals are), so limited per client address.
      onRequest: [
        limitPerKey(app as unknown as FastifyInstance, {
          name: 'uploads:client',
          max: config.UPLOAD_RATE_LIMIT_PER_CLIENT,
          timeWindow: 60_000,
          key: (request) => request.ip,
        }),
      ],
    },
  );

  registerRoute(app, confirmUploadContract, async (request) => {
    const tenant = await request.requireTenant();
    return confirmUpload({ db, storage, tenant, uploadId: request.params.uuid, now: clock.now() });
  });
}
