import { and, asc, eq, sql } from 'drizzle-orm';
import type { Vehicle, VehicleInput } from '../../../shared/contract';
import type { Database, Transaction } from '../../db/client';
import { type CustomerVehicleRow, customerVehicles } from '../../db/schema';

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
 * Saves a vehicle for the checkout's picker. A plate the customer already saved (compared without
 * spaces, upper-cased) answers that vehicle, with its details brought up to date.
 */
export async function saveVehicle(
  db: Database,
  options: { tenantId: string; customerId: string; vehicle: VehicleInput },
): Promise<{ uuid: string }> {
  const { vehicle } = options;
  const [row] = await db
    .insert(customerVehicles)
    .values({ tenantId: options.tenantId, customerId: options.customerId, ...vehicle })
    .onConflictDoUpdate({
      target: [customerVehicles.tenantId, customerVehicles.customerId, customerVehicles.plateNormalized],
      set: {
        plate: vehicle.plate,
        state: sql`coalesce(excluded.state, ${customerVehicles.state})`,
        make: sql`coalesce(excluded.make, ${customerVehicles.make})`,
        model: sql`coalesce(excluded.model, ${customerVehicles.model})`,
        color: sql`coalesce(excluded.color, ${customerVehicles.color})`,
      },
    })
    .returning({ uuid: customerVehicles.id });
  if (!row) throw new Error('The vehicle upsert returned no row.');
  return row;
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
