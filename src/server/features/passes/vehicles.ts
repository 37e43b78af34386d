import { and, asc, eq } from 'drizzle-orm';
import type { Vehicle, VehicleInput } from '../../../shared/contract';
import { plateMessages } from '../../../shared/messages/plates';
import type { Database, Transaction } from '../../db/client';
import { type CustomerVehicleRow, customerVehicles } from '../../db/schema';
import { conflict } from '../../errors';

export function toSavedVehicle(row: CustomerVehicleRow): Vehicle {
  return {
    uuid: row.id,
    plate: row.plate,
    state: row.state,
    make: row.make,
    model: row.model,
    color: row.color,
    isPrimary: false,
    isActive: true,
    permitIssuedUUID: null,
    vehicleUUID: row.id,
  };
}

export async function listSavedVehicles(
  db: Database,
  tenantId: string,
  customerId: string,
): Promise<Vehicle[]> {
  const rows = await db
    .select()
    .from(customerVehicles)
    .where(and(eq(customerVehicles.tenantId, tenantId), eq(customerVehicles.customerId, customerId)))
    .orderBy(asc(customerVehicles.createdAt), asc(customerVehicles.plate));
  return rows.map(toSavedVehicle);
}

/**
 * Saves a vehicle for the customer (the vehicles screen and the checkout's picker). A plate the
 * customer already saved, in any spelling (its canonical form, decision 174), is a 409 that
 * changes nothing: the saved car's make, model and colour are edited only by the update call.
 */
export async function saveVehicle(
  db: Database,
  options: { tenantId: string; customerId: string; vehicle: VehicleInput },
): Promise<{ uuid: string }> {
  const [row] = await db
    .insert(customerVehicles)
    .values({ tenantId: options.tenantId, customerId: options.customerId, ...options.vehicle })
    .onConflictDoNothing({
      target: [customerVehicles.tenantId, customerVehicles.customerId, customerVehicles.plateNormalized],
    })
    .returning({ uuid: customerVehicles.id });
  if (!row) throw duplicateVehicle();
  return row;
}

/** The answer to a second vehicle with a plate the customer already saved. */
export function duplicateVehicle() {
  return conflict(plateMessages.duplicateVehicle);
}

export async function findSavedVehicle(
  db: Database | Transaction,
  options: { tenantId: string; customerId: string; vehicleId: string },
): Promise<CustomerVehicleRow | null> {
  const [row] = await db
    .select()
    .from(customerVehicles)
    .where(
      and(
        eq(customerVehicles.tenantId, options.tenantId),
        eq(customerVehicles.customerId, options.customerId),
        eq(customerVehicles.id, options.vehicleId),
      ),
    );
  return row ?? null;
}
