import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  appealMessages,
  appeals,
  auditLog,
  citations,
  customers,
  issuedPasses,
  passAccessCodes,
  passProducts,
  passWaitlistEntries,
  paymentSessions,
  subscriptionInvoices,
  subscriptions,
  uploads,
} from '../../db/schema';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * What a payment, a subscription or an upload was for, in the numbers people use: a notice's
 * number, a pass's public id. Subjects are notices or passes; anything else keeps its uuid.
 */
async function subjectNames(db: Database, tenantId: string) {
  const [notices, passes] = await Promise.all([
    db
      .select({ id: citations.id, number: citations.citationNumber })
      .from(citations)
      .where(eq(citations.tenantId, tenantId)),
    db
      .select({ id: issuedPasses.id, number: issuedPasses.customerPermitId })
      .from(issuedPasses)
      .where(eq(issuedPasses.tenantId, tenantId)),
  ]);
  const names = new Map<string, { citationNumber: string } | { customerPermitId: string }>();
  for (const notice of notices) names.set(notice.id, { citationNumber: notice.number });
  for (const pass of passes) names.set(pass.id, { customerPermitId: pass.number });
  return (subjectId: string) => names.get(subjectId) ?? { subjectId };
}

async function exportPayments(db: Database, tenantId: string, subjectOf: (id: string) => object) {
  const rows = await db
    .select({ session: paymentSessions, customerEmail: customers.email })
    .from(paymentSessions)
    .leftJoin(customers, eq(customers.id, paymentSessions.customerId))
    .where(eq(paymentSessions.tenantId, tenantId))
    .orderBy(asc(paymentSessions.createdAt), asc(paymentSessions.id));
  return rows.map(({ session, customerEmail }) => ({
    purpose: session.purpose,
    ...subjectOf(session.subjectId),
    customerEmail,
    provider: session.provider,
    providerPaymentId: session.providerPaymentId,
    description: session.description,
    amount: session.amount,
    processingFee: session.processingFee,
    serviceFee: session.serviceFee,
    currency: session.currency,
    status: session.status,
    createdAt: session.createdAt.toISOString(),
    paidAt: iso(session.paidAt),
    receiptUrl: session.receiptUrl,
    refundedAt: iso(session.refundedAt),
    refundReason: session.refundReason,
  }));
}

async function exportSubscriptions(db: Database, tenantId: string, subjectOf: (id: string) => object) {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.tenantId, tenantId))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
  const invoices = rows.length
    ? await db
        .select()
        .from(subscriptionInvoices)
        .where(
          inArray(
            subscriptionInvoices.subscriptionId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(subscriptionInvoices.periodEnd))
    : [];
  return rows.map((subscription) => ({
    purpose: subscription.purpose,
    ...subjectOf(subscription.subjectId),
    provider: subscription.provider,
    providerSubscriptionId: subscription.providerSubscriptionId,
    amount: subscription.amount,
    currency: subscription.currency,
    interval: subscription.interval,
    intervalCount: subscription.intervalCount,
    status: subscription.status,
    currentPeriodEnd: iso(subscription.currentPeriodEnd),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    startedAt: iso(subscription.startedAt),
    canceledAt: iso(subscription.canceledAt),
    invoices: invoices
      .filter((invoice) => invoice.subscriptionId === subscription.id)
      .map((invoice) => ({
        providerInvoiceId: invoice.providerInvoiceId,
        amount: invoice.amount,
        periodEnd: invoice.periodEnd.toISOString(),
        paidAt: invoice.paidAt.toISOString(),
        receiptUrl: invoice.receiptUrl,
      })),
  }));
}

/** Each appeal's thread, by the notice it appeals. */
async function exportAppealMessages(db: Database, tenantId: string) {
  const rows = await db
    .select({ message: appealMessages, citationNumber: citations.citationNumber })
    .from(appealMessages)
    .innerJoin(appeals, eq(appeals.id, appealMessages.appealId))
    .innerJoin(citations, eq(citations.id, appeals.citationId))
    .where(eq(appealMessages.tenantId, tenantId))
    .orderBy(asc(citations.citationNumber), asc(appealMessages.position));
  return rows.map(({ message, citationNumber }) => ({
    citationNumber,
    author: message.author,
    body: message.body,
    imageURLs: message.imageUrls,
    createdAt: message.createdAt.toISOString(),
  }));
}

/** Spent access codes: which pass used each, and when. */
async function exportUsedAccessCodes(db: Database, tenantId: string) {
  const rows = await db
    .select({ code: passAccessCodes, product: passProducts.name, pass: issuedPasses.customerPermitId })
    .from(passAccessCodes)
    .innerJoin(passProducts, eq(passProducts.id, passAccessCodes.productId))
    .leftJoin(issuedPasses, eq(issuedPasses.id, passAccessCodes.usedByPassId))
    .where(and(eq(passAccessCodes.tenantId, tenantId), isNotNull(passAccessCodes.usedAt)))
    .orderBy(asc(passAccessCodes.usedAt), asc(passAccessCodes.code));
  return rows.map(({ code, product, pass }) => ({
    product,
    code: code.code,
    usedAt: iso(code.usedAt),
    customerPermitId: pass,
  }));
}

/** Files in storage (a handed-out target never filled holds nothing); they stay at their URLs. */
async function exportUploads(db: Database, tenantId: string) {
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.tenantId, tenantId), inArray(uploads.status, ['stored', 'attached'])))
    .orderBy(asc(uploads.createdAt), asc(uploads.fileUrl));
  return rows.map((upload) => ({
    purpose: upload.purpose,
    fileUrl: upload.fileUrl,
    storageKey: upload.storageKey,
    contentType: upload.contentType,
    size: upload.size,
    status: upload.status,
    storedAt: iso(upload.storedAt),
  }));
}

/**
 * Waitlists (migration 1150): every entry, in line order per product, with the pass it led to.
 * The offer's link token stays behind (a capability that would let the export's reader buy).
 */
async function exportWaitlistEntries(db: Database, tenantId: string) {
  const rows = await db
    .select({ entry: passWaitlistEntries, productName: passProducts.name, customerEmail: customers.email })
    .from(passWaitlistEntries)
    .innerJoin(passProducts, eq(passProducts.id, passWaitlistEntries.productId))
    .leftJoin(customers, eq(customers.id, passWaitlistEntries.customerId))
    .where(eq(passWaitlistEntries.tenantId, tenantId))
    .orderBy(
      asc(passProducts.name),
      asc(passWaitlistEntries.position),
      asc(passWaitlistEntries.joinedAt),
      asc(passWaitlistEntries.id),
    );
  const passNumbers = new Map(
    (
      await db
        .select({ id: issuedPasses.id, number: issuedPasses.customerPermitId })
        .from(issuedPasses)
        .where(eq(issuedPasses.tenantId, tenantId))
    ).map((pass) => [pass.id, pass.number]),
  );
  return rows.map(({ entry, productName, customerEmail }) => ({
    product: productName,
    email: entry.email,
    customerEmail,
    position: entry.position,
    status: entry.status,
    joinedAt: entry.joinedAt.toISOString(),
    offeredAt: iso(entry.offeredAt),
    offerExpiresAt: iso(entry.offerExpiresAt),
    customerPermitId: entry.passId ? (passNumbers.get(entry.passId) ?? null) : null,
  }));
}

async function exportAuditLog(db: Database, tenantId: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.tenantId, tenantId))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((entry) => ({
    at: entry.createdAt.toISOString(),
    actor: entry.actorLabel,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
  }));
}

/**
 * The tenant's records that the fixture format does not load, for audit and for the operator's
 * books after leaving (decision 219): payments, subscriptions with their invoices, appeal threads,
 * spent access codes, the files in storage, waitlist entries and the audit log. The loader ignores
 * this part.
 */
export async function exportTenantHistory(db: Database, tenantId: string) {
  const subjectOf = await subjectNames(db, tenantId);
  const [payments, recurring, appealThreads, usedAccessCodes, files, waitlists, audit] = await Promise.all([
    exportPayments(db, tenantId, subjectOf),
    exportSubscriptions(db, tenantId, subjectOf),
    exportAppealMessages(db, tenantId),
    exportUsedAccessCodes(db, tenantId),
    exportUploads(db, tenantId),
    exportWaitlistEntries(db, tenantId),
    exportAuditLog(db, tenantId),
  ]);
  return {
    payments,
    subscriptions: recurring,
    appealMessages: appealThreads,
    usedAccessCodes,
    uploads: files,
    waitlistEntries: waitlists,
    auditLog: audit,
  };
}

export type TenantHistory = Awaited<ReturnType<typeof exportTenantHistory>>;
