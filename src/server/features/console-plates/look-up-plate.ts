import { and, desc, eq, isNull, lte, notInArray, sql } from 'drizzle-orm';
import {
  PLATE_LOOKUP_MAX_NOTICES,
  PLATE_LOOKUP_MAX_PASSES,
  PLATE_LOOKUP_MAX_SCANS,
  type PlateLookup,
} from '../../../shared/contract';
import { computeAmountDue } from '../../../shared/rules/late-penalties';
import type { Database } from '../../db/client';
import { isMatchableVehicle, passOfVehicle, productOfPass } from '../../db/pass-joins';
import {
  citationCodes,
  citations,
  issuedPasses,
  passProducts,
  passVehicles,
  patrolScans,
  type TenantRow,
} from '../../db/schema';
import { findPlateStanding } from '../repeat-offenders';

/** Statuses of notices that no longer ask anything of the driver (as the field's plate check). */
const SETTLED_STATUSES = ['Paid', 'Paid off platform', 'Archived', 'Void'];
/** Open notices read to add up what a plate owes; a plate with more is an outlier the list pages. */
const MAX_OPEN_NOTICES_SUMMED = 500;

/**
 * The passes with the plate as an active vehicle (the partial index on active pass vehicles by
 * canonical plate), those covering it now first, then by end, latest first.
 */
async function passesOf(db: Database, tenantId: string, plate: string, now: Date) {
  const isCovering = sql<boolean>`(${issuedPasses.paidStatus} = 'paid' AND ${issuedPasses.issuedOn} <= ${now} AND ${issuedPasses.expiresAt} > ${now})`;
  return db
    .select({ pass: issuedPasses, permitName: passProducts.name, plate: passVehicles.plate, isCovering })
    .from(passVehicles)
    .innerJoin(issuedPasses, passOfVehicle)
    .innerJoin(passProducts, productOfPass)
    .where(
      and(eq(passVehicles.tenantId, tenantId), eq(passVehicles.plateNormalized, plate), isMatchableVehicle),
    )
    .orderBy(desc(isCovering), desc(issuedPasses.expiresAt), desc(issuedPasses.id))
    .limit(PLATE_LOOKUP_MAX_PASSES);
}

/** Its notices neither paid nor void, newest first (citations by tenant and plate). */
function openNoticesOf(db: Database, tenantId: string, plate: string) {
  return db
    .select({ citation: citations, citationName: citationCodes.name })
    .from(citations)
    .leftJoin(citationCodes, eq(citationCodes.id, citations.citationCodeId))
    .where(
      and(
        eq(citations.tenantId, tenantId),
        eq(citations.plate, plate),
        notInArray(citations.paymentStatus, SETTLED_STATUSES),
        isNull(citations.datePaid),
        isNull(citations.voidDate),
      ),
    )
    .orderBy(desc(citations.createdOn), desc(citations.id))
    .limit(MAX_OPEN_NOTICES_SUMMED);
}

/** Its latest scans (scans by tenant, canonical plate and time, newest first). */
function recentScansOf(db: Database, tenantId: string, plate: string, now: Date) {
  return db
    .select()
    .from(patrolScans)
    .where(
      and(
        eq(patrolScans.tenantId, tenantId),
        eq(patrolScans.plateNormalized, plate),
        lte(patrolScans.capturedAt, now),
      ),
    )
    .orderBy(desc(patrolScans.capturedAt))
    .limit(PLATE_LOOKUP_MAX_SCANS);
}

/**
 * A plate at the desk (issue 33): whether a pass covers it now, its passes, what its open notices
 * cost today and where patrols last saw it. `plate` is canonical (the contract's params make it so).
 */
export async function lookUpPlate(options: {
  db: Database;
  tenant: TenantRow;
  plate: string;
  now: Date;
}): Promise<PlateLookup> {
  const { db, tenant, plate, now } = options;
  const [passes, notices, scans, standing] = await Promise.all([
    passesOf(db, tenant.id, plate, now),
    openNoticesOf(db, tenant.id, plate),
    recentScansOf(db, tenant.id, plate, now),
    // The repeat-offender flag as the patrol's plate check says it (decision 213).
    findPlateStanding({ db, tenant, plate, now }),
  ]);
  const covering = passes.filter((row) => row.isCovering);
  const openNotices = notices.map(({ citation, citationName }) => ({
    uuid: citation.id,
    citationNumber: citation.citationNumber,
    createdOn: citation.createdOn.toISOString(),
    paymentStatus: citation.paymentStatus,
    amountDue: computeAmountDue(
      { ...citation, createdOn: citation.createdOn.toISOString() },
      now,
      tenant.timezone,
    ).amountDue,
    citationName,
    location: citation.location,
  }));
  return {
    plate,
    checkedAt: now.toISOString(),
    isCovered: covering.length > 0,
    coveredUntil:
      covering.length > 0
        ? new Date(Math.max(...covering.map((row) => row.pass.expiresAt.getTime()))).toISOString()
        : null,
    passes: passes.map(({ pass, permitName, plate: vehiclePlate, isCovering }) => ({
      uuid: pass.id,
      customerPermitId: pass.customerPermitId,
      permitName,
      paidStatus: pass.paidStatus,
      plate: vehiclePlate,
      holderName: pass.customerName,
      holderEmail: pass.customerEmail,
      issuedOn: pass.issuedOn.toISOString(),
      expiresAt: pass.expiresAt.toISOString(),
      amount: pass.amount,
      currency: pass.currency,
      isCovering: Boolean(isCovering),
    })),
    openNotices: openNotices.slice(0, PLATE_LOOKUP_MAX_NOTICES),
    openNoticeCount: openNotices.length,
    openNoticeTotal: openNotices.reduce((sum, notice) => sum + notice.amountDue, 0),
    isRepeatOffender: standing.isRepeatOffender,
    repeatOffenderMessage: standing.repeatOffenderMessage,
    recentScans: scans.map((scan) => ({
      uuid: scan.id,
      capturedAt: scan.capturedAt.toISOString(),
      plate: scan.plate,
      latitude: scan.latitude,
      longitude: scan.longitude,
      alertMessage: scan.alertMessage,
      fullname: scan.fullname,
    })),
  };
}
