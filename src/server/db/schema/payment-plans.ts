import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { citations } from './citations';
import type { PaymentProviderName } from './payments';
import { tenants } from './tenants';

/** Where a payment plan stands (migration 1190, decision 222). */
export const PAYMENT_PLAN_STATUSES = ['pending', 'active', 'completed', 'defaulted', 'canceled'] as const;
export type PaymentPlanStatus = (typeof PAYMENT_PLAN_STATUSES)[number];

export const INSTALMENT_STATUSES = ['due', 'charging', 'paid', 'paid_off', 'canceled'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

/**
 * A notice paid in monthly instalments. 'pending' while the first instalment's checkout is open;
 * 'active' once it is paid (one active plan per notice); then 'completed', 'defaulted' (an
 * instalment stayed unpaid past the tenant's grace period) or 'canceled' (the notice was voided).
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    citationId: uuid('citation_id')
      .notNull()
      .references(() => citations.id, { onDelete: 'cascade' }),
    status: text('status').$type<PaymentPlanStatus>().notNull().default('pending'),
    instalmentCount: integer('instalment_count').notNull(),
    noticeAmount: integer('notice_amount').notNull(),
    fee: integer('fee').notNull().default(0),
    total: integer('total').notNull(),
    payerEmail: text('payer_email'),
    noticeUrl: text('notice_url'),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerPaymentMethodId: text('provider_payment_method_id'),
    checkoutSessionId: uuid('checkout_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payment_plans_one_active_key').on(table.citationId).where(sql`status = 'active'`),
    index('payment_plans_tenant_citation_idx').on(table.tenantId, table.citationId, table.createdAt),
  ],
);

/** One instalment of a plan: due on a tenant-local date, charged once (claimed by one sweep). */
export const paymentPlanInstalments = pgTable(
  'payment_plan_instalments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    dueOn: text('due_on').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<InstalmentStatus>().notNull().default('due'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
    lastFailure: text('last_failure'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    providerPaymentId: text('provider_payment_id'),
    receiptUrl: text('receipt_url'),
  },
  (table) => [
    uniqueIndex('payment_plan_instalments_plan_sequence_key').on(table.planId, table.sequence),
    index('payment_plan_instalments_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`status IN ('due', 'charging')`),
  ],
);

/** Payment methods saved with the sandbox provider, and whether an off-session charge is declined. */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  providerPaymentId: text('provider_payment_id').notNull().unique(),
  declinesOffSession: boolean('declines_off_session').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentPlanRow = typeof paymentPlans.$inferSelect;
export type PaymentPlanInstalmentRow = typeof paymentPlanInstalments.$inferSelect;
