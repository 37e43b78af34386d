import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { tenants } from './tenants';

export const PAYMENT_PROVIDERS = ['stripe', 'sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export type PaymentSessionStatus = 'open' | 'paid' | 'expired' | 'refunded' | 'refund_failed';
/** Why a paid session's money is given back (see features/payments/fulfilments.ts). */
export type RefundReason = 'duplicate' | 'not_payable' | 'amount_changed' | 'operator';

/**
 * One hosted checkout: what is being paid (purpose + subject), how much, and where the browser
 * returns. The provider's session id links the provider's events back to it.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerSessionId: text('provider_session_id').unique(),
    /** Which fulfilment runs when it is paid: 'citation', 'permit', ... */
    purpose: text('purpose').notNull(),
    subjectId: uuid('subject_id').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The total charged: the subject's own line plus the two fee lines below. */
    amount: integer('amount').notNull(),
    processingFee: integer('processing_fee').notNull().default(0),
    serviceFee: integer('service_fee').notNull().default(0),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<PaymentSessionStatus>().notNull().default('open'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    receiptUrl: text('receipt_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The provider's payment (Stripe PaymentIntent) of a paid session: what a refund names. */
    providerPaymentId: text('provider_payment_id'),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Why the automatic refund of a duplicate payment failed (status 'refund_failed'). */
    refundError: text('refund_error'),
    refundFailedAt: timestamp('refund_failed_at', { withTimezone: true }),
    /** Why the payment is (to be) given back; set with 'refunded' or 'refund_failed'. */
    refundReason: text('refund_reason').$type<RefundReason>(),
    /** How much of `amount` has been given back (all of it once the status is 'refunded'). */
    refundedAmount: integer('refunded_amount').notNull().default(0),
  },
  (table) => [
    index('payment_sessions_subject_idx').on(table.tenantId, table.purpose, table.subjectId),
    index('payment_sessions_customer_idx').on(table.customerId, table.paidAt).where(sql`status = 'paid'`),
  ],
);

/** One refund an operator made of a payment, in full or in part, with its reason (decision 224). */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    paymentSessionId: uuid('payment_session_id')
      .notNull()
      .references(() => paymentSessions.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    /** The operator's email, when an operator made it. */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_refunds_session_idx').on(table.tenantId, table.paymentSessionId, table.createdAt),
  ],
);

/** Provider events already handled; the primary key is what makes handling exactly-once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentSessionId: uuid('payment_session_id').references(() => paymentSessions.id, {
      onDelete: 'cascade',
    }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** The payment provider's customer record of an account (cards, customer portal). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_customers_provider_key').on(table.provider, table.providerCustomerId)],
);

/** Cards saved with the sandbox provider; Stripe keeps its own. */
export const sandboxCards = pgTable(
  'sandbox_cards',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    providerCustomerId: text('provider_customer_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_cards_customer_idx').on(table.providerCustomerId)],
);

/** A short-lived link to the sandbox customer portal, like Stripe's billing portal session. */
export const sandboxPortalSessions = pgTable('sandbox_portal_sessions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  providerCustomerId: text('provider_customer_id').notNull(),
  returnUrl: text('return_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type PaymentSessionRow = typeof paymentSessions.$inferSelect;
