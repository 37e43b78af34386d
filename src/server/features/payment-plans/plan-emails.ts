import { eq } from 'drizzle-orm';
import { formatMoney } from '../../../shared/format';
import { formatCalendarDate } from '../../../shared/format/dates';
import { fillMessage, paymentPlanMessages } from '../../../shared/messages';
import { planFeeShare } from '../../../shared/rules';
import type { Transaction } from '../../db/client';
import { citations, type PaymentPlanInstalmentRow, type PaymentPlanRow } from '../../db/schema';
import { enqueueEmail } from '../mail';
import { findInstalments } from './plan-view';

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
  const feeShare = email.kind === 'receipt' ? await receiptFeeShare(tx, plan, email.instalment) : 0;
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
            ...(feeShare > 0
              ? [fillMessage(paymentPlanMessages.receiptFee, { fee: formatMoney(feeShare) })]
              : []),
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

/** The part of this instalment that is the plan fee, from what the instalments before it came to. */
async function receiptFeeShare(
  tx: Transaction,
  plan: PaymentPlanRow,
  instalment: PaymentPlanInstalmentRow,
): Promise<number> {
  if (plan.fee === 0) return 0;
  const paidBefore = (await findInstalments(tx, plan.id))
    .filter((row) => row.sequence < instalment.sequence)
    .reduce((sum, row) => sum + row.amount, 0);
  return planFeeShare({ fee: plan.fee, paidBefore, amount: instalment.amount });
}
