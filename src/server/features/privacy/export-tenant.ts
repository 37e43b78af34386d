import { asc, eq } from 'drizzle-orm';
import type { PaymentStatus } from '../../../shared/contract';
import type { Database } from '../../db/client';
import type { FixtureDocumentInput } from '../../db/fixtures/document';
import {
  appeals,
  businessAccounts,
  citationCodes,
  citations,
  customers,
  customerVehicles,
  operators,
  patrolReports,
  patrolScans,
  type TenantRow,
} from '../../db/schema';
import { exportTenantHistory, type TenantHistory } from './export-tenant-history';
import { exportPasses, exportProducts, exportSignupCodes } from './export-tenant-passes';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The tenant's brand details and settings, under the fixture format's field names. */
function tenantFields(tenant: TenantRow) {
  const {
    id,
    createdAt: _createdAt,
    guestQuotaCount: count,
    guestQuotaMeasure: measure,
    guestQuotaPerDays: perDays,
    guestQuotaPer: per,
    ...fields
  } = tenant;
  // The tenant's guest quota under its fixture key (decision 249), as products[].guestQuota is.
  const guestQuota =
    count === null || !measure || !perDays || !per
      ? null
      : measure === 'hours'
        ? { maxHours: count, perDays, per }
        : { maxPasses: count, perDays, per };
  return { uuid: id, ...fields, guestQuota };
}

async function exportCitationCodes(db: Database, tenantId: string) {
  const rows = await db
    .select()
    .from(citationCodes)
    .where(eq(citationCodes.tenantId, tenantId))
    .orderBy(asc(citationCodes.name));
  return rows.map(
    ({ name, description, amount, lateAmount1, lateDays1, lateAmount2, lateDays2, archivedAt }) => ({
      name,
      description,
      amount,
      lateAmount1,
      lateDays1,
      lateAmount2,
      lateDays2,
      archivedAt: iso(archivedAt),
    }),
  );
}

async function exportCitations(db: Database, tenantId: string) {
  const rows = await db
    .select({ citation: citations, code: citationCodes })
    .from(citations)
    .leftJoin(citationCodes, eq(citationCodes.id, citations.citationCodeId))
    .where(eq(citations.tenantId, tenantId))
    .orderBy(asc(citations.citationNumber));
  return rows.map(({ citation, code }) => ({
    uuid: citation.id,
    citationNumber: citation.citationNumber,
    plate: citation.plate,
    stateProv: citation.stateProv,
    createdOn: citation.createdOn.toISOString(),
    datePaid: iso(citation.datePaid),
    voidDate: iso(citation.voidDate),
    paymentStatus: citation.paymentStatus as PaymentStatus,
    amount: citation.amount,
    amountOverride: citation.amountOverride,
    paidTotal: citation.paidTotal,
    lateAmount1: citation.lateAmount1,
    lateDays1: citation.lateDays1,
    lateAmount2: citation.lateAmount2,
    lateDays2: citation.lateDays2,
    citationName: code?.name ?? null,
    citationDescription: code?.description ?? null,
    location: citation.location,
    imageURLs: citation.imageUrls,
    receiptUrl: citation.receiptUrl,
    make: citation.make,
    color: citation.color,
    comments: citation.comments,
  }));
}

/** Accounts with their saved vehicles; passwords as their argon2id hashes, never in plain text. */
async function exportCustomers(db: Database, tenantId: string) {
  const [accounts, vehicles, businesses] = await Promise.all([
    db.select().from(customers).where(eq(customers.tenantId, tenantId)).orderBy(asc(customers.email)),
    db
      .select()
      .from(customerVehicles)
      .where(eq(customerVehicles.tenantId, tenantId))
      .orderBy(asc(customerVehicles.plate)),
    db.select().from(businessAccounts).where(eq(businessAccounts.tenantId, tenantId)),
  ]);
  const businessName = new Map(businesses.map((business) => [business.id, business.name]));
  return accounts.map((account) => ({
    uuid: account.id,
    customerPublicId: account.customerPublicId,
    signupCode: account.signupCode,
    fullname: account.fullname,
    email: account.email,
    ...(account.passwordHash ? { passwordHash: account.passwordHash } : {}),
    createdVia: account.createdVia,
    building: account.building,
    unit: account.unit,
    customerEntityName: account.businessAccountId
      ? (businessName.get(account.businessAccountId) ?? null)
      : null,
    isGuestCodesActive: account.isGuestCodesActive,
    guestCode: account.guestCode,
    language: account.language,
    emailVerifiedAt: iso(account.emailVerifiedAt),
    closedAt: iso(account.closedAt),
    vehicles: vehicles
      .filter((vehicle) => vehicle.customerId === account.id)
      .map(({ plate, state, make, model, color }) => ({ plate, state, make, model, color })),
  }));
}

/** Confirmed appeals (an unconfirmed one is not yet the tenant's record), by the notice they appeal. */
async function exportAppeals(db: Database, tenantId: string) {
  const rows = await db
    .select({ appeal: appeals, citationNumber: citations.citationNumber })
    .from(appeals)
    .innerJoin(citations, eq(citations.id, appeals.citationId))
    .where(eq(appeals.tenantId, tenantId))
    .orderBy(asc(citations.citationNumber));
  return rows
    .filter(({ appeal }) => appeal.unconfirmedUntil === null)
    .map(({ appeal, citationNumber }) => ({
      citationNumber,
      name: appeal.name,
      email: appeal.email,
      phoneNumber: appeal.phoneNumber,
      address: appeal.address,
      reason: appeal.reason,
      imageURLs: appeal.imageUrls,
      isPending: appeal.isPending,
      isApproved: appeal.isApproved,
      status: appeal.status,
      outcome: appeal.outcome,
      reducedAmount: appeal.reducedAmount,
      submissionDate: appeal.submissionDate.toISOString(),
      responseDate: iso(appeal.responseDate),
    }));
}

/** Operators who have a password (a pending invitation has none yet and is not exported). */
async function exportOperators(db: Database, tenantId: string) {
  const rows = await db
    .select()
    .from(operators)
    .where(eq(operators.tenantId, tenantId))
    .orderBy(asc(operators.email));
  return rows.flatMap(({ id, email, fullname, role, language, passwordHash, disabledAt }) =>
    passwordHash
      ? [{ uuid: id, email, fullname, role, language, passwordHash, disabledAt: iso(disabledAt) }]
      : [],
  );
}

async function exportBusinessAccounts(db: Database, tenantId: string) {
  const rows = await db
    .select()
    .from(businessAccounts)
    .where(eq(businessAccounts.tenantId, tenantId))
    .orderBy(asc(businessAccounts.name));
  return rows.map(({ id, name }) => ({ uuid: id, name }));
}

/** Patrol scans as the device sent them; a photo uploaded through the app stays behind (its URL comes along). */
async function exportScans(db: Database, tenantId: string) {
  const rows = await db
    .select()
    .from(patrolScans)
    .where(eq(patrolScans.tenantId, tenantId))
    .orderBy(asc(patrolScans.capturedAt), asc(patrolScans.clientId));
  return rows.map((scan) => ({
    clientId: scan.clientId,
    capturedAt: scan.capturedAt.toISOString(),
    plate: scan.plate,
    fullname: scan.fullname,
    userEmail: scan.userEmail,
    alertMessage: scan.alertMessage,
    fullImageURL: scan.fullImageUrl,
    latitude: scan.latitude,
    longitude: scan.longitude,
  }));
}

async function exportReports(db: Database, tenantId: string) {
  const rows = await db
    .select()
    .from(patrolReports)
    .where(eq(patrolReports.tenantId, tenantId))
    .orderBy(asc(patrolReports.startDate));
  return rows.map(({ id, startDate, endDate, plate, expiresAt, revokedAt }) => ({
    uuid: id,
    startDate: startDate.toISOString(),
    endDate: endDate.toISOString(),
    plate,
    expiresAt: expiresAt.toISOString(),
    revokedAt: revokedAt?.toISOString() ?? null,
  }));
}

/** The fixture document of one tenant, with the history that the loader leaves aside. */
export interface TenantExport extends FixtureDocumentInput {
  tenants: Array<FixtureDocumentInput['tenants'][number] & { history: TenantHistory }>;
}

/**
 * A tenant's records as a fixture document (docs/fixture-format.md), for an operator leaving the
 * platform or auditing it: `npm run seed` loads it back into an empty database. What the format
 * cannot load (payments, threads, files, the audit log) rides along under `history` (decision 219).
 */
export async function exportTenant(db: Database, tenant: TenantRow): Promise<TenantExport> {
  const [
    businesses,
    codes,
    notices,
    accounts,
    appealed,
    staff,
    scans,
    reports,
    products,
    passes,
    signupCodes,
    history,
  ] = await Promise.all([
    exportBusinessAccounts(db, tenant.id),
    exportCitationCodes(db, tenant.id),
    exportCitations(db, tenant.id),
    exportCustomers(db, tenant.id),
    exportAppeals(db, tenant.id),
    exportOperators(db, tenant.id),
    exportScans(db, tenant.id),
    exportReports(db, tenant.id),
    exportProducts(db, tenant.id),
    exportPasses(db, tenant.id),
    exportSignupCodes(db, tenant.id),
    exportTenantHistory(db, tenant.id),
  ]);
  return {
    tenants: [
      {
        ...tenantFields(tenant),
        businessAccounts: businesses,
        citationCodes: codes,
        citations: notices,
        customers: accounts,
        appeals: appealed,
        operators: staff,
        products,
        passes,
        signupCodes,
        scans,
        reports,
        history,
      },
    ],
  };
}
