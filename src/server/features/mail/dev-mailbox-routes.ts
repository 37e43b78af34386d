import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../../shared/format/html';
import { type DevMailboxRow, devMailbox } from '../../db/schema';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

/** The text body with its addresses turned into links, so a test (or a developer) can follow them. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = (match.index ?? 0) + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

const idParams = z.object({ id: z.uuid() });
const listQuery = z.object({ to: z.string().max(320).optional() });

async function listMessages(app: FastifyInstance, to?: string): Promise<DevMailboxRow[]> {
  const query = app.deps.db.select().from(devMailbox);
  const filtered = to ? query.where(sql`lower(${devMailbox.toAddress}) = lower(${to})`) : query;
  return filtered.orderBy(desc(devMailbox.deliveredAt), desc(devMailbox.id)).limit(200);
}

/**
 * The development mailbox: what the development outbox transport delivered. Registered only
 * outside production (see app.ts), because it shows every account's emails to anyone.
 */
export async function devMailboxRoutes(app: FastifyInstance) {
  app.get('/dev/mailbox', async (request, reply) => {
    const query = listQuery.safeParse(request.query);
    const messages = await listMessages(app, query.success ? query.data.to : undefined);
    const rows = messages
      .map(
        (message) =>
          `<tr><td>${escapeHtml(message.deliveredAt.toISOString())}</td><td>${escapeHtml(message.toAddress)}</td><td><a href="/dev/mailbox/${message.id}">${escapeHtml(message.subject)}</a></td></tr>`,
      )
      .join('');
    const body = `<h1>Development mailbox</h1><p>Emails the development outbox delivered, newest first. This page does not exist in production.</p>${
      messages.length
        ? `<table><caption>Messages</caption><thead><tr><th scope="col">Delivered</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No messages yet.</p>'
    }`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page('Development mailbox', body));
  });

  app.get('/dev/mailbox/messages', async (request) => {
    const query = listQuery.safeParse(request.query);
    const messages = await listMessages(app, query.success ? query.data.to : undefined);
    return messages.map(({ html: _html, ...message }) => message);
  });

  app.get('/dev/mailbox/:id', async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const [message] = params.success
      ? await app.deps.db.select().from(devMailbox).where(eq(devMailbox.id, params.data.id))
      : [];
    if (!message) return reply.status(404).send({ code: 'not_found', message: 'Message not found.' });
    const body = `<p><a href="/dev/mailbox">Back to the mailbox</a></p><h1>${escapeHtml(message.subject)}</h1><dl><dt>From</dt><dd>${escapeHtml(message.fromAddress)}</dd><dt>To</dt><dd>${escapeHtml(message.toAddress)}</dd><dt>Delivered</dt><dd>${escapeHtml(message.deliveredAt.toISOString())}</dd></dl><p><a href="/dev/mailbox/${message.id}/html">View as HTML</a></p><pre>${linkify(message.textBody)}</pre>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(message.subject, body));
  });

  app.get('/dev/mailbox/:id/html', async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const [message] = params.success
      ? await app.deps.db.select().from(devMailbox).where(eq(devMailbox.id, params.data.id))
      : [];
    if (!message) return reply.status(404).send({ code: 'not_found', message: 'Message not found.' });
    // Emails need inline styles; the sandbox keeps the message from running anything or navigating this origin.
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; sandbox allow-popups allow-top-navigation-by-user-activation",
      )
      .header('cache-control', 'no-store')
      .send(message.html);
  });
}
