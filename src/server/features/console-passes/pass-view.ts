import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { ConsolePass, ConsolePassExtension, PassPayment } from '../../../shared/contract';
import type { Database, Transaction } from '../../db/client';
import { runQueries } from '../../db/run-queries';
import {
  type IssuedPassRow,
  issuedPasses,
  type PaymentSessionRow,
  passExtensions,
  paymentSessions,
} from '../../db/schema';
import { notFound } from '../../errors';
import { listPassExtensions, loadIssuedPermit, type SettledExtensionRow } from '../passes';
import { refundableOf } from '../payments';

type Reader = Database | Transaction;

/**
 * The payments of a pass: its own checkouts, its extensions' (decision 243: money paid for the
 * pass, shown and refunded with it) and, for a recurring pass, its subscription's.
 */
export function paymentsOfPass(db: Reader, pass: Pick<IssuedPassRow, 'id' | 'tenantId' | 'subscriptionRef'>) {
  const ownCheckout = and(eq(paymentSessions.purpose, 'pass'), eq(paymentSessions.subjectId, pass.id));
  const extensionsOfPass = and(
    eq(paymentSessions.purpose, 'pass_extension'),
    inArray(
      paymentSessions.subjectId,
      db
        .select({ id: passExtensions.id })
        .from(passExtensions)
        .where(and(eq(passExtensions.tenantId, pass.tenantId), eq(passExtensions.passId, pass.id))),
    ),
  );
  const subscription = pass.subscriptionRef
    ? and(eq(paymentSessions.purpose, 'subscription'), eq(paymentSessions.subjectId, pass.subscriptionRef))
    : undefined;
  return and(eq(paymentSessions.tenantId, pass.tenantId), or(ownCheckout, extensionsOfPass, subscription));
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

function toConsoleExtension(row: SettledExtensionRow): ConsolePassExtension {
  return {
    uuid: row.id,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    amount: row.amount,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
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

/** One pass as the console shows it: the Issued permit, its customer, decision, payments and extensions. */
export async function loadConsolePass(
  db: Reader,
  tenantId: string,
  passId: string,
  now: Date,
): Promise<ConsolePass> {
  const pass = await findPassRow(db, tenantId, passId);
  const [permit, payments, extensions] = await runQueries(db, [
    () => loadIssuedPermit(db, tenantId, passId, now),
    () =>
      db
        .select()
        .from(paymentSessions)
        .where(paymentsOfPass(db, pass))
        .orderBy(desc(paymentSessions.createdAt)),
    () => listPassExtensions(db, tenantId, passId),
  ]);
  if (!permit) throw notFound('Pass');
  return {
    permit,
    customerUUID: pass.customerId,
    createdAt: pass.createdAt.toISOString(),
    approvalMessage: pass.approvalMessage,
    decidedAt: pass.decidedAt?.toISOString() ?? null,
    payments: payments.map(toPassPayment),
    extensions: extensions.map(toConsoleExtension),
    isRefundable: refundableOf(payments) > 0,
    refundable: refundableOf(payments),
  };
}
