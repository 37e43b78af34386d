import { and, count as countRows, min as earliest, eq as equals, type Placeholder, sql } from 'drizzle-orm';
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

/** How an email is written: its language and the currency of its amounts. */
export interface EmailFormatting {
  language: AnyLocale;
  currency: Currency;
}

/**
 * What an email's formatting is read from, as SQL expressions a caller may add to a statement it
 * sends anyway (the checkout's product read, decision 247): the language a person of the tenant
 * saved (a customer's, else an operator's), and the tenant's default language and currency.
 */
export function formattingColumns(tenantId: string | Placeholder, to: string | Placeholder) {
  return {
    savedLanguage: sql<Locale | null>`coalesce(
      (select ${customers.language} from ${customers}
       where ${customerEmailIs(tenantId, to)}
       limit 1),
      (select ${operators.language} from ${operators}
       where ${and(equals(operators.tenantId, tenantId), sql`lower(${operators.email}) = lower(${to})`)}
       limit 1))`,
    defaultLanguage: sql<Locale | null>`(select ${tenants.defaultLanguage} from ${tenants} where ${equals(tenants.id, tenantId)})`,
    currency: sql<Currency | null>`(select ${tenants.currency} from ${tenants} where ${equals(tenants.id, tenantId)})`,
  };
}

export interface FormattingRead {
  savedLanguage: Locale | null;
  defaultLanguage: Locale | null;
  currency: Currency | null;
}

/**
 * How an email is written (issue 30): in the recipient's saved language, else that of the request
 * that caused it, else the tenant's default (a scheduled job's email has no request); and its
 * amounts in the tenant's currency (decision 244), whoever causes it.
 */
export function formattingOf(read: FormattingRead | undefined): EmailFormatting {
  return {
    language: read?.savedLanguage ?? requestLocale() ?? read?.defaultLanguage ?? 'en',
    currency: read?.currency ?? DEFAULT_CURRENCY,
  };
}

/** The formatting of an email to `to`, read in one statement (asked in the transactions that queue emails). */
export async function emailFormatting(
  db: Database | Transaction,
  tenantId: string,
  to: string,
): Promise<EmailFormatting> {
  const columns = formattingColumns(tenantId, to);
  const [read] = await queryRows<FormattingRead>(
    db,
    sql`select ${columns.savedLanguage} as "savedLanguage", ${columns.defaultLanguage} as "defaultLanguage",
               ${columns.currency} as currency`,
  );
  return formattingOf(read);
}

export interface OutboxEmail {
  tenantId: string;
  to: string;
  email: EmailContent | (() => EmailContent);
  now?: Date;
}

/** The recipient as the outbox keeps it; a bad address is the caller's 400. */
function recipientOf(to: string): string {
  const parsed = recipientSchema.safeParse(to.trim());
  if (!parsed.success) throw badRequest(inputErrorMessages.emailNotValid, 'email');
  return parsed.data;
}

/** An email's row in the outbox, written with `formatting`. */
export type OutboxRow = typeof emailOutbox.$inferInsert;

/**
 * The outbox row of an email written with `formatting`, not yet sent to the database: a caller
 * that writes several rows in one statement (the checkout, decisions 247 and 251) writes it there.
 */
export function outboxRow(options: OutboxEmail, formatting: EmailFormatting): OutboxRow {
  const to = recipientOf(options.to);
  const { language, currency } = formatting;
  const { email } = options;
  // Content written ahead (a test's fixed text) keeps the language the caller wrote it in.
  const written =
    typeof email === 'function' ? withLocale(language, () => withCurrency(currency, email)) : email;
  const content = emailContentSchema.safeParse({ ...written, language });
  if (!content.success) throw new Error(`Invalid email content: ${content.error.issues[0]?.message}`);
  const now = options.now ?? new Date();
  return {
    tenantId: options.tenantId,
    toAddress: to,
    subject: content.data.subject,
    content: content.data,
    nextAttemptAt: now,
    createdAt: now,
    requestId: currentRequestId(),
  };
}

/** The outbox insert of an email written with `formatting`, not yet sent to the database. */
export function outboxInsert(db: Database, options: OutboxEmail, formatting: EmailFormatting) {
  return db.insert(emailOutbox).values(outboxRow(options, formatting));
}

/**
 * Queues a branded email to one recipient in the caller's transaction: it is sent if and only if
 * the change it reports commits. The worker (deliver-pending-emails.ts) renders it with the
 * tenant's brand and delivers it. The content is written by `email`, called in the recipient's
 * language and its tenant's currency (emailFormatting): its messages, subject included, and amounts.
 */
export async function enqueueEmail(
  db: Database | Transaction,
  options: OutboxEmail,
): Promise<{ id: string }> {
  const formatting = await emailFormatting(db, options.tenantId, recipientOf(options.to));
  const [row] = await outboxInsert(db, options, formatting).returning({ id: emailOutbox.id });
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
