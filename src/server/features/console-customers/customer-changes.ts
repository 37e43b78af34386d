import { and, eq, sql } from 'drizzle-orm';
import type { ConsoleCustomer } from '../../../shared/contract';
import type { Database, Transaction } from '../../db/client';
import {
  businessAccounts,
  type CustomerRow,
  customers,
  type OperatorRow,
  type TenantRow,
} from '../../db/schema';
import { recordAudit } from '../audit';
import { auditActorOf } from '../console-notices';
import { rotateGuestCode } from '../customers';
import { findTenantCustomer, getConsoleCustomer } from './customer-profile';

interface ChangeOptions {
  db: Database;
  tenant: TenantRow;
  operator: OperatorRow;
  customerId: string;
}

const snapshot = (row: CustomerRow) => ({
  isGuestCodesActive: row.isGuestCodesActive,
  businessAccountId: row.businessAccountId,
  customerEntityName: row.customerEntityName,
});

/** Changes one customer with its row locked and records the change in the same transaction. */
async function changeCustomer(
  options: ChangeOptions & { action: string },
  change: (row: CustomerRow, tx: Transaction) => Promise<void>,
): Promise<ConsoleCustomer> {
  const { db, tenant, operator, customerId } = options;
  await db.transaction(async (tx) => {
    const before = await findTenantCustomer(tx, tenant.id, customerId, { forUpdate: true });
    await change(before, tx);
    const after = await findTenantCustomer(tx, tenant.id, customerId);
    await recordAudit(tx, {
      tenantId: tenant.id,
      actor: auditActorOf(operator),
      action: options.action,
      entityType: 'customer',
      entityId: customerId,
      before: snapshot(before),
      after: snapshot(after),
    });
  });
  return getConsoleCustomer({ db, tenant, customerId });
}

/** Guest codes on (a code is issued if the account has none) or off. */
export function setGuestCodes(options: ChangeOptions & { isGuestCodesActive: boolean }) {
  return changeCustomer({ ...options, action: 'customer.guest-codes' }, async (row, tx) => {
    await tx
      .update(customers)
      .set({ isGuestCodesActive: options.isGuestCodesActive })
      .where(eq(customers.id, row.id));
    if (options.isGuestCodesActive && !row.guestCode) await rotateGuestCode(tx, row);
  });
}

/** The tenant's business account of this name (any case), created when there is none. */
async function businessAccountNamed(tx: Transaction, tenantId: string, name: string): Promise<string> {
  const where = and(
    eq(businessAccounts.tenantId, tenantId),
    eq(sql`lower(${businessAccounts.name})`, name.toLowerCase()),
  );
  const [existing] = await tx.select({ id: businessAccounts.id }).from(businessAccounts).where(where);
  if (existing) return existing.id;
  const [created] = await tx
    .insert(businessAccounts)
    .values({ tenantId, name })
    .onConflictDoNothing()
    .returning({ id: businessAccounts.id });
  if (created) return created.id;
  // Created by a concurrent request a moment ago.
  const [raced] = await tx.select({ id: businessAccounts.id }).from(businessAccounts).where(where);
  return raced!.id;
}

/**
 * Makes the customer a member of the business account with this name (their customerEntityName,
 * kept by the database trigger of migration 0700), or a person again with null.
 */
export function setBusiness(options: ChangeOptions & { entityName: string | null }) {
  return changeCustomer({ ...options, action: 'customer.business' }, async (row, tx) => {
    const businessAccountId = options.entityName
      ? await businessAccountNamed(tx, options.tenant.id, options.entityName)
      : null;
    await tx.update(customers).set({ businessAccountId }).where(eq(customers.id, row.id));
  });
}
