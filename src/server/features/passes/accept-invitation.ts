import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Invitation, SessionResponse, VehicleInput } from '../../../shared/contract';
import { passMessages } from '../../../shared/messages/passes';
import type { Database, Transaction } from '../../db/client';
import { productOfPass } from '../../db/pass-joins';
import {
  businessAccounts,
  type CustomerRow,
  customers,
  customerTokens,
  issuedPasses,
  passProducts,
  type TenantRow,
} from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { consumeOneTimeToken, hashToken, passwords } from '../auth';
import { assertPassChangeable } from './pass-access';
import { writePrimaryVehicle } from './pass-vehicles';

/**
 * A business's invitation, accepted by the visitor (decision 216): the emailed link (a
 * single-use token of purpose 'invitation' naming one pass) opens a page where the visitor
 * chooses their own password — when the account has none of its own — and names the pass's
 * vehicle. Accepting signs them in. The pass keeps the status the product's approval rule gave it
 * at the invitation: valid, or waiting for the business to approve it.
 */

const invalidLink = () => new AppError(404, 'invitation_invalid', passMessages.invitationInvalid);

interface InvitationCall {
  db: Database;
  tenant: TenantRow;
  token: string;
  now: Date;
}

/** The token's row when it is this tenant's, unused and unexpired; a 404 otherwise. */
async function findLiveToken(db: Database | Transaction, call: InvitationCall) {
  const [row] = await db
    .select()
    .from(customerTokens)
    .where(
      and(
        eq(customerTokens.tokenHash, hashToken(call.token)),
        eq(customerTokens.tenantId, call.tenant.id),
        eq(customerTokens.purpose, 'invitation'),
        isNull(customerTokens.usedAt),
        gt(customerTokens.expiresAt, call.now),
      ),
    );
  if (!row?.passId) throw invalidLink();
  return { ...row, passId: row.passId };
}

/**
 * Whether the account still lacks a password of its own: it has none (a guest's), or it was made
 * by an invitation and no invitation of it was accepted yet (the password is the business's).
 */
async function needsOwnPassword(db: Database | Transaction, customer: CustomerRow): Promise<boolean> {
  if (!customer.passwordHash) return true;
  if (customer.createdVia !== 'invited') return false;
  const [accepted] = await db
    .select({ id: issuedPasses.id })
    .from(issuedPasses)
    .where(
      and(
        eq(issuedPasses.tenantId, customer.tenantId),
        eq(issuedPasses.customerId, customer.id),
        isNotNull(issuedPasses.invitationAcceptedAt),
      ),
    )
    .limit(1);
  return !accepted;
}

async function loadInvitation(db: Database | Transaction, call: InvitationCall, passId: string) {
  const [row] = await db
    .select({
      pass: issuedPasses,
      product: passProducts,
      customer: customers,
      businessName: businessAccounts.name,
    })
    .from(issuedPasses)
    .innerJoin(passProducts, productOfPass)
    .innerJoin(
      customers,
      and(eq(customers.tenantId, issuedPasses.tenantId), eq(customers.id, issuedPasses.customerId)),
    )
    .leftJoin(
      businessAccounts,
      and(
        eq(businessAccounts.tenantId, issuedPasses.tenantId),
        eq(businessAccounts.id, issuedPasses.businessAccountId),
      ),
    )
    .where(
      and(
        eq(issuedPasses.tenantId, call.tenant.id),
        eq(issuedPasses.id, passId),
        isNotNull(issuedPasses.invitedAt),
      ),
    );
  if (!row) throw invalidLink();
  return row;
}

/** GET /portal/invitation/{token}: what the invitation page shows. */
export async function getInvitation(call: InvitationCall): Promise<Invitation> {
  const token = await findLiveToken(call.db, call);
  const { pass, product, customer, businessName } = await loadInvitation(call.db, call, token.passId);
  if (pass.invitationAcceptedAt) throw invalidLink();
  return {
    permitIssuedUUID: pass.id,
    email: customer.email,
    permitName: product.name,
    businessName: businessName ?? call.tenant.brandTitle,
    needsPassword: await needsOwnPassword(call.db, customer),
    isPlateOnly: product.isPlateOnly,
    needsApproval: pass.paidStatus === 'waiting',
  };
}

/**
 * POST /portal/invitation/accept: spends the link, sets the visitor's own password when the
 * account needs one, writes the pass's primary vehicle and marks the invitation accepted, all in
 * one transaction (a refusal changes nothing and leaves the link working). Answers a session.
 */
export async function acceptInvitation(
  call: InvitationCall & {
    password?: string | null;
    vehicle: VehicleInput;
    issueSession: (customer: CustomerRow) => Promise<SessionResponse>;
  },
): Promise<SessionResponse & { permitIssuedUUID: string }> {
  const { now } = call;
  if (call.vehicle.plate.length === 0) throw badRequest(passMessages.vehicleRequired);
  // Hashed before the transaction (tens of milliseconds, no lock needed); used only if needed.
  const passwordHash = call.password ? await passwords.hash(call.password) : null;

  const { customer, passId } = await call.db.transaction(async (tx) => {
    const token = await consumeOneTimeToken(tx, {
      tenantId: call.tenant.id,
      token: call.token,
      purpose: 'invitation',
      now,
    });
    if (!token?.passId) throw invalidLink();
    const [locked] = await tx
      .select()
      .from(issuedPasses)
      .where(and(eq(issuedPasses.tenantId, call.tenant.id), eq(issuedPasses.id, token.passId)))
      .for('update');
    if (!locked) throw invalidLink();
    const { pass, product, customer } = await loadInvitation(tx, call, token.passId);
    if (pass.invitationAcceptedAt) {
      throw new AppError(409, 'invitation_accepted', passMessages.invitationAlreadyAccepted);
    }
    assertPassChangeable(pass, now);

    let holder = customer;
    if (await needsOwnPassword(tx, customer)) {
      if (!passwordHash) throw badRequest(passMessages.invitationPasswordRequired);
      const [updated] = await tx
        .update(customers)
        .set({
          passwordHash,
          passwordChangedAt: now,
          // The business's password stops working; so does every session opened with it.
          tokenVersion: sql`${customers.tokenVersion} + 1`,
          // Following the link proved the address, as a verification link does.
          emailVerifiedAt: customer.emailVerifiedAt ?? now,
        })
        .where(eq(customers.id, customer.id))
        .returning();
      if (!updated) throw invalidLink();
      holder = updated;
    }
    const vehicle = product.isPlateOnly
      ? { ...call.vehicle, state: null, make: null, model: null, color: null }
      : call.vehicle;
    await writePrimaryVehicle(tx, pass, vehicle, now);
    await tx
      .update(issuedPasses)
      .set({ invitationAcceptedAt: now, updatedAt: now })
      .where(eq(issuedPasses.id, pass.id));
    return { customer: holder, passId: pass.id };
  });
  const session = await call.issueSession(customer);
  return { ...session, permitIssuedUUID: passId };
}
