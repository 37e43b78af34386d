import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import { passMessages } from '../../../shared/messages/passes';
import type { Database, Transaction } from '../../db/client';
import { customers, passEmailVerifications, type TenantRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { isUniqueViolation } from '../customers';
import { enqueuePassVerificationEmail } from './pass-emails';
import { findProduct } from './queries';

/** How long an emailed verification link works. */
export const VERIFICATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const linkInvalid = () =>
  new AppError(410, 'invalid_verification_link', passMessages.verificationLinkInvalid);

/** The tenant's account for this address: an existing one, or a new guest account (no password). */
async function findOrCreateGuestAccount(
  tx: Transaction,
  tenantId: string,
  email: string,
  now: Date,
): Promise<string> {
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.emailKey, email)));
  if (existing) return existing.id;
  const [created] = await tx
    .insert(customers)
    .values({
      tenantId,
      customerPublicId: String(100_000_000 + Math.floor(Math.random() * 900_000_000)),
      fullname: '',
      email,
      createdVia: 'guest',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: customers.id });
  if (created) return created.id;
  // A concurrent request created it first.
  const [raced] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.emailKey, email)));
  if (!raced) throw new Error('The guest account could not be created.');
  return raced.id;
}

/**
 * POST /portal/permit/guest/emailverify: emails a single-use link (valid 24 hours) that opens the
 * guest checkout of an email-verified product with this address locked. Only a hash of the token
 * is stored. The answer is the same whether or not the address has an account.
 */
export async function sendPassVerificationEmail(options: {
  db: Database;
  tenant: TenantRow;
  tenantUrl: string;
  productId: string;
  email: string;
  now: Date;
}): Promise<{ message: string }> {
  const { db, tenant, now, email } = options;
  const product = await findProduct(db, tenant.id, options.productId);
  if (!product) throw notFound('Pass');
  if (!product.isEmailVerify) throw badRequest(inputErrorMessages.noVerificationNeeded);
  const token = randomBytes(32).toString('base64url');
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db.transaction(async (tx) => {
        const customerId = await findOrCreateGuestAccount(tx, tenant.id, email, now);
        await tx.insert(passEmailVerifications).values({
          tenantId: tenant.id,
          productId: product.id,
          customerId,
          email,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + VERIFICATION_LIFETIME_MS),
          createdAt: now,
        });
        await enqueuePassVerificationEmail({
          tx,
          tenantId: tenant.id,
          to: email,
          productName: product.name,
          url: `${options.tenantUrl}/permit/${product.id}/guestcheckout/${customerId}?token=${token}`,
          now,
        });
      });
      return { message: passMessages.emailSent };
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error, 'customers_tenant_public_id_key')) continue;
      throw error;
    }
  }
}

export interface VerifiedEmail {
  id: string;
  email: string;
  customerId: string | null;
}

/** A link that is still usable for this product and account, or a 410. */
export async function findUsableVerification(
  db: Database | Transaction,
  options: { tenantId: string; productId: string; customerId?: string | null; token: string; now: Date },
): Promise<VerifiedEmail> {
  const [row] = await db
    .select()
    .from(passEmailVerifications)
    .where(
      and(
        eq(passEmailVerifications.tenantId, options.tenantId),
        eq(passEmailVerifications.productId, options.productId),
        eq(passEmailVerifications.tokenHash, hashToken(options.token)),
        isNull(passEmailVerifications.usedAt),
        gt(passEmailVerifications.expiresAt, options.now),
      ),
    );
  if (!row || (options.customerId && row.customerId !== options.customerId)) throw linkInvalid();
  return { id: row.id, email: row.email, customerId: row.customerId };
}

/** Uses the link up, in the issuing transaction: of two passes racing on one link, one fails. */
export async function consumeVerification(tx: Transaction, verificationId: string, now: Date): Promise<void> {
  const used = await tx
    .update(passEmailVerifications)
    .set({ usedAt: now })
    .where(and(eq(passEmailVerifications.id, verificationId), isNull(passEmailVerifications.usedAt)))
    .returning({ id: passEmailVerifications.id });
  if (used.length === 0) throw linkInvalid();
}
