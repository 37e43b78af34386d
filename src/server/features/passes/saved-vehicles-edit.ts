import { and, eq } from 'drizzle-orm';
import type { Vehicle, VehicleInput } from '../../../shared/contract';
import type { Database } from '../../db/client';
import { customerVehicles, passVehicles } from '../../db/schema';
import { notFound } from '../../errors';
import { isUniqueViolation } from '../customers';
import { duplicateVehicle, toSavedVehicle } from './vehicles';

/**
 * The vehicles screen's update and delete of a customer's saved vehicles. Passes keep their own
 * copy of a vehicle (decision 090): editing a saved one does not rewrite the plate a pass was
 * granted for, and deleting it only unlinks the copies (their vehicleUUID becomes null).
 */
interface SavedVehicleCall {
  db: Database;
  tenantId: string;
  customerId: string;
  vehicleId: string;
}

const isOwnVehicle = (call: SavedVehicleCall) =>
  and(
    eq(customerVehicles.tenantId, call.tenantId),
    eq(customerVehicles.customerId, call.customerId),
    eq(customerVehicles.id, call.vehicleId),
  );

export async function updateSavedVehicle(
  call: SavedVehicleCall & { vehicle: VehicleInput },
): Promise<Vehicle> {
  try {
    const [row] = await call.db
      .update(customerVehicles)
      .set(call.vehicle)
      .where(isOwnVehicle(call))
      .returning();
    if (!row) throw notFound('Vehicle');
    return toSavedVehicle(row);
  } catch (error) {
    if (isUniqueViolation(error, 'customer_vehicles_tenant_customer_plate_key')) {
      throw duplicateVehicle();
    }
    throw error;
  }
}

export async function deleteSavedVehicle(call: SavedVehicleCall): Promise<{ message: string }> {
  await call.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: customerVehicles.id })
      .from(customerVehicles)
      .where(isOwnVehicle(call))
      .for('update');
    if (!row) throw notFound('Vehicle');
    await tx
      .update(passVehicles)
      .set({ customerVehicleId: null })
      .where(and(eq(passVehicles.tenantId, call.tenantId), eq(passVehicles.customerVehicleId, row.id)));
    await tx.delete(customerVehicles).where(eq(customerVehicles.id, row.id));
  });
  return { message: 'The vehicle was deleted.' };
}
