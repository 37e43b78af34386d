import { and, eq } from 'drizzle-orm';
import { fillMessage } from '../../../shared/messages';
import { passMessages } from '../../../shared/messages/passes';
import { hoursBetween } from '../../../shared/rules/guest-quota';
import { computePassWindow } from '../../../shared/rules/pass-times';
import type { Database, Transaction } from '../../db/client';
import { newPublicId } from '../../db/public-id';
import { type CustomerRow, customers, issuedPasses, type TenantRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { issueOneTimeToken, passwords } from '../auth';
import { enqueueEmail } from '../mail';
import { customerActor, requirePermission } from '../permissions';
import { checkQuota } from './check-rules';
import { soldOut } from './issue-pass';
import { countHeldPlaces, findProductRules, lockProduct } from './queries';

/**
 * Invite by email (POST /dashboard/customer/emailpermit, part 2 sections 2, 5 and 6): a business
 * account issues one of its business products to someone by email address (decision 144).
 *
 * - The invitee's account on the tenant is found by the lower-cased address, or created as an
 *   `invited` account with the password the business chose (checked by the strength rule).
 * - An existing account keeps its password: a business never sets or learns the password of
 *   someone's existing account. One without a password (a guest's) gets a set-password link.
 * - The pass is the business's (it approves and cancels it) and the invitee's (it shows on their
 *   dashboard and the business's My visitors): amount 0 — the business issues it, nobody pays at
 *   the door — for the product's time window from now, with no vehicle yet ('Needs input'). It
 *   follows the product's approval rule (decision 216): valid when the product is auto-approved,
 *   else waiting for a member of the business to approve it.
 * - The email carries a single-use invitation link (14 days) to the page where the visitor chooses
 *   their own password and names the vehicle (accept-invitation.ts).
 * - Capacity is counted under the product's row lock, as every issue is.
 */
export async function invitePassByEmail(options: {
  db: Database;
  tenant: TenantRow;
  tenantUrl: string;
  inviter: CustomerRow;
  email: string;
  password: string;
  entityUUID: string;
  permitUUID: string;
  now: Date;
}): Promise<{ permitIssuedUUID: string }> {
  const { db, tenant, inviter, email, now } = options;
  requirePermission(customerActor(inviter), 'pass.issue-for-others', { tenantId: tenant.id });
  if (options.entityUUID !== tenant.id || !inviter.businessAccountId) throw notFound('Business account');
  const businessAccountId = inviter.businessAccountId;
  // Hashed before the transaction (tens of milliseconds, no lock needed), used only for a new account.
  const passwordHash = await passwords.hash(options.password);

  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, tenant.id, options.permitUUID);
    const isOwnBusinessProduct =
      product?.isBusinessProduct &&
      (product.businessAccountId === null || product.businessAccountId === businessAccountId);
    if (!product || !isOwnBusinessProduct) throw notFound('Pass');
    if (
      product.capacity !== null &&
      (await countHeldPlaces(tx, tenant.id, product.id, now)) >= product.capacity
    ) {
      throw soldOut();
    }
    const window = computePassWindow(
      product,
      { date: now.toISOString(), endDate: null },
      now,
      tenant.timezone,
    );
    if (!window.ok) throw new AppError(409, 'conflict', passMessages.productNotForSale);
    // A business's passes count against the product's quota as one household (decision 223).
    await checkQuota(tx, {
      tenantId: tenant.id,
      productId: product.id,
      rules: await findProductRules(tx, tenant.id, product.id),
      subjects: { customerId: null, email: null, plate: null, businessAccountId },
      addingHours: hoursBetween(window.start, window.end),
      now,
      timeZone: tenant.timezone,
    });

    const { invitee, isNew } = await findOrCreateInvitee(tx, { tenant, email, passwordHash, now });
    const [pass] = await tx
      .insert(issuedPasses)
      .values({
        tenantId: tenant.id,
        productId: product.id,
        customerId: invitee.id,
        businessAccountId,
        paidStatus: product.isAutoApproved ? 'paid' : 'waiting',
        issuedOn: window.start,
        expiresAt: window.end,
        amount: 0,
        currency: product.currency,
        customerName: invitee.fullname || null,
        customerEmail: invitee.email,
        // An auto-approved product's pass is decided by the inviting member; another waits for one.
        decidedByCustomerId: product.isAutoApproved ? inviter.id : null,
        decidedAt: product.isAutoApproved ? now : null,
        invitedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: issuedPasses.id });
    if (!pass) throw new Error('The pass insert returned no row.');
    await enqueueInvitationEmail(tx, {
      tenant,
      tenantUrl: options.tenantUrl,
      invitee,
      isNew,
      passId: pass.id,
      needsApproval: !product.isAutoApproved,
      businessName: inviter.customerEntityName ?? tenant.brandTitle,
      productName: product.name,
      now,
    });
    return { permitIssuedUUID: pass.id };
  });
}

async function findOrCreateInvitee(
  tx: Transaction,
  options: { tenant: TenantRow; email: string; passwordHash: string; now: Date },
): Promise<{ invitee: CustomerRow; isNew: boolean }> {
  const byEmail = and(eq(customers.tenantId, options.tenant.id), eq(customers.emailKey, options.email));
  const [created] = await tx
    .insert(customers)
    .values({
      tenantId: options.tenant.id,
      customerPublicId: newPublicId(),
      fullname: '',
      email: options.email,
      passwordHash: options.passwordHash,
      passwordChangedAt: options.now,
      createdVia: 'invited',
      createdAt: options.now,
    })
    // An existing account (or one a concurrent request just created) is reused as it is.
    .onConflictDoNothing()
    .returning();
  if (created) return { invitee: created, isNew: true };
  const [existing] = await tx.select().from(customers).where(byEmail);
  if (!existing) throw new Error('The invited account could not be created.');
  return { invitee: existing, isNew: false };
}

async function enqueueInvitationEmail(
  tx: Transaction,
  options: {
    tenant: TenantRow;
    tenantUrl: string;
    invitee: CustomerRow;
    isNew: boolean;
    passId: string;
    needsApproval: boolean;
    businessName: string;
    productName: string;
    now: Date;
  },
) {
  const { tenant, invitee, businessName } = options;
  const token = await issueOneTimeToken(tx, {
    tenantId: tenant.id,
    customerId: invitee.id,
    purpose: 'invitation',
    email: invitee.email,
    passId: options.passId,
    now: options.now,
  });
  await enqueueEmail(tx, {
    tenantId: tenant.id,
    to: invitee.email,
    now: options.now,
    // Written in the recipient's language, so every text is read inside (issue 30).
    email: () => {
      const howToStart = options.isNew
        ? fillMessage(passMessages.emailInvitedNewAccount, { business: businessName })
        : invitee.passwordHash
          ? passMessages.emailInvitedExistingAccount
          : passMessages.emailInvitedSetPassword;
      return {
        subject: passMessages.emailInvitedSubject,
        heading: passMessages.emailInvitedSubject,
        paragraphs: [
          fillMessage(passMessages.emailInvitedBody, {
            business: businessName,
            product: options.productName,
          }),
          howToStart,
          ...(options.needsApproval
            ? [fillMessage(passMessages.emailInvitedNeedsApproval, { business: businessName })]
            : []),
        ],
        action: {
          label: passMessages.emailInvitedAction,
          url: `${options.tenantUrl}/permits/invitation/${token}`,
        },
      };
    },
  });
}
