import { and, eq, gt, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { privacyMessages } from '../../../shared/messages';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Transaction } from '../../db/client';
import {
  appealMessages,
  appeals,
  auditLog,
  customers,
  customerTokens,
  customerVehicles,
  emailOutbox,
  issuedPasses,
  passEmailVerifications,
  passRegistrationProofs,
  passVehicles,
  passWaitlistEntries,
  paymentCustomers,
  permitHolders,
  sandboxCards,
  uploads,
} from '../../db/schema';
import { appealsOfPerson, emailsToPerson, inIds, type Person, sameAddress } from './person-scope';

/** Statuses of a pass that still gives (or may give) coverage: closing the account cancels them. */
const LIVE_PASS_STATUSES = ['paid', 'waiting', 'incomplete'] as const;

/** The address a closed account keeps: unique per account and undeliverable (RFC 2606's .invalid). */
export const closedAccountEmail = (customerId: string) => `closed-${customerId}@erased.invalid`;

/** Strings shorter than this are not searched for in the audit log: too many false matches. */
const MIN_SEARCHED_LENGTH = 3;

/**
 * The person's own words and identifiers, read before they are erased: what the audit log's
 * before and after values are searched for (an operator's change may have copied any of them).
 */
async function identifyingStrings(tx: Transaction, person: Person, passIds: string[]): Promise<string[]> {
  const [account] = await tx
    .select({ fullname: customers.fullname, email: customers.email })
    .from(customers)
    .where(eq(customers.id, person.customerId));
  const [vehicles, passPlates, appealRows, holders] = await Promise.all([
    tx
      .select({ plate: customerVehicles.plate })
      .from(customerVehicles)
      .where(eq(customerVehicles.customerId, person.customerId)),
    tx.select({ plate: passVehicles.plate }).from(passVehicles).where(inIds(passVehicles.passId, passIds)),
    tx
      .select({ name: appeals.name, phone: appeals.phoneNumber, address: appeals.address })
      .from(appeals)
      .where(appealsOfPerson(person)),
    tx
      .select({ name: permitHolders.name, email: permitHolders.email, phone: permitHolders.phoneNumber })
      .from(permitHolders)
      .where(inIds(permitHolders.passId, passIds)),
  ]);
  const values = [
    account?.fullname,
    account?.email,
    ...vehicles.map((row) => row.plate),
    ...passPlates.map((row) => row.plate),
    ...appealRows.flatMap((row) => [row.name, row.phone, row.address]),
    ...holders.flatMap((row) => [row.name, row.email, row.phone]),
  ];
  return [
    ...new Set(values.filter((value): value is string => (value?.trim().length ?? 0) >= MIN_SEARCHED_LENGTH)),
  ];
}

/** Deletes the stored files behind `fileUrls` through the storage port, then their upload rows. */
async function deleteFiles(tx: Transaction, storage: StoragePort, tenantId: string, fileUrls: string[]) {
  if (fileUrls.length === 0) return;
  const rows = await tx
    .select({ id: uploads.id, storageKey: uploads.storageKey })
    .from(uploads)
    .where(and(eq(uploads.tenantId, tenantId), inArray(uploads.fileUrl, fileUrls)))
    .for('update');
  // Removing is idempotent: an erasure that fails after this is finished by the next attempt.
  for (const row of rows) await storage.remove(row.storageKey);
  await tx.delete(uploads).where(
    inIds(
      uploads.id,
      rows.map((row) => row.id),
    ),
  );
}

/** Every audit entry that names the person gets its before and after values replaced. */
async function eraseFromAuditLog(tx: Transaction, person: Person, recordIds: string[], strings: string[]) {
  const mentions: SQL[] = strings.map(
    (value) =>
      sql`(position(${value.toLowerCase()} in lower(coalesce(${auditLog.before}::text, '') || ' ' || coalesce(${auditLog.after}::text, ''))) > 0)`,
  );
  const aboutPerson = or(inIds(auditLog.entityId, recordIds), ...mentions);
  // The append-only trigger lets an erasure replace these two values, and nothing else (migration 1060).
  await tx.execute(sql`SELECT set_config('app.erasing_personal_data', 'on', true)`);
  await tx
    .update(auditLog)
    .set({
      before: sql`CASE WHEN ${auditLog.before} IS NULL THEN NULL ELSE '{"erased":true}'::jsonb END`,
      after: sql`CASE WHEN ${auditLog.after} IS NULL THEN NULL ELSE '{"erased":true}'::jsonb END`,
    })
    .where(
      and(
        eq(auditLog.tenantId, person.tenantId),
        or(isNotNull(auditLog.before), isNotNull(auditLog.after)),
        aboutPerson,
      ),
    );
  await tx.execute(sql`SELECT set_config('app.erasing_personal_data', 'off', true)`);
}

/**
 * Erases one person's data in the caller's transaction (docs/privacy.md, decision 187): files
 * through the storage port; vehicles, permit holders, proofs, tokens, pending links and emails
 * deleted; kept records (passes, payments, appeals, audit entries) stripped of what names the
 * person; still-live passes cancelled; the account row pseudonymised and every session revoked.
 * Payments and notices keep their amounts, dates and numbers, which accounting and the law need.
 */
export async function erasePerson(
  tx: Transaction,
  options: { storage: StoragePort; person: Person; passIds: string[]; appealIds: string[]; now: Date },
): Promise<void> {
  const { person, passIds, appealIds, now } = options;
  const strings = await identifyingStrings(tx, person, passIds);

  const [appealFiles, messageFiles, proofFiles] = await Promise.all([
    tx.select({ urls: appeals.imageUrls }).from(appeals).where(inIds(appeals.id, appealIds)),
    tx
      .select({ urls: appealMessages.imageUrls })
      .from(appealMessages)
      .where(inIds(appealMessages.appealId, appealIds)),
    tx
      .select({ url: passRegistrationProofs.fileUrl })
      .from(passRegistrationProofs)
      .where(inIds(passRegistrationProofs.passId, passIds)),
  ]);
  const fileUrls = [
    ...appealFiles.flatMap((row) => row.urls),
    ...messageFiles.flatMap((row) => row.urls),
    ...proofFiles.map((row) => row.url),
  ];
  await tx.delete(passRegistrationProofs).where(inIds(passRegistrationProofs.passId, passIds));
  await deleteFiles(tx, options.storage, person.tenantId, fileUrls);

  // Saved vehicles go; the passes that copied one keep no link to it.
  const savedVehicleIds = tx
    .select({ id: customerVehicles.id })
    .from(customerVehicles)
    .where(eq(customerVehicles.customerId, person.customerId));
  await tx
    .update(passVehicles)
    .set({ customerVehicleId: null })
    .where(
      and(
        eq(passVehicles.tenantId, person.tenantId),
        inArray(passVehicles.customerVehicleId, savedVehicleIds),
      ),
    );
  await tx.delete(customerVehicles).where(eq(customerVehicles.customerId, person.customerId));

  await tx
    .update(passVehicles)
    .set({ plate: '', state: null, make: null, model: null, color: null })
    .where(inIds(passVehicles.passId, passIds));
  await tx.delete(permitHolders).where(inIds(permitHolders.passId, passIds));
  await tx
    .update(issuedPasses)
    .set({
      customerName: null,
      customerEmail: null,
      customFormFields: sql`'[]'::jsonb`,
      approvalMessage: null,
      reservedUntil: null,
      updatedAt: now,
    })
    .where(inIds(issuedPasses.id, passIds));
  await tx
    .update(issuedPasses)
    .set({ paidStatus: 'canceled' })
    .where(
      and(
        inIds(issuedPasses.id, passIds),
        inArray(issuedPasses.paidStatus, [...LIVE_PASS_STATUSES]),
        gt(issuedPasses.expiresAt, now),
      ),
    );

  const pseudonym = closedAccountEmail(person.customerId);
  await tx
    .update(appeals)
    .set({
      name: privacyMessages.closedAccountName,
      email: pseudonym,
      phoneNumber: '',
      address: '',
      reason: privacyMessages.erasedText,
      imageUrls: [],
      confirmationTokenHash: null,
    })
    .where(inIds(appeals.id, appealIds));
  await tx
    .update(appealMessages)
    .set({ body: privacyMessages.erasedText, imageUrls: [] })
    .where(inIds(appealMessages.appealId, appealIds));

  await tx.delete(emailOutbox).where(emailsToPerson(person));
  // Off every waitlist; a place held for them is offered to the next person by the sweep.
  await tx
    .delete(passWaitlistEntries)
    .where(
      and(
        eq(passWaitlistEntries.tenantId, person.tenantId),
        or(
          eq(passWaitlistEntries.customerId, person.customerId),
          sameAddress(passWaitlistEntries.email, person.email),
        ),
      ),
    );
  await tx.delete(customerTokens).where(eq(customerTokens.customerId, person.customerId));
  await tx
    .delete(passEmailVerifications)
    .where(
      and(
        eq(passEmailVerifications.tenantId, person.tenantId),
        or(
          eq(passEmailVerifications.customerId, person.customerId),
          sameAddress(passEmailVerifications.email, person.email),
        ),
      ),
    );
  const [paymentCustomer] = await tx
    .delete(paymentCustomers)
    .where(eq(paymentCustomers.customerId, person.customerId))
    .returning({ providerCustomerId: paymentCustomers.providerCustomerId });
  if (paymentCustomer) {
    await tx
      .delete(sandboxCards)
      .where(eq(sandboxCards.providerCustomerId, paymentCustomer.providerCustomerId));
  }

  await eraseFromAuditLog(tx, person, [person.customerId, ...passIds, ...appealIds], strings);

  await tx
    .update(customers)
    .set({
      fullname: privacyMessages.closedAccountName,
      email: pseudonym,
      passwordHash: null,
      signupCode: null,
      building: null,
      unit: null,
      businessAccountId: null,
      isGuestCodesActive: false,
      guestCode: null,
      emailVerifiedAt: null,
      // Raising the version revokes every access token issued so far: all sessions end.
      tokenVersion: sql`${customers.tokenVersion} + 1`,
      closedAt: now,
    })
    .where(eq(customers.id, person.customerId));
}
