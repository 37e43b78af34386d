import { and, desc, eq, or } from 'drizzle-orm';
import type { ConsolePass, PassPayment } from '../../../shared/contract';
import type { Database, Transaction } from '../../db/client';
import { runQueries } from '../../db/run-queries';
import { type IssuedPassRow, issuedPasses, type PaymentSessionRow, paymentSessions } from '../../db/schema';
import { notFound } from '../../errors';
import { loadIssuedPermit } from '../passes';
import { refundableOf } from '../payments';

type Reader = Database | Transaction;

/** The payments of a pass: its own checkouts and, for a recurring pass, its subscription's. */
export function paymentsOfPass(pass: Pick<IssuedPassRow, 'id' | 'tenantId' | 'subscriptionRef'>) {
  const ownCheckout = and(eq(paymentSessions.purpose, 'pass'), eq(paymentSessions.subjectId, pass.id));
  const subscription = pass.subscriptionRef
    ? and(eq(paymentSessions.purpose, 'subscription'), eq(paymentSessions.subjectId, pass.subscriptionRef))
    : undefined;
  return and(eq(paymentSessions.tenantId, pass.tenantId), or(ownCheckout, subscription));
}

function toPassPayment(row: PaymentSessionRow): PassPayment {
  return {
    uuid: row.id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundedAmount: row.refundedAmount,
    receiptUrl: row.receiptUrl,
  };
}

export async function findPassRow(db: Reader, tenantId: string, passId: string): Promise<IssuedPassRow> {
  const [row] = await db
    .select()
    .from(issuedPasses)
    .where(and(eq(issuedPasses.tenantId, tenantId), eq(issuedPasses.id, passId)));
  if (!row) throw notFound('Pass');
  return row;
}

/** One pass as the console shows it: the Issued permit, its customer, decision and payments. */
export async function loadConsolePass(
  db: Reader,
  tenantId: string,
  passId: string,
  now: Date,
): Promise<ConsolePass> {
  const pass = await findPassRow(db, tenantId, passId);
  const [permit, payments] = await runQueries(db, [
    () => loadIssuedPermit(db, tenantId, passId, now),
    () =>
      db.select().from(paymentSessions).where(paymentsOfPass(pass)).orderBy(desc(paymentSessions.createdAt)),
  ]);
  if (!permit) throw notFound('Pass');
  return {
    permit,
    customerUUID: pass.customerId,
    createdAt: pass.createdAt.toISOString(),
    approvalMessage: pass.approvalMessage,
    decidedAt: pass.decidedAt?.toISOString() ?? null,
    payments: payments.map(toPassPayment),
    isRefundable: refundableOf(payments) > 0,
    refundable: refundableOf(payments),
  };
}
