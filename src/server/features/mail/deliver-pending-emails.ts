import { and, eq, sql } from 'drizzle-orm';
import type { MailTransport } from '../../adapters/mail';
import type { Clock } from '../../clock';
import { type Config, tenantBaseUrl } from '../../config';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/database-unavailable';
import { queryNamedRows } from '../../db/named-statements';
import { type EmailContent, emailOutbox } from '../../db/schema';
import { renderEmail } from './render-email';

export interface MailDeps {
  db: Database;
  mail: MailTransport;
  clock: Clock;
  config: Pick<Config, 'publicBaseUrl'>;
}

/** After this many failed attempts a message is marked failed (kept, for an operator to see). */
export const MAX_DELIVERY_ATTEMPTS = 12;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3_600_000;
/** Longer than any SMTP timeout: a worker that dies mid-send releases its messages after this. */
const LEASE_MS = 5 * 60_000;

/** 30 s, 1 min, 2 min, ... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

interface ClaimedEmail {
  id: string;
  to_address: string;
  subject: string;
  content: EmailContent;
  attempts: number;
  brand_title: string;
  brand_color: string;
  logo_url: string | null;
  subdomain: string;
}

/**
 * Takes a lease on up to `limit` due messages. FOR UPDATE SKIP LOCKED lets several workers (on
 * PostgreSQL, several servers) claim disjoint sets; the lease then covers the send itself, which
 * happens outside the transaction so a slow relay never holds database locks.
 */
async function claimDueEmails(db: Database, now: Date, limit: number): Promise<ClaimedEmail[]> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  return db.transaction(async (tx) =>
    queryNamedRows<ClaimedEmail>(
      tx,
      sql`WITH due AS (
            SELECT id FROM email_outbox
            WHERE status = 'pending'
              AND (attempts = 0 OR next_attempt_at <= ${now.toISOString()}::timestamptz)
              AND (locked_until IS NULL OR locked_until <= ${now.toISOString()}::timestamptz)
            ORDER BY created_at, id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          ), claimed AS (
            UPDATE email_outbox o
            SET locked_until = ${leaseUntil.toISOString()}::timestamptz, attempts = o.attempts + 1
            FROM due WHERE o.id = due.id
            RETURNING o.id, o.tenant_id, o.to_address, o.subject, o.content, o.attempts
          )
          SELECT c.id, c.to_address, c.subject, c.content, c.attempts,
                 t.brand_title, t.brand_color, t.logo_url, t.subdomain
          FROM claimed c JOIN tenants t ON t.id = c.tenant_id`,
    ),
  );
}

export interface DeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** A message to a person who has been erased (their confirmation) is not kept once done with. */
async function deleteIfErasedAfterDelivery(db: Database, id: string) {
  await db
    .delete(emailOutbox)
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.isErasedAfterDelivery, true)));
}

/**
 * Delivers the messages that are due, once each: a message is marked sent only after the relay
 * accepted it, and a failure schedules a retry with exponential backoff. Callable from tests.
 */
export async function deliverPendingEmails(
  deps: MailDeps,
  options: {
    limit?: number;
    onError?: (error: unknown, id: string) => void;
    markSentRetry?: MarkSentRetry;
  } = {},
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };
  const claimed = await claimDueEmails(deps.db, deps.clock.now(), options.limit ?? 20);
  for (const email of claimed) {
    const baseUrl = tenantBaseUrl(deps.config, email.subdomain);
    const rendered = renderEmail(
      { brandTitle: email.brand_title, brandColor: email.brand_color, logoUrl: email.logo_url },
      baseUrl,
      email.content,
    );
    try {
      await deps.mail.send({
        to: email.to_address,
        ...rendered,
        fromName: email.brand_title,
        messageId: `<${email.id}@${deps.config.publicBaseUrl.hostname}>`,
      });
    } catch (error) {
      options.onError?.(error, email.id);
      const isFinal = email.attempts >= MAX_DELIVERY_ATTEMPTS;
      await deps.db
        .update(emailOutbox)
        .set({
          status: isFinal ? 'failed' : 'pending',
          lockedUntil: null,
          nextAttemptAt: new Date(deps.clock.now().getTime() + retryDelayMs(email.attempts)),
          lastError: String((error as Error)?.message ?? error).slice(0, 1000),
        })
        .where(eq(emailOutbox.id, email.id));
      if (isFinal) await deleteIfErasedAfterDelivery(deps.db, email.id);
      if (isFinal) result.failed += 1;
      else result.retrying += 1;
      continue;
    }
    // The relay has it: from here on it must never be scheduled again, even if the database is
    // away for a while (a failover). Marking it sent is retried while the lease still covers it.
    await markSent(deps, email.id, options.markSentRetry);
    result.sent += 1;
  }
  return result;
}

/** How long, and how often, marking a sent message is retried while the database cannot be reached. */
export interface MarkSentRetry {
  withinMs: number;
  everyMs: number;
}

/** Well inside the lease: past it another worker could claim (and send) the message again. */
const MARK_SENT_RETRY: MarkSentRetry = { withinMs: LEASE_MS - 60_000, everyMs: 1_000 };

async function markSent(deps: MailDeps, id: string, retry: MarkSentRetry = MARK_SENT_RETRY) {
  const giveUpAt = Date.now() + retry.withinMs;
  for (;;) {
    try {
      // One statement (decision 246): a message to an erased person is deleted, any other marked sent.
      await queryNamedRows(
        deps.db,
        sql`WITH erased AS (
              DELETE FROM email_outbox WHERE id = ${id} AND is_erased_after_delivery
            )
            UPDATE email_outbox
            SET status = 'sent', sent_at = ${deps.clock.now().toISOString()}::timestamptz,
                locked_until = NULL, last_error = NULL
            WHERE id = ${id} AND NOT is_erased_after_delivery`,
      );
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() >= giveUpAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, retry.everyMs));
    }
  }
}

export interface EmailWorker {
  /** Runs a delivery round now instead of at the next tick (e.g. right after a request queued mail). */
  wake(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/** Polls the outbox every `intervalMs` until stopped; rounds never overlap. */
export function startEmailWorker(
  deps: MailDeps,
  options: { intervalMs: number; log?: { error(details: object, message: string): void } },
): EmailWorker {
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const round = async () => {
    try {
      // Keep going while full batches come back, so a backlog drains without waiting a tick each.
      while (!isStopped) {
        const result = await deliverPendingEmails(deps, {
          onError: (err, id) => options.log?.error({ err, emailId: id }, 'email delivery failed; will retry'),
        });
        if (result.sent + result.retrying + result.failed < 20) break;
      }
    } catch (err) {
      options.log?.error({ err }, 'email worker round failed');
    }
  };
  const schedule = () => {
    if (isStopped) return;
    timer = setTimeout(tick, options.intervalMs);
    timer.unref();
  };
  const tick = () => {
    if (running || isStopped) return;
    running = round().finally(() => {
      running = null;
      schedule();
    });
  };
  schedule();
  return {
    wake() {
      if (timer) clearTimeout(timer);
      tick();
    },
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
