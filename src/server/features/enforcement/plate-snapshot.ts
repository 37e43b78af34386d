import { createHmac, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { PlateSnapshot } from '../../../shared/contract';
import type { Database } from '../../db/client';
import { isMatchableVehicle, passOfVehicle, productOfPass } from '../../db/pass-joins';
import { citations, issuedPasses, passProducts, passVehicles, type TenantRow } from '../../db/schema';
import { allRepeatOffenders, repeatOffenderSettingsOf } from '../repeat-offenders';
import { SETTLED_STATUSES } from './plate-check';

/** The keyed hash a device computes for a canonical plate (Web Crypto HMAC-SHA-256, hex). */
export function plateHash(hashKey: Buffer, plate: string): string {
  return createHmac('sha256', hashKey).update(plate, 'utf8').digest('hex');
}

async function collect<Item>(items: AsyncIterable<Item>): Promise<Item[]> {
  const all: Item[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/**
 * A snapshot of the tenant's covered plates for checking offline (decision 194): every paid pass
 * with an active vehicle whose time overlaps [now, usableUntil), and every plate with outstanding
 * notices, each plate replaced by its HMAC under a key made for this snapshot alone. The tenant's
 * repeat offenders come with their unpaid totals (issue 31), so the offline answer flags them too. It names no
 * plate, pass, customer or notice number: a lost phone holds hashes that only a guess of each plate
 * can open, and a new snapshot's key makes the old hashes useless to compare with.
 */
export async function getPlateSnapshot(options: {
  db: Database;
  tenant: TenantRow;
  now: Date;
  maxAgeMinutes: number;
}): Promise<PlateSnapshot> {
  const { db, tenant, now } = options;
  const usableUntil = new Date(now.getTime() + options.maxAgeMinutes * 60_000);
  const hashKey = randomBytes(32);
  const [covers, notices, repeatOffenders] = await Promise.all([
    db
      .select({
        plate: passVehicles.plateNormalized,
        issuedOn: issuedPasses.issuedOn,
        expiresAt: issuedPasses.expiresAt,
        productName: passProducts.name,
      })
      .from(passVehicles)
      .innerJoin(issuedPasses, passOfVehicle)
      .innerJoin(passProducts, productOfPass)
      .where(
        and(
          eq(passVehicles.tenantId, tenant.id),
          isMatchableVehicle,
          eq(issuedPasses.paidStatus, 'paid'),
          lt(issuedPasses.issuedOn, usableUntil),
          gt(issuedPasses.expiresAt, now),
        ),
      ),
    db
      .select({ plate: citations.plate, openNotices: count() })
      .from(citations)
      .where(
        and(
          eq(citations.tenantId, tenant.id),
          notInArray(citations.paymentStatus, SETTLED_STATUSES),
          isNull(citations.datePaid),
          isNull(citations.voidDate),
          sql`${citations.plate} <> ''`,
        ),
      )
      .groupBy(citations.plate),
    collect(allRepeatOffenders({ db, tenant, now })),
  ]);
  return {
    generatedAt: now.toISOString(),
    usableUntil: usableUntil.toISOString(),
    timeZone: tenant.timezone,
    hashKey: hashKey.toString('base64url'),
    covers: covers.map((cover) => ({
      plateHash: plateHash(hashKey, cover.plate ?? ''),
      validFrom: cover.issuedOn.toISOString(),
      validUntil: cover.expiresAt.toISOString(),
      permitName: cover.productName,
    })),
    notices: notices.map((entry) => ({
      plateHash: plateHash(hashKey, entry.plate),
      openNotices: Number(entry.openNotices),
    })),
    repeatOffenderRule: repeatOffenderSettingsOf(tenant),
    repeatOffenders: repeatOffenders.map((offender) => ({
      plateHash: plateHash(hashKey, offender.plate),
      unpaidNoticeCount: offender.unpaidNoticeCount,
      unpaidTotal: offender.unpaidTotal,
      oldestUnpaidDays: offender.oldestUnpaidDays,
    })),
  };
}
