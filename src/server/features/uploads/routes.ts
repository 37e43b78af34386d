import type { FastifyInstance } from 'fastify';
import { confirmUploadContract, createUploadContract, errorResponseSchema } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { limitPerKey } from '../../plugins/rate-limit';
import { confirmUpload, issueUpload } from './service';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

/**
 * Uploads are anonymous (appeals are), so each is tied to the host's tenant and a purpose, and a
 * record takes only uploads of its own tenant and purpose.
 */
export async function uploadRoutes(app: ApiInstance) {
  const { db, clock, storage, config } = app.deps;

  app.post(
    createUploadContract.path,
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
      schema: {
        tags: ['uploads'],
        summary:
          'A short-lived target to upload one file of the declared size (max 5,000,000 bytes) to storage',
        body: createUploadContract.body,
        response: { 200: createUploadContract.response, ...errors },
      },
    },
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
  );

  app.post(
    confirmUploadContract.path,
    {
      schema: {
        tags: ['uploads'],
        summary: 'Check an uploaded file (size, type by its signature) and keep it',
        params: confirmUploadContract.params,
        response: { 200: confirmUploadContract.response, ...errors },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant();
      return confirmUpload({ db, storage, tenant, uploadId: request.params.uuid, now: clock.now() });
    },
  );
}
