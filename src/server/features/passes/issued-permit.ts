import { and, asc, eq } from 'drizzle-orm';
import type { IssuedPermit } from '../../../shared/contract';
import type { Database, Transaction } from '../../db/client';
import { runQueries } from '../../db/run-queries';
import { issuedPasses, passRegistrationProofs, passVehicles, permitHolders } from '../../db/schema';
import { selectPassRows } from './pass-rows';
import { toIssuedPermit } from './presenters';

/** One issued pass of a tenant as the Issued permit of section 3, or null. */
export async function loadIssuedPermit(
  db: Database | Transaction,
  tenantId: string,
  passId: string,
  now: Date,
): Promise<IssuedPermit | null> {
  const [found] = await selectPassRows(db).where(
    and(eq(issuedPasses.tenantId, tenantId), eq(issuedPasses.id, passId)),
  );
  if (!found) return null;
  // Inside a transaction (an edit answering with the pass) these run one after another.
  const [holders, vehicles, proofs] = await runQueries(db, [
    () =>
      db
        .select()
        .from(permitHolders)
        .where(and(eq(permitHolders.tenantId, tenantId), eq(permitHolders.passId, passId))),
    () =>
      db
        .select()
        .from(passVehicles)
        .where(and(eq(passVehicles.tenantId, tenantId), eq(passVehicles.passId, passId)))
        .orderBy(asc(passVehicles.createdAt), asc(passVehicles.id)),
    () =>
      db
        .select({ fileUrl: passRegistrationProofs.fileUrl })
        .from(passRegistrationProofs)
        .where(and(eq(passRegistrationProofs.tenantId, tenantId), eq(passRegistrationProofs.passId, passId)))
        .orderBy(asc(passRegistrationProofs.position)),
  ]);
  return toIssuedPermit({
    pass: found.pass,
    product: found.product,
    subscription: found.subscription,
    dailyWindow: found.windowFrom && found.windowTo ? { from: found.windowFrom, to: found.windowTo } : null,
    holder: holders[0] ?? null,
    vehicles,
    proofUrls: proofs.map((proof) => proof.fileUrl),
    now,
  });
}
