import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** A violation code of a tenant: its name and description show on each notice. */
export const citationCodes = pgTable(
  'citation_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** What a notice written in the field with this code costs, and its late tiers (migration 0800). */
    amount: integer('amount'),
    lateAmount1: integer('late_amount1'),
    lateDays1: integer('late_days1'),
    lateAmount2: integer('late_amount2'),
    lateDays2: integer('late_days2'),
    /** Archived: kept on old notices, not offered for new ones (migration 1130). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('citation_codes_tenant_name_key').on(table.tenantId, table.name),
    index('citation_codes_tenant_lower_name_idx').on(table.tenantId, sql`lower(${table.name})`),
  ],
);

export const citations = pgTable(
  'citations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    citationNumber: text('citation_number').notNull(),
    plate: text('plate').notNull(),
    stateProv: text('state_prov'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
    datePaid: timestamp('date_paid', { withTimezone: true }),
    voidDate: timestamp('void_date', { withTimezone: true }),
    paymentStatus: text('payment_status').notNull().default('Open'),
    amount: integer('amount').notNull(),
    amountOverride: integer('amount_override'),
    paidTotal: integer('paid_total'),
    lateAmount1: integer('late_amount1'),
    lateDays1: integer('late_days1'),
    lateAmount2: integer('late_amount2'),
    lateDays2: integer('late_days2'),
    citationCodeId: uuid('citation_code_id').references(() => citationCodes.id),
    location: text('location'),
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    receiptUrl: text('receipt_url'),
    make: text('make'),
    color: text('color'),
    comments: text('comments'),
    /** Chosen by the patrol device that wrote the notice: a retry writes it once. */
    clientId: text('client_id'),
    /** The sha-256 of the field notice as sent: a retry with other content is a 409 (client-retry.ts). */
    clientFingerprint: text('client_fingerprint'),
  },
  (table) => [
    uniqueIndex('citations_tenant_client_id_key')
      .on(table.tenantId, table.clientId)
      .where(sql`client_id IS NOT NULL`),
    uniqueIndex('citations_tenant_number_key').on(table.tenantId, table.citationNumber),
    index('citations_tenant_plate_idx').on(table.tenantId, table.plate),
    // The console's list: an index per sort and filter (migration 0840, decision 147).
    index('citations_tenant_created_idx').on(table.tenantId, table.createdOn, table.id),
    index('citations_tenant_status_created_idx').on(
      table.tenantId,
      table.paymentStatus,
      table.createdOn,
      table.id,
    ),
    index('citations_tenant_amount_idx').on(
      table.tenantId,
      sql`coalesce(${table.amountOverride}, ${table.amount})`,
      table.id,
    ),
    index('citations_tenant_plate_order_idx').on(table.tenantId, table.plate, table.id),
    index('citations_tenant_code_created_idx').on(
      table.tenantId,
      table.citationCodeId,
      table.createdOn,
      table.id,
    ),
    index('citations_tenant_plate_prefix_idx').on(table.tenantId, table.plate.op('text_pattern_ops')),
    index('citations_tenant_number_prefix_idx').on(
      table.tenantId,
      table.citationNumber.op('text_pattern_ops'),
    ),
    // Repeat offenders: unpaid notices grouped by plate (migration 1160, decision 213).
    index('citations_tenant_unpaid_plate_idx')
      .on(table.tenantId, table.plate, table.createdOn)
      .where(
        sql`date_paid IS NULL AND void_date IS NULL AND payment_status NOT IN ('Paid', 'Paid off platform', 'Archived', 'Void')`,
      ),
  ],
);

export type CitationRow = typeof citations.$inferSelect;
export type CitationCodeRow = typeof citationCodes.$inferSelect;
