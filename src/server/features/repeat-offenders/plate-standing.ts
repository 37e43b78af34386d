import { and, eq } from 'drizzle-orm';
import type { PlateStanding } from '../../../shared/contract';
import { plateMessages } from '../../../shared/messages';
import { canonicalPlate } from '../../../shared/rules';
import type { Database } from '../../db/client';
import { citations, type TenantRow } from '../../db/schema';
import { badRequest } from '../../errors';
import { amountColumns, settingsOf, standingOf, unpaidNoticeConditions } from './unpaid-notices';

/** Every unpaid notice of one plate counts (the plate check lists only the newest few). */
export async function findPlateStanding(options: {
  db: Database;
  tenant: TenantRow;
  plate: string;
  now: Date;
}): Promise<PlateStanding> {
  const { db, tenant, now } = options;
  const notices = await db
    .select(amountColumns)
    .from(citations)
    .where(and(unpaidNoticeConditions(tenant.id), eq(citations.plate, options.plate)));
  return standingOf(tenant, notices, now);
}

/** The console's look-up of one plate: its standing and the tenant's rule. */
export async function getPlateStanding(options: {
  db: Database;
  tenant: TenantRow;
  plate: string;
  now: Date;
}) {
  const plate = canonicalPlate(options.plate);
  if (!plate) throw badRequest(plateMessages.plateInvalid);
  const standing = await findPlateStanding({ ...options, plate });
  return { plate, rule: settingsOf(options.tenant), ...standing };
}
