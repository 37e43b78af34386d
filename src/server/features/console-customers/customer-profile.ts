import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ConsoleCustomer } from '../../../shared/contract';
import type { Database, Transaction } from '../../db/client';
import {
  type CustomerRow,
  citations,
  customers,
  issuedPasses,
  type PaymentSessionStatus,
  passProducts,
  paymentSessions,
  type TenantRow,
} from '../../db/schema';
import { notFound } from '../../errors';
import { toCustomerSummary } from './customer-search';

/** Most passes and payments a customer's page lists, newest first. */
const HISTORY_LIMIT = 100;

/** Payments that happened: a checkout opened and abandoned is not one. */
const SETTLED_STATUSES: PaymentSessionStatus[] = ['paid', 'refunded', 'refund_failed'];

export async function findTenantCustomer(
  db: Database | Transaction,
  tenantId: string,
  customerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CustomerRow> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Customer');
  return row;
}

/** A customer as the console shows them: the account, their passes, payments and notices paid. */
export async function getConsoleCustomer(options: {
  db: Database;
  tenant: TenantRow;
  customerId: string;
}): Promise<ConsoleCustomer> {
  const { db, tenant, customerId } = options;
  const customer = await findTenantCustomer(db, tenant.id, customerId);
  const passes = await db
    .select({
      uuid: issuedPasses.id,
      customerPermitId: issuedPasses.customerPermitId,
      productName: passProducts.name,
      paidStatus: issuedPasses.paidStatus,
      issuedOn: issuedPasses.issuedOn,
      expiresAt: issuedPasses.expiresAt,
      amount: issuedPasses.amount,
    })
    .from(issuedPasses)
    .innerJoin(passProducts, eq(passProducts.id, issuedPasses.productId))
    .where(and(eq(issuedPasses.tenantId, tenant.id), eq(issuedPasses.customerId, customer.id)))
    .orderBy(desc(issuedPasses.issuedOn))
    .limit(HISTORY_LIMIT);
  const payments = await db
    .select({
      uuid: paymentSessions.id,
      purpose: paymentSessions.purpose,
      description: paymentSessions.description,
      amount: paymentSessions.amount,
      status: paymentSessions.status,
      paidAt: paymentSessions.paidAt,
      citationNumber: citations.citationNumber,
    })
    .from(paymentSessions)
    .leftJoin(
      citations,
      and(
        eq(paymentSessions.purpose, 'citation'),
        eq(citations.id, paymentSessions.subjectId),
        eq(citations.tenantId, tenant.id),
      ),
    )
    .where(
      and(
        eq(paymentSessions.tenantId, tenant.id),
        eq(paymentSessions.customerId, customer.id),
        inArray(paymentSessions.status, SETTLED_STATUSES),
      ),
    )
    .orderBy(desc(paymentSessions.paidAt))
    .limit(HISTORY_LIMIT);
  return {
    ...toCustomerSummary(customer),
    building: customer.building,
    unit: customer.unit,
    guestCode: customer.isGuestCodesActive ? customer.guestCode : null,
    isEmailVerified: customer.emailVerifiedAt !== null,
    isClosed: customer.closedAt !== null,
    passes: passes.map((pass) => ({
      ...pass,
      issuedOn: pass.issuedOn.toISOString(),
      expiresAt: pass.expiresAt.toISOString(),
    })),
    payments: payments.map((payment) => ({ ...payment, paidAt: payment.paidAt?.toISOString() ?? null })),
  };
}
