import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { type PaymentProviderName, paymentSessions } from './payments';
import { tenants } from './tenants';

export type SubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'canceled';
export type BillingInterval = 'day' | 'week' | 'month' | 'year';

/**
 * A recurring payment for something (purpose + subject, e.g. a pass), started by a checkout
 * (payment session of purpose 'subscription') and kept in step with the provider's events:
 * paid invoices move current_period_end, a failed renewal makes it past_due, the end cancels it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** Set by the provider's first event that names it. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** Which subscription fulfilment runs on its events: 'pass', ... */
    purpose: text('purpose').notNull(),
    subjectId: uuid('subject_id').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The checkout that starts it. */
    checkoutSessionId: uuid('checkout_session_id')
      .notNull()
      .references(() => paymentSessions.id, { onDelete: 'cascade' }),
    /** Charged every period, fees included. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').$type<BillingInterval>().notNull(),
    intervalCount: integer('interval_count').notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('incomplete'),
    /** Paid through: the end of the last paid period. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** While set and ahead, one request is asking the provider to stop renewal (migration 1020). */
    stopClaimedUntil: timestamp('stop_claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    lastPaymentFailedAt: timestamp('last_payment_failed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('subscriptions_provider_key').on(table.provider, table.providerSubscriptionId),
    uniqueIndex('subscriptions_checkout_key').on(table.checkoutSessionId),
    index('subscriptions_subject_idx').on(table.tenantId, table.purpose, table.subjectId),
  ],
);

/** Each invoice of a subscription that was paid: the key makes every period count once. */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    receiptUrl: text('receipt_url'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.providerInvoiceId] }),
    index('subscription_invoices_subscription_idx').on(table.subscriptionId, table.periodEnd),
  ],
);

/**
 * The sandbox provider's own subscriptions (what Stripe keeps on its side): created by a
 * subscription checkout, started when it is paid, renewed by the sandbox sweep on the clock.
 */
export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    providerSessionId: text('provider_session_id').notNull().unique(),
    /** Our subscription id, as Stripe keeps it in the subscription's metadata. */
    subscriptionId: uuid('subscription_id').notNull(),
    amount: integer('amount').notNull(),
    interval: text('interval').$type<BillingInterval>().notNull(),
    intervalCount: integer('interval_count').notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('incomplete'),
    /** When it started; period n ends at anchor + n intervals, as Stripe's billing anchor. */
    billingAnchor: timestamp('billing_anchor', { withTimezone: true }),
    periodsPaid: integer('periods_paid').notNull().default(0),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** When the sweep next acts: the period end, or the next retry of a failed renewal. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Paid with the test card that is accepted once and declined on every later charge. */
    isRenewalDeclined: boolean('is_renewal_declined').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sandbox_subscriptions_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`status IN ('active', 'past_due')`),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
