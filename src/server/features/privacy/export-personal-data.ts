import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { ExportRecord, PersonalDataExport } from '../../../shared/contract';
import type { Database } from '../../db/client';
import {
  appealMessages,
  appeals,
  type CustomerRow,
  citations,
  customers,
  customerVehicles,
  emailOutbox,
  issuedPasses,
  passProducts,
  passVehicles,
  passWaitlistEntries,
  paymentSessions,
  permitHolders,
  subscriptions,
  type TenantRow,
} from '../../db/schema';
import {
  appealsOfPerson,
  emailsToPerson,
  findPersonRecordIds,
  inIds,
  passesOfPerson,
  payerOrSubject,
  personOf,
  waitlistEntriesOfPerson,
} from './person-scope';

/** Fields never exported: secrets, tenant plumbing and worker state, none of them about the person. */
const LEFT_OUT = new Set([
  'tenantId',
  'passwordHash',
  'tokenVersion',
  'confirmationTokenHash',
  'lockedUntil',
  'successUrl',
  'cancelUrl',
  'isErasedAfterDelivery',
  // A waitlist offer's link token is a capability, not data about the person.
  'offerToken',
  // The email lower-cased for lookups (decision 246): the email itself is exported.
  'emailKey',
]);

/** A stored value as the export writes it: instants in ISO-8601, lists and objects as JSON. */
function exportValue(value: unknown): ExportRecord[string] {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** A row as one flat record of the export, without the fields that are left out. */
export function toExportRecord(row: Record<string, unknown>): ExportRecord {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !LEFT_OUT.has(key))
      .map(([key, value]) => [key, exportValue(value)]),
  );
}

const records = (rows: Record<string, unknown>[]) => rows.map(toExportRecord);

/**
 * Everything the portal holds about one customer (docs/privacy.md): the account, saved vehicles,
 * passes with their vehicles and holders, payments and subscriptions, appeals with their threads,
 * their places on waitlists, and the emails sent to the address. Read in one repeatable snapshot, so the sections agree.
 */
export async function exportPersonalData(options: {
  db: Database;
  tenant: TenantRow;
  customer: CustomerRow;
  now: Date;
}): Promise<PersonalDataExport> {
  const person = personOf(options.customer);
  const sections = await options.db.transaction(
    async (tx) => {
      const { passIds, appealIds } = await findPersonRecordIds(tx, person);
      const [
        account,
        vehicles,
        passes,
        vehiclesOfPasses,
        holders,
        payments,
        subs,
        appealRows,
        messages,
        waitlist,
        emails,
      ] = await Promise.all([
        tx.select().from(customers).where(eq(customers.id, person.customerId)),
        tx
          .select()
          .from(customerVehicles)
          .where(eq(customerVehicles.customerId, person.customerId))
          .orderBy(asc(customerVehicles.createdAt)),
        tx
          .select({ ...getTableColumns(issuedPasses), productName: passProducts.name })
          .from(issuedPasses)
          .innerJoin(passProducts, eq(passProducts.id, issuedPasses.productId))
          .where(passesOfPerson(person))
          .orderBy(asc(issuedPasses.issuedOn)),
        tx
          .select()
          .from(passVehicles)
          .where(inIds(passVehicles.passId, passIds))
          .orderBy(asc(passVehicles.createdAt)),
        tx.select().from(permitHolders).where(inIds(permitHolders.passId, passIds)),
        tx
          .select()
          .from(paymentSessions)
          .where(payerOrSubject(paymentSessions, person.customerId, passIds))
          .orderBy(asc(paymentSessions.createdAt)),
        tx
          .select()
          .from(subscriptions)
          .where(payerOrSubject(subscriptions, person.customerId, passIds))
          .orderBy(asc(subscriptions.createdAt)),
        tx
          .select({ ...getTableColumns(appeals), citationNumber: citations.citationNumber })
          .from(appeals)
          .innerJoin(citations, eq(citations.id, appeals.citationId))
          .where(appealsOfPerson(person))
          .orderBy(asc(appeals.submissionDate)),
        tx
          .select()
          .from(appealMessages)
          .where(inIds(appealMessages.appealId, appealIds))
          .orderBy(asc(appealMessages.createdAt), asc(appealMessages.position)),
        tx
          .select({ ...getTableColumns(passWaitlistEntries), productName: passProducts.name })
          .from(passWaitlistEntries)
          .innerJoin(passProducts, eq(passProducts.id, passWaitlistEntries.productId))
          .where(waitlistEntriesOfPerson(person))
          .orderBy(asc(passWaitlistEntries.joinedAt), asc(passWaitlistEntries.position)),
        tx
          .select({
            id: emailOutbox.id,
            toAddress: emailOutbox.toAddress,
            subject: emailOutbox.subject,
            content: emailOutbox.content,
            status: emailOutbox.status,
            createdAt: emailOutbox.createdAt,
            sentAt: emailOutbox.sentAt,
          })
          .from(emailOutbox)
          .where(emailsToPerson(person))
          .orderBy(asc(emailOutbox.createdAt)),
      ]);
      return {
        account: records(account),
        vehicles: records(vehicles),
        passes: records(passes),
        passVehicles: records(vehiclesOfPasses),
        permitHolders: records(holders),
        payments: records(payments),
        subscriptions: records(subs),
        appeals: records(appealRows),
        appealMessages: records(messages),
        waitlistEntries: records(waitlist),
        emails: records(emails),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { exportedAt: options.now.toISOString(), portal: options.tenant.subdomain, sections };
}
