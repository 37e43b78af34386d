import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  type IssuedPassRow,
  issuedPasses,
  type PassExtensionRow,
  type PassExtensionStatus,
  passExtensions,
  paymentSessions,
} from '../../db/schema';

type Reader = Database | Transaction;

/** An extension that was paid for: paid, refused after its payment, or refunded. */
export type SettledExtensionRow = PassExtensionRow & { status: Exclude<PassExtensionStatus, 'pending'> };

const isSettled = (row: PassExtensionRow): row is SettledExtensionRow => row.status !== 'pending';

/**
 * A pass's extensions as the console shows them, oldest window first. Pending ones are left out:
 * an extension is pending while its checkout is open, and stays so when the checkout is abandoned,
 * which is nothing an operator acts on. (A pass has a handful: filtered here, not in SQL.)
 */
export async function listPassExtensions(
  db: Reader,
  tenantId: string,
  passId: string,
): Promise<SettledExtensionRow[]> {
  const rows = await db
    .select()
    .from(passExtensions)
    .where(and(eq(passExtensions.tenantId, tenantId), eq(passExtensions.passId, passId)))
    .orderBy(asc(passExtensions.startsAt), asc(passExtensions.createdAt));
  return rows.filter(isSettled);
}

/** A pass's paid extensions by their start: the windows it holds now. */
export function paidExtensionsOf(
  db: Database | Transaction,
  pass: Pick<IssuedPassRow, 'id' | 'tenantId'>,
  options: { newestFirst?: boolean } = {},
) {
  return db
    .select()
    .from(passExtensions)
    .where(
      and(
        eq(passExtensions.tenantId, pass.tenantId),
        eq(passExtensions.passId, pass.id),
        eq(passExtensions.status, 'paid'),
      ),
    )
    .orderBy(options.newestFirst ? desc(passExtensions.startsAt) : asc(passExtensions.startsAt));
}

/**
 * After an operator's refund of a pass (decision 243): each paid extension whose payment is now
 * given back in full is undone, newest window first, so the pass ends where it did before it. A
 * refund takes the newest payments first, so the extensions it empties are always the last ones;
 * an extension partly refunded stands, as a partly refunded pass does. The caller holds the pass's
 * row lock. Answers how many were undone and the pass's end afterwards.
 */
export async function undoRefundedExtensions(
  tx: Transaction,
  options: { pass: IssuedPassRow; now: Date },
): Promise<{ undone: number; expiresAt: Date }> {
  const { pass, now } = options;
  const paid = await paidExtensionsOf(tx, pass, { newestFirst: true });
  if (paid.length === 0) return { undone: 0, expiresAt: pass.expiresAt };
  const sessions = await tx
    .select({ subjectId: paymentSessions.subjectId, status: paymentSessions.status })
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.tenantId, pass.tenantId),
        eq(paymentSessions.purpose, 'pass_extension'),
        inArray(
          paymentSessions.subjectId,
          paid.map((extension) => extension.id),
        ),
        inArray(paymentSessions.status, ['paid', 'refunded']),
      ),
    );
  // Undone: its money was taken (a session) and all of it is back (none still 'paid'). A free
  // extension has no session and nothing to give back.
  const isGivenBack = (extension: PassExtensionRow) => {
    const own = sessions.filter((session) => session.subjectId === extension.id);
    return own.length > 0 && own.every((session) => session.status === 'refunded');
  };
  let expiresAt = pass.expiresAt;
  let undone = 0;
  for (const extension of paid) {
    if (!isGivenBack(extension)) continue;
    await tx
      .update(passExtensions)
      .set({ status: 'refunded', refundedAt: now })
      .where(eq(passExtensions.id, extension.id));
    // Only the last window moves the end back; the loop runs newest first, so each undone window
    // hands the end to the one before it.
    if (expiresAt.getTime() === extension.endsAt.getTime()) expiresAt = extension.startsAt;
    undone += 1;
  }
  if (expiresAt.getTime() !== pass.expiresAt.getTime()) {
    await tx
      .update(issuedPasses)
      .set({ expiresAt, updatedAt: now })
      .where(and(eq(issuedPasses.tenantId, pass.tenantId), eq(issuedPasses.id, pass.id)));
  }
  return { undone, expiresAt };
}
