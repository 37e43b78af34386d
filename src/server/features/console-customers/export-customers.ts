import type { Readable } from 'node:stream';
import { and, asc, type SQL } from 'drizzle-orm';
import type { ExportCustomersQuery } from '../../../shared/contract';
import type { Database } from '../../db/client';
import { customers, type TenantRow } from '../../db/schema';
import { keysetAfter, keysetSortKey, streamCsvExport } from '../lists';
import { customerOrderColumns, customerSearchWhere } from './customer-search';

/** The export's columns, in order. */
export const CUSTOMER_EXPORT_COLUMNS = [
  'customerNumber',
  'fullname',
  'email',
  'business',
  'guestCodesActive',
  'createdAt',
  'uuid',
] as const;

/**
 * The customers the console's list shows for its search, in its order (by name), as CSV: every
 * row, a batch at a time (the console lists' shared export, src/server/features/lists/csv-export.ts).
 */
export function exportCustomers(options: {
  db: Database;
  tenant: TenantRow;
  query: ExportCustomersQuery;
  batchSize?: number;
}): Readable {
  const { db, tenant, query } = options;
  const columns: SQL[] = customerOrderColumns();
  return streamCsvExport({
    header: CUSTOMER_EXPORT_COLUMNS,
    batchSize: options.batchSize,
    readBatch: (lastKey, limit) =>
      db
        .select({ customer: customers, sortKey: keysetSortKey(columns) })
        .from(customers)
        .where(
          and(
            customerSearchWhere(tenant, query.q),
            lastKey ? keysetAfter(columns, 'asc', lastKey) : undefined,
          ),
        )
        .orderBy(...columns.map((column) => asc(column)))
        .limit(limit),
    cells: ({ customer }) => [
      customer.customerPublicId,
      customer.fullname,
      customer.email,
      customer.customerEntityName,
      customer.isGuestCodesActive ? 'yes' : 'no',
      customer.createdAt.toISOString(),
      customer.id,
    ],
  });
}
