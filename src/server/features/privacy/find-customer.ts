import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type CustomerRow, customers } from '../../db/schema';
import { notFound } from '../../errors';

/** One customer of the tenant by uuid; another tenant's (or an unknown) uuid is "not found". */
export async function findTenantCustomer(
  db: Database,
  tenantId: string,
  customerId: string,
): Promise<CustomerRow> {
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId.toLowerCase())));
  if (!customer) throw notFound('Customer');
  return customer;
}
