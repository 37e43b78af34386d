import { and, count as countRows, min as earliest, eq as equals, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AnyLocale, Locale } from '../../../shared/i18n/locales';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import { type Currency, DEFAULT_CURRENCY } from '../../../shared/rules/currencies';
import { type Database, queryRows, type Transaction } from '../../db/client';
import { customers, type EmailContent, emailOutbox, operators, tenants } from '../../db/schema';
import { currentRequestId } from '../../db/tenant-scope';
import { badRequest } from '../../errors';
import { withCurrency } from '../../plugins/request-currency';
import { requestLocale, withLocale } from '../../plugins/request-language';
import { customerEmailIs } from '../customers';

const emailContentSchema = z.object({
  subject: z.string().trim().min(1).max(300),
  heading: z.string().trim().min(1).max(300),
  paragraphs: z.array(z.string().max(5_000)).max(50),
  action: z
    .object({ label: z.string().trim().min(1).max(100), url: z.url({ protocol: /^https?$/ }) })
    .optional(),
  language: z.enum(['en', 'fr', 'es', 'en-XA']),
});
const recipientSchema = z.email().max(320);

/**
 * The language a person of the tenant saved (a customer's, else an operator's), if any: one
 * statement, since it is asked inside the transactions that queue emails (decision 233).
 */
async function savedLanguage(
  db: Database | Transaction,
  tenantId: string,
  to: string,
): Promise<Locale | null> {
  const [row] = await queryRows<{ language: Locale | null }>(
    db,
    sql`select coalesce(
      (select ${customers.language} from ${customers}
       where ${customerEmailIs(tenantId, to)}
       limit 1),
      (select ${operators.language} from ${operators}
       where ${and(equals(operators.tenantId, tenantId), sql`lower(${operators.email}) = lower(${to})`)}
       limit 1)) as language`,
  );
  return row?.language ?? null;
}

/**
 * How an email is written (issue 30): in the recipient's saved language, else that of the request
 * that caused it, else the tenant's default (a scheduled job's email has no request); and its
 * amounts in the tenant's currency (decision 244), whoever causes it.
 */
export async function emailFormatting(
  db: Database | Transaction,
  tenantId: string,
  to: string,
): Promise<{ language: AnyLocale; currency: Currency }> {
  const [tenant] = await db
    .select({ defaultLanguage: tenants.defaultLanguage, currency: tenants.currency })
    .from(tenants)
    .where(equals(tenants.id, tenantId));
  const currency = tenant?.currency ?? DEFAULT_CURRENCY;
  const saved = await savedLanguage(db, tenantId, to);
  const language = saved ?? requestLocale() ?? tenant?.defaultLanguage ?? 'en';
  return { language, currency };
}

/**
 * Queues a branded email to one recipient in the caller's transaction: it is sent if and only if
 * the change it reports commits. The worker (deliver-pending-emails.ts) renders it with the
 * tenant's brand and delivers it. The content is written by `email`, called in the recipient's
 * language and its tenant's currency (emailFormatting): its messages, subject included, and amounts.
 */
export async function enqueueEmail(
  db: Database | Transaction,
  options: { tenantId: string; to: string; email: EmailContent | (() => EmailContent); now?: Date },
): Promise<{ id: string }> {
  const to = recipientSchema.safeParse(options.to.trim());
  if (!to.success) throw badRequest(inputErrorMessages.emailNotValid, 'email');
  const { language, currency } = await emailFormatting(db, options.tenantId, to.data);
  const { email } = options;
  // Content written ahead (a test's fixed text) keeps the language the caller wrote it in.
  const written =
    typeof email === 'function' ? withLocale(language, () => withCurrency(currency, email)) : email;
  const content = emailContentSchema.safeParse({ ...written, language });
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
      requestId: currentRequestId(),
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
    .select({ pending: countRows(), oldest: earliest(emailOutbox.createdAt) })
    .from(emailOutbox)
    .where(equals(emailOutbox.status, 'pending'));
  return { pending: Number(row?.pending ?? 0), oldestCreatedAt: row?.oldest ? new Date(row.oldest) : null };
}
