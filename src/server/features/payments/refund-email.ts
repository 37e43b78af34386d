import { formatMoney } from '../../../shared/format/money';
import { emailMessages } from '../../../shared/messages/emails';
import { fillMessage } from '../../../shared/messages/fill';
import { refundMessages } from '../../../shared/messages/refunds';
import type { Transaction } from '../../db/client';
import { enqueueEmail } from '../mail';

/**
 * Tells the customer about an operator's refund (issue 33): the amount, the reason, what happened
 * to the pass or notice, in the customer's language. Queued in the refund's transaction, so it
 * goes out if and only if the refund commits.
 */
export async function enqueueRefundEmail(
  tx: Transaction,
  options: {
    tenantId: string;
    to: string | null;
    name: string | null;
    subject: { kind: 'pass'; product: string; number: string } | { kind: 'notice'; number: string };
    amount: number;
    reason: string;
    isFull: boolean;
    url: string;
    now: Date;
  },
): Promise<void> {
  if (!options.to) return;
  const { subject } = options;
  await enqueueEmail(tx, {
    tenantId: options.tenantId,
    to: options.to,
    now: options.now,
    email: () => {
      const amount = formatMoney(options.amount);
      const body =
        subject.kind === 'pass'
          ? fillMessage(refundMessages.emailPassBody, {
              amount,
              product: subject.product,
              number: subject.number,
            })
          : fillMessage(refundMessages.emailNoticeBody, { amount, number: subject.number });
      const effect = options.isFull
        ? [subject.kind === 'pass' ? refundMessages.emailPassCanceled : refundMessages.emailNoticeVoided]
        : [];
      const title = fillMessage(refundMessages.emailSubject, { amount });
      return {
        subject: title,
        heading: title,
        paragraphs: [
          options.name
            ? fillMessage(emailMessages.greetingNamed, { name: options.name })
            : emailMessages.greeting,
          body,
          fillMessage(refundMessages.emailReason, { reason: options.reason }),
          ...effect,
          refundMessages.emailTiming,
        ],
        action: {
          label: subject.kind === 'pass' ? refundMessages.viewPermit : refundMessages.viewNotice,
          url: options.url,
        },
      };
    },
  });
}
