import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { issuedPasses } from './passes';

/**
 * What the console's searches match, kept lower-cased by database triggers (migration 1270,
 * decision 238) so that a search is a leakproof `^@` on an index under row-level security.
 * Read-only for the app: change the customer or the pass instead.
 */
export const customerSearchTerms = pgTable(
  'customer_search_terms',
  {
    tenantId: uuid('tenant_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    /** The email, the name, or the name from a later word on, lower-cased. */
    term: text('term').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.term] }),
    // INCLUDE (customer_id) in SQL (migration 1300): a search reads its ids from the index alone.
    index('customer_search_terms_prefix_id_idx').on(table.tenantId, sql`${table.term} text_pattern_ops`),
    foreignKey({
      name: 'customer_search_terms_tenant_id_customer_id_fkey',
      columns: [table.tenantId, table.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }).onDelete('cascade'),
  ],
);

export const passSearchTerms = pgTable(
  'pass_search_terms',
  {
    tenantId: uuid('tenant_id').notNull(),
    passId: uuid('pass_id').notNull(),
    /** 'email': the holder's email; 'name': one word of the holder's name. */
    kind: text('kind').$type<'email' | 'name'>().notNull(),
    term: text('term').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.passId, table.kind, table.term] }),
    // INCLUDE (pass_id) in SQL (migration 1300): a search reads its ids from the index alone.
    index('pass_search_terms_prefix_id_idx').on(
      table.tenantId,
      table.kind,
      sql`${table.term} text_pattern_ops`,
    ),
    foreignKey({
      name: 'pass_search_terms_tenant_id_pass_id_fkey',
      columns: [table.tenantId, table.passId],
      foreignColumns: [issuedPasses.tenantId, issuedPasses.id],
    }).onDelete('cascade'),
  ],
);
