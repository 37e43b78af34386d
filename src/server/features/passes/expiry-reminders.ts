import { and, eq, sql } from 'drizzle-orm';
import { formatDate } from '../../../shared/format/dates';
import { emailMessages } from '../../../shared/messages/emails';
import { fillMessage } from '../../../shared/messages/fill';
import { guestQuotaMessages } from '../../../shared/messages/guest-quotas';
import { passExtensionMessages } from '../../../shared/messages/pass-extensions';
import type { Clock } from '../../clock';
import { type Config, tenantBaseUrl } from '../../config';
import { type Database, queryRows, type Transaction } from '../../db/client';
import { productOfPass } from '../../db/pass-joins';
import { issuedPasses, passProducts, permitHolders, tenants } from '../../db/schema';
import { enqueueEmail } from '../mail';

/** Reminders go out this many days before a pass expires, the nearest due one only. */
export const REMINDER_DAYS = [1, 7, 30] as const;
const BATCH_SIZE = 200;

/**
 * Emails holders of paid passes 30, 7 and 1 days before expiry. Each reminder is claimed by
 * inserting its marker row (pass, expiry, days) and its email is queued in the same transaction:
 * the marker's primary key lets exactly one of several sweeping processes claim it, the others'
 * inserts do nothing. A pass already inside a nearer window gets only that reminder (one 7-day
 * reminder, not a late 30-day one too), and a pass shorter than a window never gets that one
 * (a day pass is not reminded the moment it is bought). A renewed pass has a new expiry, so it is
 * reminded again; one that renews by itself is not reminded. A pass of a day or less gets instead
 * one reminder its product's `shortReminderMinutes` before it ends (decision 223), claimed the same
 * way with days_before 0. Returns how many reminders were sent.
 */
export async function sendExpiryReminders(options: {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'publicBaseUrl'>;
}): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await claimShortReminders(options);
    sent += claimed;
    if (claimed < BATCH_SIZE) break;
  }
  for (const days of REMINDER_DAYS) {
    for (;;) {
      const claimed = await claimAndQueue(options, days);
      sent += claimed;
      if (claimed < BATCH_SIZE) break;
    }
  }
  return sent;
}

async function claimAndQueue(
  options: Parameters<typeof sendExpiryReminders>[0],
  days: (typeof REMINDER_DAYS)[number],
): Promise<number> {
  const { db, clock, config } = options;
  return db.transaction(async (tx) => {
    const now = clock.now();
    const window = `${days} days`;
    const claimed = await queryRows<{ pass_id: string }>(
      tx,
      sql`
      INSERT INTO pass_expiry_reminders (pass_id, tenant_id, expires_at, days_before, sent_at)
      SELECT p.id, p.tenant_id, p.expires_at, ${days}, ${now}
      FROM issued_passes p
      WHERE p.paid_status = 'paid'
        AND p.expires_at > ${now}
        AND p.expires_at <= ${now}::timestamptz + ${window}::interval
        AND p.expires_at - p.issued_on > ${window}::interval
        -- A recurring pass that renews by itself needs no reminder.
        AND NOT EXISTS (
          SELECT 1 FROM subscriptions s
          WHERE s.id = p.subscription_ref AND s.status = 'active' AND NOT s.cancel_at_period_end
        )
        AND NOT EXISTS (
          SELECT 1 FROM pass_expiry_reminders r
          WHERE r.pass_id = p.id AND r.expires_at = p.expires_at AND r.days_before <= ${days}
        )
      ORDER BY p.expires_at
      LIMIT ${BATCH_SIZE}
      ON CONFLICT DO NOTHING
      RETURNING pass_id`,
    );
    for (const { pass_id: passId } of claimed) {
      const row = await reminderContext(tx, passId);
      const to = row?.holderEmail ?? row?.pass.customerEmail;
      // The marker stays: a pass with nobody to tell is not looked at again for this window.
      if (!row || !to) continue;
      const { pass, tenant } = row;
      const name = row.holderName ?? pass.customerName;
      const expires = formatDate(pass.expiresAt, tenant.timezone, 'dateTime');
      await enqueueEmail(tx, {
        tenantId: tenant.id,
        to,
        now,
        email: () => ({
          subject:
            days === 1
              ? 'Your parking permit expires tomorrow'
              : `Your parking permit expires in ${days} days`,
          heading: 'Your parking permit is expiring soon',
          paragraphs: [
            name ? `Hello ${name},` : 'Hello,',
            `${row.productName} (permit #${pass.customerPermitId}) expires on ${expires}.`,
            'If you still need to park, register for a new pass before then.',
          ],
          action: {
            label: 'View your permit',
            url: `${tenantBaseUrl(config, tenant.subdomain)}/permit/issued/${pass.id}/receipt`,
          },
        }),
      });
    }
    return claimed.length;
  });
}

/**
 * The short-pass reminder: a paid pass of a day or less, ending within its product's
 * `short_reminder_minutes` (and longer than that, so it is not reminded the moment it is bought).
 * Claimed by its marker row (pass, expiry, 0) and queued in the same transaction, translated into
 * the recipient's language by the outbox.
 */
async function claimShortReminders(options: Parameters<typeof sendExpiryReminders>[0]): Promise<number> {
  const { db, clock, config } = options;
  return db.transaction(async (tx) => {
    const now = clock.now();
    const claimed = await queryRows<{ pass_id: string }>(
      tx,
      sql`
      INSERT INTO pass_expiry_reminders (pass_id, tenant_id, expires_at, days_before, sent_at)
      SELECT p.id, p.tenant_id, p.expires_at, 0, ${now}
      FROM issued_passes p
      JOIN pass_products pr ON pr.tenant_id = p.tenant_id AND pr.id = p.product_id
      WHERE p.paid_status = 'paid'
        AND pr.short_reminder_minutes IS NOT NULL
        AND p.expires_at - p.issued_on <= interval '1 day'
        AND p.expires_at - p.issued_on > make_interval(mins => pr.short_reminder_minutes)
        AND p.expires_at > ${now}
        AND p.expires_at <= ${now}::timestamptz + make_interval(mins => pr.short_reminder_minutes)
        AND NOT EXISTS (
          SELECT 1 FROM pass_expiry_reminders r
          WHERE r.pass_id = p.id AND r.expires_at = p.expires_at AND r.days_before = 0
        )
      ORDER BY p.expires_at
      LIMIT ${BATCH_SIZE}
      ON CONFLICT DO NOTHING
      RETURNING pass_id`,
    );
    for (const { pass_id: passId } of claimed) {
      const row = await reminderContext(tx, passId);
      const to = row?.holderEmail ?? row?.pass.customerEmail;
      if (!row || !to) continue;
      const { pass, tenant } = row;
      const name = row.holderName ?? pass.customerName;
      const minutes = Math.max(1, Math.round((pass.expiresAt.getTime() - now.getTime()) / 60_000));
      await enqueueEmail(tx, {
        tenantId: tenant.id,
        to,
        now,
        email: () => ({
          subject: fillMessage(guestQuotaMessages.reminderSubject, { minutes }),
          heading: guestQuotaMessages.reminderHeading,
          paragraphs: [
            name ? fillMessage(emailMessages.greetingNamed, { name }) : emailMessages.greeting,
            fillMessage(guestQuotaMessages.reminderBody, {
              product: row.productName,
              number: pass.customerPermitId,
              time: formatDate(pass.expiresAt, tenant.timezone, 'dateTime'),
            }),
            guestQuotaMessages.reminderAfter,
          ],
          // The pass's page offers the extension when the product allows it (decision 236).
          action: row.allowsExtension
            ? {
                label: passExtensionMessages.reminderExtendAction,
                url: `${tenantBaseUrl(config, tenant.subdomain)}/permit/issued/${pass.id}/receipt?extend=1`,
              }
            : {
                label: guestQuotaMessages.reminderAction,
                url: `${tenantBaseUrl(config, tenant.subdomain)}/permit/issued/${pass.id}/receipt`,
              },
        }),
      });
    }
    return claimed.length;
  });
}

/** The pass, its product's name, its holder and its tenant, for a reminder's email. */
async function reminderContext(tx: Transaction, passId: string) {
  const [row] = await tx
    .select({
      pass: issuedPasses,
      productName: passProducts.name,
      allowsExtension: passProducts.allowsExtension,
      holderEmail: permitHolders.email,
      holderName: permitHolders.name,
      tenant: tenants,
    })
    .from(issuedPasses)
    .innerJoin(tenants, eq(tenants.id, issuedPasses.tenantId))
    .innerJoin(passProducts, productOfPass)
    .leftJoin(
      permitHolders,
      and(eq(permitHolders.tenantId, issuedPasses.tenantId), eq(permitHolders.passId, issuedPasses.id)),
    )
    .where(eq(issuedPasses.id, passId));
  return row;
}
