import { eq } from 'drizzle-orm';
import { passMessages } from '../../../shared/messages/passes';
import { addPassDuration, START_GRACE_MS } from '../../../shared/rules/pass-times';
import type { Database } from '../../db/client';
import { issuedPasses, type TenantRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { checkQuotaForNewTimes, quotaSubjectsOfPass } from './check-rules';
import {
  assertPassChangeable,
  auditActorOf,
  loadPassFor,
  type PassCaller,
  requireOperatorRole,
} from './pass-access';
import { findPassProduct } from './queries';
import { findQuotaRules } from './tenant-guest-quota';

const hoursBetween = (start: Date, end: Date) => (end.getTime() - start.getTime()) / 3_600_000;

/**
 * Start/end time update (PUT /dashboard/permit/times). The pass's holder, owner or business may
 * move the times of a pass whose product allows it (canEditTimes): end after start, no longer
 * than the product's duration counted in the tenant's time zone (a day pass across a DST change
 * is 23 or 25 hours), a new start not in the past and an end in the future, and a longer pass still within an hours quota of the product. An operator with
 * `pass.set-times` may correct any pass, within the product's duration, and is audited.
 */
export async function setPermitTimes(options: {
  db: Database;
  caller: PassCaller;
  tenant: TenantRow;
  passId: string;
  issuedAt: Date;
  expiresAt: Date;
  now: Date;
}): Promise<void> {
  const { caller, tenant, issuedAt, expiresAt, now } = options;
  requireOperatorRole(caller, 'pass.set-times');
  const isOperator = caller.actor.kind === 'operator';
  await options.db.transaction(async (tx) => {
    const pass = await loadPassFor(tx, {
      caller,
      tenantId: tenant.id,
      passId: options.passId,
      action: isOperator ? 'pass.set-times' : 'pass.edit',
      lock: true,
    });
    assertPassChangeable(pass, now);
    // Locked like an issue of the product: a quota counted here cannot change underneath.
    const product = await findPassProduct(tx, tenant.id, pass.productId, { lock: true });
    if (!product) throw notFound('Pass');
    if (!isOperator && !product.canEditTimes) throw forbidden(passMessages.timesNotEditable);
    if (expiresAt.getTime() <= issuedAt.getTime()) {
      throw new AppError(400, 'pass_validation', passMessages.endBeforeStart);
    }
    const longest = addPassDuration(
      issuedAt,
      product.permitDuration,
      product.permitDurationUnit,
      tenant.timezone,
    );
    if (expiresAt.getTime() > longest.getTime()) {
      throw new AppError(400, 'pass_validation', passMessages.passTooLong);
    }
    if (!isOperator) {
      const isStartMoved = issuedAt.getTime() !== pass.issuedOn.getTime();
      if (isStartMoved && issuedAt.getTime() < now.getTime() - START_GRACE_MS) {
        throw new AppError(400, 'pass_validation', passMessages.startInPast);
      }
      if (expiresAt.getTime() <= now.getTime()) {
        throw new AppError(400, 'pass_validation', passMessages.endInPast);
      }
      await checkQuotaForNewTimes(tx, {
        tenantId: tenant.id,
        productId: product.id,
        rules: await findQuotaRules(tx, tenant, product),
        subjects: await quotaSubjectsOfPass(tx, pass),
        passId: pass.id,
        hours: hoursBetween(issuedAt, expiresAt),
        previousHours: hoursBetween(pass.issuedOn, pass.expiresAt),
        now,
        timeZone: tenant.timezone,
      });
    }
    await tx
      .update(issuedPasses)
      .set({ issuedOn: issuedAt, expiresAt, updatedAt: now })
      .where(eq(issuedPasses.id, pass.id));
    const actor = auditActorOf(caller);
    if (actor) {
      await recordAudit(tx, {
        tenantId: tenant.id,
        actor,
        action: 'pass.set-times',
        entityType: 'pass',
        entityId: pass.id,
        before: { issuedOn: pass.issuedOn, expiresAt: pass.expiresAt },
        after: { issuedOn: issuedAt, expiresAt },
      });
    }
  });
}
