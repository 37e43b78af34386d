import { and, asc, desc, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { IssuedPermit } from '../../../shared/contract';
import type { Database } from '../../db/client';
import {
  type CustomerRow,
  issuedPasses,
  passProducts,
  passRegistrationProofs,
  passVehicles,
  permitHolders,
} from '../../db/schema';
import { forbidden } from '../../errors';
import { selectPassRows } from './pass-rows';
import { toIssuedPermit } from './presenters';

/** Section 9: a pass list holds at most 2,000 rows, the newest. */
export const MAX_LISTED_PASSES = 2000;

const groupBy = <Row extends { passId: string }>(rows: Row[]) => {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.passId);
    if (group) group.push(row);
    else groups.set(row.passId, [row]);
  }
  return groups;
};

/**
 * The passes of a tenant matching `where`, newest first, as Issued permits. Four queries whatever
 * the count (passes, holders, vehicles, proofs), so a list of 2,000 costs what a list of 20 does.
 */
export async function loadIssuedPermits(
  db: Database,
  options: { tenantId: string; where: SQL | undefined; now: Date; limit?: number },
): Promise<IssuedPermit[]> {
  const { tenantId } = options;
  const rows = await selectPassRows(db)
    .where(and(eq(issuedPasses.tenantId, tenantId), options.where))
    .orderBy(desc(issuedPasses.createdAt), desc(issuedPasses.id))
    .limit(options.limit ?? MAX_LISTED_PASSES);
  if (rows.length === 0) return [];
  const passIds = rows.map((row) => row.pass.id);
  const [holders, vehicles, proofs] = await Promise.all([
    db
      .select()
      .from(permitHolders)
      .where(and(eq(permitHolders.tenantId, tenantId), inArray(permitHolders.passId, passIds))),
    db
      .select()
      .from(passVehicles)
      .where(and(eq(passVehicles.tenantId, tenantId), inArray(passVehicles.passId, passIds)))
      .orderBy(asc(passVehicles.createdAt), asc(passVehicles.id)),
    db
      .select({ passId: passRegistrationProofs.passId, fileUrl: passRegistrationProofs.fileUrl })
      .from(passRegistrationProofs)
      .where(
        and(eq(passRegistrationProofs.tenantId, tenantId), inArray(passRegistrationProofs.passId, passIds)),
      )
      .orderBy(asc(passRegistrationProofs.position)),
  ]);
  const holderByPass = new Map(holders.map((holder) => [holder.passId, holder]));
  const vehiclesByPass = groupBy(vehicles);
  const proofsByPass = groupBy(proofs);
  return rows.map(({ pass, product, subscription, windowFrom, windowTo }) =>
    toIssuedPermit({
      pass,
      product,
      subscription,
      dailyWindow: windowFrom && windowTo ? { from: windowFrom, to: windowTo } : null,
      holder: holderByPass.get(pass.id) ?? null,
      vehicles: vehiclesByPass.get(pass.id) ?? [],
      proofUrls: (proofsByPass.get(pass.id) ?? []).map((proof) => proof.fileUrl),
      now: options.now,
    }),
  );
}

type ListOptions = { db: Database; customer: CustomerRow; now: Date };

/** GET /portal/customer/permits: the passes issued to the signed-in customer. */
export function listCustomerPermits({ db, customer, now }: ListOptions) {
  return loadIssuedPermits(db, {
    tenantId: customer.tenantId,
    where: eq(issuedPasses.customerId, customer.id),
    now,
  });
}

/** The business account of a signed-in customer, or a 403 for a standard account. */
export function requireBusinessAccountId(customer: CustomerRow): string {
  if (!customer.businessAccountId) throw forbidden('This is not a business account.');
  return customer.businessAccountId;
}

/** GET /portal/customer/business/permits: the passes the customer's business account issued. */
export function listBusinessPermits({ db, customer, now }: ListOptions) {
  return loadIssuedPermits(db, {
    tenantId: customer.tenantId,
    where: eq(issuedPasses.businessAccountId, requireBusinessAccountId(customer)),
    now,
  });
}

/**
 * GET /portal/customer/visitors: visitor passes (of visitor-only products) the customer holds,
 * and for a business member also those its business account issued to visitors: of visitor-only
 * products, or to someone it invited by email (decision 216).
 */
export function listVisitorPermits({ db, customer, now }: ListOptions) {
  const mine = eq(issuedPasses.customerId, customer.id);
  const business = customer.businessAccountId;
  return loadIssuedPermits(db, {
    tenantId: customer.tenantId,
    where: business
      ? or(
          and(eq(passProducts.isVisitorOnly, true), or(mine, eq(issuedPasses.businessAccountId, business))),
          and(eq(issuedPasses.businessAccountId, business), isNotNull(issuedPasses.invitedAt)),
        )
      : and(eq(passProducts.isVisitorOnly, true), mine),
    now,
  });
}
