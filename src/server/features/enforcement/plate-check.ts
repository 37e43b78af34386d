import { and, desc, eq, gt, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { PlateCheckResponse } from '../../../shared/contract';
import { formatDate } from '../../../shared/format';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import { canonicalPlate, SETTLED_NOTICE_STATUSES } from '../../../shared/rules';
import type { Database } from '../../db/client';
import { isMatchableVehicle, passOfVehicle, productOfPass } from '../../db/pass-joins';
import { perDatabase } from '../../db/per-database';
import {
  citationCodes,
  citations,
  issuedPasses,
  passProducts,
  passVehicles,
  type TenantRow,
} from '../../db/schema';
import { badRequest } from '../../errors';
import { findPlateStanding } from '../repeat-offenders';

/** A plate check answers this many passes and notices at most: a patrol needs the first few. */
const MAX_ROWS = 20;
/** Statuses of notices that no longer ask anything of the driver. */
export const SETTLED_STATUSES = [...SETTLED_NOTICE_STATUSES];

/**
 * The passes that cover a plate now: paid, issuedOn ≤ now < expiresAt, with an ACTIVE vehicle of
 * that plate. Uses the partial index on active pass vehicles by normalised plate.
 */
function prepareCoveringPasses(db: Database) {
  const now = sql.placeholder('now');
  return db
    .select({
      passId: issuedPasses.id,
      customerPermitId: issuedPasses.customerPermitId,
      issuedOn: issuedPasses.issuedOn,
      expiresAt: issuedPasses.expiresAt,
      productId: passProducts.id,
      productName: passProducts.name,
      plate: passVehicles.plate,
      state: passVehicles.state,
    })
    .from(passVehicles)
    .innerJoin(issuedPasses, passOfVehicle)
    .innerJoin(passProducts, productOfPass)
    .where(
      and(
        eq(passVehicles.tenantId, sql.placeholder('tenantId')),
        eq(passVehicles.plateNormalized, sql.placeholder('plate')),
        isMatchableVehicle,
        eq(issuedPasses.paidStatus, 'paid'),
        lte(issuedPasses.issuedOn, now),
        gt(issuedPasses.expiresAt, now),
      ),
    )
    .orderBy(desc(issuedPasses.expiresAt))
    .limit(MAX_ROWS)
    .prepare('enforcement_covering_passes');
}

/** Notices on the plate that are neither paid nor void, newest first (citations by tenant and plate). */
function prepareOpenNotices(db: Database) {
  return db
    .select({
      uuid: citations.id,
      citationNumber: citations.citationNumber,
      createdOn: citations.createdOn,
      paymentStatus: citations.paymentStatus,
      amount: citations.amount,
      amountOverride: citations.amountOverride,
      citationName: citationCodes.name,
    })
    .from(citations)
    .leftJoin(citationCodes, eq(citationCodes.id, citations.citationCodeId))
    .where(
      and(
        eq(citations.tenantId, sql.placeholder('tenantId')),
        eq(citations.plate, sql.placeholder('plate')),
        notInArray(citations.paymentStatus, SETTLED_STATUSES),
        isNull(citations.datePaid),
        isNull(citations.voidDate),
      ),
    )
    .orderBy(desc(citations.createdOn))
    .limit(MAX_ROWS)
    .prepare('enforcement_open_notices');
}

const queriesFor = perDatabase((db) => ({
  passes: prepareCoveringPasses(db),
  notices: prepareOpenNotices(db),
}));

export async function checkPlate(options: {
  db: Database;
  tenant: TenantRow;
  plate: string;
  now: Date;
}): Promise<PlateCheckResponse> {
  const plate = canonicalPlate(options.plate);
  if (!plate) throw badRequest(inputErrorMessages.enterPlate, 'plate');
  const { tenant, now } = options;
  const queries = queriesFor(options.db);
  const [passes, notices, standing] = await Promise.all([
    queries.passes.execute({ tenantId: tenant.id, plate, now }),
    queries.notices.execute({ tenantId: tenant.id, plate }),
    findPlateStanding({ db: options.db, tenant, plate, now }),
  ]);
  return {
    plate,
    checkedAt: now.toISOString(),
    timeZone: tenant.timezone,
    isCovered: passes.length > 0,
    coveredUntil: passes[0]?.expiresAt.toISOString() ?? null,
    passes: passes.map((pass) => ({
      permitIssuedUUID: pass.passId,
      customerPermitId: pass.customerPermitId,
      permitName: pass.productName,
      permitProductUUID: pass.productId,
      plate: pass.plate,
      state: pass.state,
      issuedOn: pass.issuedOn.toISOString(),
      expiresAt: pass.expiresAt.toISOString(),
      expiresAtLocal: formatDate(pass.expiresAt, tenant.timezone, 'dateTime'),
    })),
    openNotices: notices.map((notice) => ({
      uuid: notice.uuid,
      citationNumber: notice.citationNumber,
      createdOn: notice.createdOn.toISOString(),
      paymentStatus: notice.paymentStatus,
      amount: notice.amountOverride ?? notice.amount,
      citationName: notice.citationName,
    })),
    ...standing,
  };
}
