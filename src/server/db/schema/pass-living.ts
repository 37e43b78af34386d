import { sql } from 'drizzle-orm';
import { foreignKey, integer, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { issuedPasses } from './passes';

/**
 * Living with a pass (issue 10, migration 0810, docs/decisions/141): the proof of coverage an
 * officer scans, and the expiry reminders already sent.
 */

/** A pass's public proof: its own random uuid, so the QR code never carries the pass's capability. */
export const passProofs = pgTable(
  'pass_proofs',
  {
    passId: uuid('pass_id').primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    proofId: uuid('proof_id').notNull().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pass_proofs_proof_id_key').on(table.proofId),
    foreignKey({
      name: 'pass_proofs_pass_fkey',
      columns: [table.tenantId, table.passId],
      foreignColumns: [issuedPasses.tenantId, issuedPasses.id],
    }).onDelete('cascade'),
  ],
);

/** An expiry reminder sent: 30, 7 or 1 days before `expiresAt`, once each per expiry. */
export const passExpiryReminders = pgTable(
  'pass_expiry_reminders',
  {
    passId: uuid('pass_id').notNull(),
    tenantId: uuid('tenant_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.passId, table.expiresAt, table.daysBefore] }),
    foreignKey({
      name: 'pass_expiry_reminders_pass_fkey',
      columns: [table.tenantId, table.passId],
      foreignColumns: [issuedPasses.tenantId, issuedPasses.id],
    }).onDelete('cascade'),
  ],
);
