import { eq } from 'drizzle-orm';
import { formatMoney } from '../../../shared/format';
import { formatCalendarDate } from '../../../shared/format/dates';
import { fillMessage, paymentPlanMessages } from '../../../shared/messages';
import type { Transaction } from '../../db/client';
import { citations, type PaymentPlanInstalmentRow, type PaymentPlanRow } from '../../db/schema';
import { enqueueEmail } from '../mail';

export type PlanEmail =
  | {
      kind: 'receipt';
      instalment: PaymentPlanInstalmentRow;
      next: PaymentPlanInstalmentRow | null;
      remaining: number;
    }
  | {
      kind: 'failed';
      instalment: PaymentPlanInstalmentRow;
      reason: string;
      retryOn: string;
      graceEndsOn: string;
    }
  | { kind: 'defaulted' };

/**
 * Queues one of a plan's emails to its payer, in the caller's transaction (sent only if the change
 * it reports commits), written in the payer's language: a receipt for each instalment, a failed
 * charge with the next try and the end of the grace period, the plan's end.
 */
export async function enqueuePlanEmail(
  tx: Transaction,
  options: { plan: PaymentPlanRow; email: PlanEmail; now: Date },
): Promise<void> {
  const { plan, email, now } = options;
  if (!plan.payerEmail) return;
  const [notice] = await tx
    .select({ number: citations.citationNumber })
    .from(citations)
    .where(eq(citations.id, plan.citationId));
  const base = { notice: notice?.number ?? '', count: plan.instalmentCount };
  const action = plan.noticeUrl ? { label: paymentPlanMessages.emailAction, url: plan.noticeUrl } : undefined;
  await enqueueEmail(tx, {
    tenantId: plan.tenantId,
    to: plan.payerEmail,
    now,
    email: () => {
      if (email.kind === 'receipt') {
        const values = {
          ...base,
          number: email.instalment.sequence,
          amount: formatMoney(email.instalment.amount),
        };
        return {
          subject: fillMessage(paymentPlanMessages.receiptSubject, values),
          heading: paymentPlanMessages.receiptHeading,
          paragraphs: [
            fillMessage(paymentPlanMessages.receiptBody, values),
            email.next
              ? fillMessage(paymentPlanMessages.receiptNext, {
                  amount: formatMoney(email.next.amount),
                  date: formatCalendarDate(email.next.dueOn),
                  remaining: formatMoney(email.remaining),
                })
              : fillMessage(paymentPlanMessages.completedBody, values),
          ],
          action,
        };
      }
      if (email.kind === 'failed') {
        const values = {
          ...base,
          number: email.instalment.sequence,
          amount: formatMoney(email.instalment.amount),
          reason: email.reason,
          date: formatCalendarDate(email.retryOn),
          graceDate: formatCalendarDate(email.graceEndsOn),
        };
        return {
          subject: fillMessage(paymentPlanMessages.failedSubject, values),
          heading: paymentPlanMessages.failedHeading,
          paragraphs: [
            fillMessage(paymentPlanMessages.failedBody, values),
            fillMessage(paymentPlanMessages.failedRetry, values),
          ],
          action,
        };
      }
      return {
        subject: fillMessage(paymentPlanMessages.defaultedSubject, base),
        heading: paymentPlanMessages.defaultedHeading,
        paragraphs: [fillMessage(paymentPlanMessages.defaultedBody, base)],
        action,
      };
    },
  });
}
