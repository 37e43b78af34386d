import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { errorResponseSchema, type ServerErrorCode } from '../../../shared/contract';
import { MAX_UPLOAD_BYTES } from '../../../shared/contract/uploads';
import { fillMessage } from '../../../shared/messages/fill';
import { CONTENT_TYPE_NAMES, uploadMessages } from '../../../shared/messages/uploads';
import type { ApiInstance } from '../../api-instance';
import { AppError, notFound } from '../../errors';
import { matchesContentType } from './file-signature';
import { type LocalStorage, UploadAlreadyUsedError } from './local-storage';
import { contentTypeForKey, isStorageKey, tenantIdOfKey } from './storage-keys';

/** The three segments of a key; anything path-like fails the key pattern and is a 400. */
const keyParamsSchema = z.object({
  tenantId: z.string().max(64),
  purpose: z.string().max(32),
  name: z.string().max(64),
});

const uploadQuerySchema = z.object({
  type: z.string().max(100),
  max: z.coerce.number().int().min(1).max(100_000_000),
  expires: z.coerce.number().int().min(0),
  signature: z.string().max(128),
});

const fail = (status: number, code: ServerErrorCode, message: string) => new AppError(status, code, message);

function keyFrom(params: z.infer<typeof keyParamsSchema>): string {
  const key = `${params.tenantId}/${params.purpose}/${params.name}`;
  if (!isStorageKey(key)) throw fail(400, 'bad_file_name', uploadMessages.pathLikeName);
  return key;
}

/** Reads the body up to the limit; null once it goes over, without buffering the rest. */
async function readLimited(stream: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function contentDisposition(key: string, contentType: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  // Photos show in the page; documents download, so a PDF never runs in our origin.
  return `${contentType.startsWith('image/') ? 'inline' : 'attachment'}; filename="${name}"`;
}

/**
 * The local adapter's half of the upload protocol: PUT the bytes to the signed URL; GET them back.
 * Everything is checked before a byte is written: signature, expiry, type, size and the file's
 * own signature; and a URL works once.
 */
export async function localStorageRoutes(app: ApiInstance, storage: LocalStorage) {
  await app.register(async (plain) => {
    const scope = plain as unknown as ApiInstance;
    // The raw body is read here, with our own limit, rather than by a parser with the API's.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.put(
      '/storage/local/upload/:tenantId/:purpose/:name',
      {
        schema: {
          operationId: 'uploadLocalFile',
          // The signed URL is the credential.
          security: [],
          tags: ['uploads'],
          summary: 'Local storage: upload the bytes of one file to a signed, single-use URL',
          params: keyParamsSchema,
          querystring: uploadQuerySchema,
          response: {
            204: z.null(),
            400: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const key = keyFrom(request.params);
        const { type, max, expires, signature } = request.query;
        const problem = storage.checkSignature({ key, contentType: type, maxBytes: max, expires }, signature);
        if (problem === 'invalid') throw fail(403, 'upload_url_invalid', uploadMessages.urlInvalid);
        if (problem === 'expired') throw fail(403, 'upload_url_expired', uploadMessages.urlExpired);
        if (storage.exists(key)) throw fail(409, 'upload_url_used', uploadMessages.urlUsed);
        const sentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (sentType !== type) {
          throw fail(400, 'content_type_mismatch', fillMessage(uploadMessages.wrongContentType, { type }));
        }
        // `max` is the size the upload was announced with (signed into the URL): not a byte more.
        const tooLarge = () =>
          fail(
            400,
            'file_too_large',
            max < MAX_UPLOAD_BYTES ? uploadMessages.largerThanAnnounced : uploadMessages.tooLarge,
          );
        const declaredLength = Number(request.headers['content-length'] ?? 0);
        if (declaredLength > max) {
          reply.header('connection', 'close');
          throw tooLarge();
        }
        const bytes = await readLimited(request.body as Readable, max);
        if (!bytes) {
          reply.header('connection', 'close');
          throw tooLarge();
        }
        if (bytes.length === 0) throw fail(400, 'file_empty', uploadMessages.empty);
        if (!matchesContentType(bytes, type)) {
          throw fail(
            400,
            'content_mismatch',
            fillMessage(uploadMessages.contentMismatch, { type: CONTENT_TYPE_NAMES[type] ?? type }),
          );
        }
        try {
          await storage.write(key, bytes);
        } catch (error) {
          if (error instanceof UploadAlreadyUsedError)
            throw fail(409, 'upload_url_used', uploadMessages.urlUsed);
          throw error;
        }
        return reply.status(204).send(null);
      },
    );
  });

  app.get(
    '/storage/local/files/:tenantId/:purpose/:name',
    {
      schema: {
        operationId: 'readLocalFile',
        // Names are random and unguessable; the tenant's host is the wall.
        security: [],
        tags: ['uploads'],
        summary: "Local storage: read a stored file of the host's tenant",
        params: keyParamsSchema,
      },
    },
    async (request, reply) => {
      const key = keyFrom(request.params);
      const tenant = await request.requireTenant();
      if (tenantIdOfKey(key) !== tenant.id || !storage.exists(key)) throw notFound('File');
      const contentType = contentTypeForKey(key);
      return (
        reply
          .type(contentType)
          .header('content-disposition', contentDisposition(key, contentType))
          // Names are random and never reused, so a stored file never changes.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(createReadStream(storage.filePath(key)))
      );
    },
  );
}
