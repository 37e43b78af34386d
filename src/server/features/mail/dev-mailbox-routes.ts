import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import {
  devMailboxListQuerySchema,
  devMailboxMessageParamsSchema,
  findDevMailboxMessage,
  listDevMailbox,
} from './dev-mailbox';
import { renderMailboxPage, renderMessagePage } from './dev-mailbox-pages';

/** Emails need inline styles; the sandbox keeps a message from running anything or navigating this origin. */
const EMAIL_HTML_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; sandbox allow-popups allow-top-navigation-by-user-activation";

/**
 * The development mailbox: what the development outbox transport delivered. Registered only
 * where app.ts allows it (never in production unless ALLOW_DEV_OUTBOX), because it shows every
 * account's emails to anyone. Pages, not API calls: they sit outside /api/v1 and its contracts,
 * but their input is checked with zod like everything else.
 */
export async function devMailboxRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  const findMessage = async (id: string) => {
    const message = await findDevMailboxMessage(db, id);
    if (!message) throw notFound('Message');
    return message;
  };

  app.get(
    '/dev/mailbox',
    { schema: { hide: true, querystring: devMailboxListQuerySchema } },
    async (request, reply) =>
      reply.headers(html).send(renderMailboxPage(await listDevMailbox(db, request.query.to))),
  );

  app.get(
    '/dev/mailbox/messages',
    { schema: { hide: true, querystring: devMailboxListQuerySchema } },
    async (request) => {
      const messages = await listDevMailbox(db, request.query.to);
      return messages.map(({ html: _html, ...message }) => message);
    },
  );

  app.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: devMailboxMessageParamsSchema } },
    async (request, reply) =>
      reply.headers(html).send(renderMessagePage(await findMessage(request.params.id))),
  );

  app.get(
    '/dev/mailbox/:id/html',
    { schema: { hide: true, params: devMailboxMessageParamsSchema } },
    async (request, reply) => {
      const message = await findMessage(request.params.id);
      return reply.headers({ ...html, 'content-security-policy': EMAIL_HTML_POLICY }).send(message.html);
    },
  );
}
