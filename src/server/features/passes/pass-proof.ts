import { and, asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { type PassProof, type PassProofLink, passProofPagePath } from '../../../shared/contract';
import { passDashboardMessages } from '../../../shared/messages/pass-dashboard';
import { isPastExpiry, isUpcoming, passStatusText } from '../../../shared/rules/pass-display';
import type { Database } from '../../db/client';
import { productOfPass } from '../../db/pass-joins';
import { issuedPasses, passProducts, passProofs, passVehicles, type TenantRow } from '../../db/schema';
import { notFound } from '../../errors';

/** Sharp on a phone screen held up to an officer's scanner. */
const QR_WIDTH_PX = 240;

/**
 * GET /portal/permit/issued/:id/proof: the pass's public proof page and its QR code. The proof
 * uuid is made the first time it is asked for (once: the primary key decides between two first
 * askers) and kept, so a printed code keeps working.
 */
export async function getPassProofLink(options: {
  db: Database;
  tenant: TenantRow;
  tenantUrl: string;
  passId: string;
}): Promise<PassProofLink> {
  const { db, tenant } = options;
  const [pass] = await db
    .select({ id: issuedPasses.id })
    .from(issuedPasses)
    .where(and(eq(issuedPasses.tenantId, tenant.id), eq(issuedPasses.id, options.passId)));
  if (!pass) throw notFound('Pass');
  await db.insert(passProofs).values({ passId: pass.id, tenantId: tenant.id }).onConflictDoNothing();
  const [proof] = await db
    .select({ proofId: passProofs.proofId })
    .from(passProofs)
    .where(and(eq(passProofs.tenantId, tenant.id), eq(passProofs.passId, pass.id)));
  if (!proof) throw notFound('Pass');
  // The address comes from configuration, never from the request's Host header.
  const proofUrl = `${options.tenantUrl}${passProofPagePath(proof.proofId)}`;
  const png = await QRCode.toBuffer(proofUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: QR_WIDTH_PX,
  });
  return {
    proofUUID: proof.proofId,
    proofUrl,
    qrCodeDataUrl: `data:image/png;base64,${png.toString('base64')}`,
  };
}

/**
 * GET /portal/permit/proof/:id: what an officer needs and nothing more: the product, the active
 * plates and the validity window. No holder, no email, no pass uuid.
 */
export async function getPassProof(options: {
  db: Database;
  tenant: TenantRow;
  proofId: string;
  now: Date;
}): Promise<PassProof> {
  const { db, tenant, now } = options;
  const [found] = await db
    .select({ pass: issuedPasses, productName: passProducts.name })
    .from(passProofs)
    .innerJoin(
      issuedPasses,
      and(eq(issuedPasses.tenantId, passProofs.tenantId), eq(issuedPasses.id, passProofs.passId)),
    )
    .innerJoin(passProducts, productOfPass)
    .where(and(eq(passProofs.tenantId, tenant.id), eq(passProofs.proofId, options.proofId)));
  if (!found) throw notFound('Pass');
  const { pass } = found;
  const vehicles = await db
    .select({ plate: passVehicles.plate, state: passVehicles.state })
    .from(passVehicles)
    .where(
      and(
        eq(passVehicles.tenantId, tenant.id),
        eq(passVehicles.passId, pass.id),
        eq(passVehicles.isActive, true),
      ),
    )
    .orderBy(asc(passVehicles.createdAt), asc(passVehicles.id));
  const displayable = {
    paidStatus: pass.paidStatus,
    issuedOn: pass.issuedOn.toISOString(),
    expiresAt: pass.expiresAt.toISOString(),
  };
  const plates = vehicles
    .filter((vehicle) => vehicle.plate.trim() !== '')
    .map((vehicle) => ({ plate: vehicle.plate, state: vehicle.state ?? null }));
  const isInForce =
    pass.paidStatus === 'paid' && !isUpcoming(displayable, now) && !isPastExpiry(displayable, now);
  return {
    productName: found.productName,
    plates,
    validFrom: displayable.issuedOn,
    validTo: displayable.expiresAt,
    // A pass covers vehicles, not a place: with none of them active, nothing parked is covered.
    isValidNow: isInForce && plates.length > 0,
    statusText:
      isInForce && plates.length === 0
        ? passDashboardMessages.proofNoPlate
        : passStatusText(displayable, { now, timeZone: tenant.timezone, surface: 'receipt' }),
    timeZone: tenant.timezone,
    checkedAt: now.toISOString(),
  };
}
