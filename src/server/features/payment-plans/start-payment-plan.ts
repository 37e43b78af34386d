import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formatMoney } from '../../../shared/format';
import { fromLocalWallTime } from '../../../shared/format/zoned-time';
import { fillMessage, paymentPlanMessages } from '../../../shared/messages';
import { bannerKindFor, planSchedule } from '../../../shared/rules';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import { paymentPlanInstalments, paymentPlans, type TenantRow } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { getCitationWithPlan } from '../citations';
import { startCheckout } from '../payments';

/** The instant a tenant-local date starts: when an instalment falls due. */
export const startOfLocalDay = (date: string, timeZone: string) =>
  fromLocalWallTime(`${date}T00:00:00.000`, timeZone);

/**
 * Starts a payment plan for a notice: the schedule is fixed now (the notice's amount due today
 * plus the tenant's plan fee, split into `instalments`), written as a 'pending' plan, and the
 * first instalment goes to a hosted checkout that saves the card for the later ones. The plan
 * comes into force only when that payment arrives (fulfil-plan.ts).
 */
export async function startPaymentPlan(options: {
  db: Database;
  gateway: PaymentGateway;
  tenant: TenantRow;
  tenantUrl: string;
  citationId: string;
  instalments: number;
  email: string;
  now: Date;
  log?: { error(object: unknown, message: string): void };
}): Promise<{ checkoutURL: string }> {
  const { db, tenant, now } = options;
  const { citation, plan: existing } = await getCitationWithPlan({
    db,
    tenant,
    citationId: options.citationId,
    now,
  });
  if (existing?.plan.status === 'active') throw conflict(paymentPlanMessages.alreadyOnPlan);
  if (bannerKindFor(citation, citation.amountDue) !== 'payable')
    throw badRequest(paymentPlanMessages.notPayable);
  if (existing || tenant.paymentPlanThreshold === null) throw badRequest(paymentPlanMessages.notOffered);
  if (citation.amountDue < tenant.paymentPlanThreshold) {
    throw badRequest(
      fillMessage(paymentPlanMessages.underThreshold, { amount: formatMoney(tenant.paymentPlanThreshold) }),
    );
  }
  if (options.instalments > tenant.paymentPlanMaxInstalments) {
    throw badRequest(
      fillMessage(paymentPlanMessages.tooManyInstalments, { count: tenant.paymentPlanMaxInstalments }),
    );
  }
  const schedule = planSchedule({
    noticeAmount: citation.amountDue,
    fee: tenant.paymentPlanFee,
    count: options.instalments,
    start: now,
    timeZone: tenant.timezone,
  });
  const planId = randomUUID();
  const pageUrl = `${options.tenantUrl}/citations/${citation.uuid}`;
  await db.transaction(async (tx) => {
    await tx.insert(paymentPlans).values({
      id: planId,
      tenantId: tenant.id,
      citationId: citation.uuid,
      status: 'pending',
      instalmentCount: options.instalments,
      noticeAmount: citation.amountDue,
      fee: tenant.paymentPlanFee,
      total: citation.amountDue + tenant.paymentPlanFee,
      payerEmail: options.email,
      noticeUrl: pageUrl,
      provider: options.gateway.provider,
      createdAt: now,
    });
    await tx.insert(paymentPlanInstalments).values(
      schedule.map((line) => ({
        tenantId: tenant.id,
        planId,
        sequence: line.sequence,
        dueOn: line.dueOn,
        dueAt: startOfLocalDay(line.dueOn, tenant.timezone),
        amount: line.amount,
      })),
    );
  });
  try {
    return await startCheckout({
      db,
      gateway: options.gateway,
      tenant,
      purpose: 'plan',
      subjectId: planId,
      amount: schedule[0]!.amount,
      description: fillMessage(paymentPlanMessages.lineItem, {
        number: 1,
        count: options.instalments,
        notice: citation.citationNumber,
      }),
      successUrl: `${pageUrl}?checkout=success&plan=started`,
      cancelUrl: `${pageUrl}?checkout=cancelled`,
      customerEmail: options.email,
      savePaymentMethod: true,
      now,
      log: options.log,
    });
  } catch (error) {
    // Nothing was opened: the plan that was never offered to pay goes too.
    await db.delete(paymentPlans).where(eq(paymentPlans.id, planId));
    throw error;
  }
}
