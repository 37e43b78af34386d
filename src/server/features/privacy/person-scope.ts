import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { appeals, type CustomerRow, emailOutbox, issuedPasses, passWaitlistEntries } from '../../db/schema';

/**
 * Which records are about one person: the customer's own (by account) and those that name the
 * customer's address (a guest pass bought with it, an appeal filed with it, an email sent to it).
 * The export and the erasure read the same scope, so what is shown is what is erased.
 */
export interface Person {
  tenantId: string;
  customerId: string;
  email: string;
}

export const personOf = (customer: CustomerRow): Person => ({
  tenantId: customer.tenantId,
  customerId: customer.id,
  email: customer.email,
});

export const sameAddress = (column: AnyColumn, email: string) => sql`lower(${column}) = lower(${email})`;

export const passesOfPerson = (person: Person) =>
  and(
    eq(issuedPasses.tenantId, person.tenantId),
    or(eq(issuedPasses.customerId, person.customerId), sameAddress(issuedPasses.customerEmail, person.email)),
  );

/** Waitlist places the person took: signed in (by account) or by the address they gave. */
export const waitlistEntriesOfPerson = (person: Person) =>
  and(
    eq(passWaitlistEntries.tenantId, person.tenantId),
    or(
      eq(passWaitlistEntries.customerId, person.customerId),
      sameAddress(passWaitlistEntries.email, person.email),
    ),
  );

export const appealsOfPerson = (person: Person) =>
  and(eq(appeals.tenantId, person.tenantId), sameAddress(appeals.email, person.email));

export const emailsToPerson = (person: Person) =>
  and(eq(emailOutbox.tenantId, person.tenantId), sameAddress(emailOutbox.toAddress, person.email));

/** The ids of the person's passes and appeals, read once for the queries that hang off them. */
export async function findPersonRecordIds(db: Database | Transaction, person: Person) {
  const [passRows, appealRows] = await Promise.all([
    db.select({ id: issuedPasses.id }).from(issuedPasses).where(passesOfPerson(person)),
    db.select({ id: appeals.id }).from(appeals).where(appealsOfPerson(person)),
  ]);
  return { passIds: passRows.map((row) => row.id), appealIds: appealRows.map((row) => row.id) };
}

/** `column IN ids`, or a condition that is never true for no ids (drizzle refuses an empty IN). */
export function inIds(column: Parameters<typeof inArray>[0], ids: string[]): SQL {
  return ids.length > 0 ? inArray(column, ids) : sql`false`;
}

/** Payments and subscriptions of the person: paid by the account, or for one of their passes. */
export const payerOrSubject = (
  table: { customerId: AnyColumn; subjectId: AnyColumn },
  customerId: string,
  passIds: string[],
) => or(eq(table.customerId, customerId), inIds(table.subjectId, passIds));
