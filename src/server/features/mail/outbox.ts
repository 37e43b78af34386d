import { count, eq, min } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { type EmailContent, emailOutbox } from '../../db/schema';
import { badRequest } from '../../errors';

const emailContentSchema = z.object({
  subject: z.string().trim().min(1).max(300),
  heading: z.string().trim().min(1).max(300),
  paragraphs: z.array(z.string().max(5_000)).max(50),
  action: z
    .object({ label: z.string().trim().min(1).max(100), url: z.url({ protocol: /^https?$/ }) })
    .optional(),
});
const recipientSchema = z.email().max(320);

/**
 * Queues a branded email to one recipient in the caller's transaction: it is sent if and only if
 * the change it reports commits. The worker (deliver-pending-emails.ts) renders it with the
 * tenant's brand and delivers it.
 */
export async function enqueueEmail(
  db: Database | Transaction,
  options: { tenantId: string; to: string; email: EmailContent; now?: Date },
): Promise<{ id: string }> {
  const to = recipientSchema.safeParse(options.to.trim());
  if (!to.success) throw badRequest('The email address is not valid.');
  const content = emailContentSchema.safeParse(options.email);
  if (!content.success) throw new Error(`Invalid email content: ${content.error.issues[0]?.message}`);
  const now = options.now ?? new Date();
  const [row] = await db
    .insert(emailOutbox)
    .values({
      tenantId: options.tenantId,
      toAddress: to.data,
      subject: content.data.subject,
      content: content.data,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('The outbox insert returned no row.');
  return row;
}

/** The outbox's backlog for the metrics: pending emails and when the oldest was queued. */
export async function readOutboxBacklog(
  db: Database,
): Promise<{ pending: number; oldestCreatedAt: Date | null }> {
  const [row] = await db
    .select({ pending: count(), oldest: min(emailOutbox.createdAt) })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'pending'));
  return { pending: Number(row?.pending ?? 0), oldestCreatedAt: row?.oldest ? new Date(row.oldest) : null };
}
