import { and, eq, type SQL, sql } from 'drizzle-orm';
import { issuedPasses, passProducts, passVehicles } from './schema';

// How the pass tables join. Their foreign keys are composite (tenant, id), so each join names the
// tenant too: it keeps a row from ever meeting another tenant's, and lets the planner use the
// (tenant_id, id) keys.

/** A pass's product: `.innerJoin(passProducts, productOfPass)`. */
export const productOfPass: SQL = and(
  eq(passProducts.tenantId, issuedPasses.tenantId),
  eq(passProducts.id, issuedPasses.productId),
) as SQL;

/** The pass a vehicle is on: `.from(passVehicles).innerJoin(issuedPasses, passOfVehicle)`. */
export const passOfVehicle: SQL = and(
  eq(issuedPasses.tenantId, passVehicles.tenantId),
  eq(issuedPasses.id, passVehicles.passId),
) as SQL;

/** A vehicle an officer's plate can match: active on its pass, with a plate to compare. */
export const isMatchableVehicle: SQL = and(
  eq(passVehicles.isActive, true),
  sql`${passVehicles.plateNormalized} <> ''`,
) as SQL;
