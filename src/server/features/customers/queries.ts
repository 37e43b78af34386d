import { and, eq, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { type CustomerRow, customers } from '../../db/schema';

/**
 * The condition "this tenant's customer with this address", compared lower-cased. On the kept
 * `email_key` rather than `lower(email)`, so it is an index read under row-level security
 * (decision 246).
 */
export function customerEmailIs(
  tenantId: string | Placeholder,
  email: string | Placeholder,
): SQL | undefined {
  return and(eq(customers.tenantId, tenantId), eq(customers.emailKey, sql`lower(${email})`));
}

/** The account of a tenant with this address, compared lower-cased. */
export async function findCustomerByEmail(
  db: Database | Transaction,
  tenantId: string,
  email: string,
): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(customerEmailIs(tenantId, email));
  return row ?? null;
}

export async function isEmailTakenByAnother(
  db: Database | Transaction,
  options: { tenantId: string; email: string; exceptCustomerId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(customerEmailIs(options.tenantId, options.email), ne(customers.id, options.exceptCustomerId)));
  return Boolean(row);
}

/** PostgreSQL's unique_violation: a concurrent request won the race for an address or code. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown })?.cause];
  return candidates.some((candidate) => {
    const pgError = candidate as { code?: string; constraint?: string; message?: string } | undefined;
    if (pgError?.code !== '23505') return false;
    return !constraint || pgError.constraint === constraint || Boolean(pgError.message?.includes(constraint));
  });
}
