import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Vehicle, VehicleInput } from '../../../shared/contract';
import { fillMessage } from '../../../shared/messages';
import { passMessages } from '../../../shared/messages/passes';
import { plateMessages } from '../../../shared/messages/plates';
import type { Database, Transaction } from '../../db/client';
import { type IssuedPassRow, type PassVehicleRow, passProducts, passVehicles } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { assertPassChangeable, auditActorOf, loadPassFor, type PassCaller } from './pass-access';
import { toVehicle } from './presenters';

/**
 * The vehicles of one pass (part 2 sections 4, 5 and 8): add and remove secondaries, switch one
 * active or inactive, edit one, replace the primary. Every change locks the pass row first, so
 * two changes of one pass run one after the other and the limits (maxVehiclesPerPermit,
 * maxActiveVehiclesPerPermit) are counted on what the other has committed — two concurrent
 * activations cannot both take the last active place.
 */

interface PassCall {
  db: Database;
  caller: PassCaller;
  tenantId: string;
  passId: string;
  now: Date;
}

const maxActiveReached = () =>
  new AppError(
    409,
    'max_active_vehicles',
    `${passMessages.maxActiveVehiclesTitle} ${passMessages.maxActiveVehiclesBody}`,
  );

/** The pass's vehicles, the primary first, then in the order they were added. */
export async function listPassVehicles(
  db: Database | Transaction,
  tenantId: string,
  passId: string,
): Promise<PassVehicleRow[]> {
  return db
    .select()
    .from(passVehicles)
    .where(and(eq(passVehicles.tenantId, tenantId), eq(passVehicles.passId, passId)))
    .orderBy(desc(passVehicles.isPrimary), asc(passVehicles.createdAt), asc(passVehicles.id));
}

async function limitsOf(tx: Transaction, pass: IssuedPassRow) {
  const [limits] = await tx
    .select({
      maxVehicles: passProducts.maxVehiclesPerPermit,
      maxActive: passProducts.maxActiveVehiclesPerPermit,
    })
    .from(passProducts)
    .where(and(eq(passProducts.tenantId, pass.tenantId), eq(passProducts.id, pass.productId)));
  if (!limits) throw notFound('Pass');
  return limits;
}

async function countVehicles(tx: Transaction, pass: IssuedPassRow) {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${passVehicles.isActive})::int`,
    })
    .from(passVehicles)
    .where(and(eq(passVehicles.tenantId, pass.tenantId), eq(passVehicles.passId, pass.id)));
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

/**
 * One plate once per pass (issue 27): a plate that another vehicle of the pass already has, in
 * its canonical form (decision 174), is a 400. Called under the pass's row lock, so two concurrent
 * changes cannot both add it.
 */
async function assertPlateNotOnPass(
  tx: Transaction,
  pass: IssuedPassRow,
  plate: string,
  exceptVehicleId: string | null,
): Promise<void> {
  if (!plate) return;
  const [taken] = await tx
    .select({ id: passVehicles.id })
    .from(passVehicles)
    .where(
      and(
        eq(passVehicles.tenantId, pass.tenantId),
        eq(passVehicles.passId, pass.id),
        sql`canonical_plate(${passVehicles.plate}) = canonical_plate(${plate})`,
        exceptVehicleId ? sql`${passVehicles.id} <> ${exceptVehicleId}` : undefined,
      ),
    )
    .limit(1);
  if (taken) throw badRequest(plateMessages.plateAlreadyOnPass);
}

/** Runs `work` on the pass locked for `action`, after checking it may still change. */
async function changePass<Answer>(
  call: PassCall,
  action: 'pass.edit',
  work: (tx: Transaction, pass: IssuedPassRow) => Promise<Answer>,
): Promise<Answer> {
  return call.db.transaction(async (tx) => {
    const pass = await loadPassFor(tx, { ...call, action, lock: true });
    assertPassChangeable(pass, call.now);
    return work(tx, pass);
  });
}

async function findPassVehicle(
  tx: Transaction,
  pass: IssuedPassRow,
  where: { vehicleId: string } | { isPrimary: true },
): Promise<PassVehicleRow | null> {
  const [row] = await tx
    .select()
    .from(passVehicles)
    .where(
      and(
        eq(passVehicles.tenantId, pass.tenantId),
        eq(passVehicles.passId, pass.id),
        'vehicleId' in where ? eq(passVehicles.id, where.vehicleId) : eq(passVehicles.isPrimary, true),
      ),
    );
  return row ?? null;
}

async function auditVehicleChange(
  tx: Transaction,
  call: PassCall,
  change: { action: string; before?: PassVehicleRow | null; after?: PassVehicleRow | null },
) {
  const actor = auditActorOf(call.caller);
  if (!actor) return;
  await recordAudit(tx, {
    tenantId: call.tenantId,
    actor,
    action: change.action,
    entityType: 'pass',
    entityId: call.passId,
    ...(change.before ? { before: toVehicle(change.before) } : {}),
    ...(change.after ? { after: toVehicle(change.after) } : {}),
  });
}

/** Adds a secondary vehicle while the pass has fewer than maxVehiclesPerPermit; active if a place is free. */
export async function addSecondaryVehicle(call: PassCall & { vehicle: VehicleInput }): Promise<Vehicle> {
  return changePass(call, 'pass.edit', async (tx, pass) => {
    await assertPlateNotOnPass(tx, pass, call.vehicle.plate, null);
    const limits = await limitsOf(tx, pass);
    const counts = await countVehicles(tx, pass);
    if (counts.total >= limits.maxVehicles) {
      throw new AppError(
        409,
        'max_vehicles',
        fillMessage(passMessages.maxVehiclesReached, { count: limits.maxVehicles }),
      );
    }
    const [row] = await tx
      .insert(passVehicles)
      .values({
        tenantId: pass.tenantId,
        passId: pass.id,
        ...call.vehicle,
        // A pass without a primary vehicle ('Needs input') gets this one as its primary.
        isPrimary: !(await findPassVehicle(tx, pass, { isPrimary: true })),
        isActive: counts.active < limits.maxActive,
        createdAt: call.now,
      })
      .returning();
    if (!row) throw new Error('The vehicle insert returned no row.');
    await auditVehicleChange(tx, call, { action: 'pass.vehicle-add', after: row });
    return toVehicle(row);
  });
}

/** Removes a secondary vehicle; the primary is replaced, never removed (the pass is for it). */
export async function deleteSecondaryVehicle(call: PassCall & { vehicleId: string }) {
  return changePass(call, 'pass.edit', async (tx, pass) => {
    const row = await findPassVehicle(tx, pass, { vehicleId: call.vehicleId });
    if (!row || row.isPrimary) throw notFound('Vehicle');
    await tx.delete(passVehicles).where(eq(passVehicles.id, row.id));
    await auditVehicleChange(tx, call, { action: 'pass.vehicle-delete', before: row });
    return { message: 'The vehicle was removed from the pass.' };
  });
}

/**
 * Switches one vehicle (the primary, or a secondary by uuid) active or inactive. Activation is
 * refused with the spec's modal text while maxActiveVehiclesPerPermit are active; switching to
 * the state it already has changes nothing and answers it.
 */
export async function setVehicleActive(
  call: PassCall & { vehicle: { vehicleId: string } | { isPrimary: true }; isActive: boolean },
): Promise<Vehicle> {
  return changePass(call, 'pass.edit', async (tx, pass) => {
    const row = await findPassVehicle(tx, pass, call.vehicle);
    if (!row || ('vehicleId' in call.vehicle && row.isPrimary)) throw notFound('Vehicle');
    if (row.isActive === call.isActive) return toVehicle(row);
    if (call.isActive) {
      const limits = await limitsOf(tx, pass);
      if ((await countVehicles(tx, pass)).active >= limits.maxActive) throw maxActiveReached();
    }
    const [updated] = await tx
      .update(passVehicles)
      .set({ isActive: call.isActive })
      .where(eq(passVehicles.id, row.id))
      .returning();
    if (!updated) throw notFound('Vehicle');
    await auditVehicleChange(tx, call, {
      action: call.isActive ? 'pass.vehicle-activate' : 'pass.vehicle-deactivate',
      before: row,
      after: updated,
    });
    return toVehicle(updated);
  });
}

/** Edits one vehicle of the pass (the edit dialog, or an operator): its plate and details. */
export async function updatePassVehicle(
  call: PassCall & { vehicleId: string; vehicle: VehicleInput },
): Promise<Vehicle> {
  return changePass(call, 'pass.edit', async (tx, pass) => {
    const row = await findPassVehicle(tx, pass, { vehicleId: call.vehicleId });
    if (!row) throw notFound('Vehicle');
    await assertPlateNotOnPass(tx, pass, call.vehicle.plate, row.id);
    const [updated] = await tx
      .update(passVehicles)
      // A copy edited on the pass no longer is the saved vehicle it came from.
      .set({ ...call.vehicle, customerVehicleId: null })
      .where(eq(passVehicles.id, row.id))
      .returning();
    if (!updated) throw notFound('Vehicle');
    await auditVehicleChange(tx, call, { action: 'pass.vehicle-update', before: row, after: updated });
    return toVehicle(updated);
  });
}

/**
 * The guest's 'edit vehicle' (POST /permits/issued/editvehicle): replaces the primary vehicle's
 * plate and details, or gives a pass that has none ('Needs input') its primary vehicle.
 */
export async function replacePrimaryVehicle(call: PassCall & { vehicle: VehicleInput }): Promise<void> {
  if (call.vehicle.plate.length === 0) throw badRequest(passMessages.vehicleRequired);
  await changePass(call, 'pass.edit', async (tx, pass) => {
    const change = await writePrimaryVehicle(tx, pass, call.vehicle, call.now);
    await auditVehicleChange(tx, call, {
      action: change.before ? 'pass.vehicle-update' : 'pass.vehicle-add',
      ...change,
    });
  });
}

/**
 * Writes the primary vehicle of a pass locked by the caller: replaces the one it has, or adds it
 * (active while the product's active places allow). Answers the row before and after.
 */
export async function writePrimaryVehicle(
  tx: Transaction,
  pass: IssuedPassRow,
  vehicle: VehicleInput,
  now: Date,
): Promise<{ before: PassVehicleRow | null; after: PassVehicleRow | null }> {
  const row = await findPassVehicle(tx, pass, { isPrimary: true });
  await assertPlateNotOnPass(tx, pass, vehicle.plate, row?.id ?? null);
  if (row) {
    const [updated] = await tx
      .update(passVehicles)
      .set({ ...vehicle, customerVehicleId: null })
      .where(eq(passVehicles.id, row.id))
      .returning();
    return { before: row, after: updated ?? null };
  }
  const limits = await limitsOf(tx, pass);
  const counts = await countVehicles(tx, pass);
  const [created] = await tx
    .insert(passVehicles)
    .values({
      tenantId: pass.tenantId,
      passId: pass.id,
      ...vehicle,
      isPrimary: true,
      isActive: counts.active < limits.maxActive,
      createdAt: now,
    })
    .returning();
  return { before: null, after: created ?? null };
}
