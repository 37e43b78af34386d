import { formatDate } from '../../../shared/format/dates';
import { decisionEmailMessages } from '../../../shared/messages/decision-emails';
import { emailMessages } from '../../../shared/messages/emails';
import { fillMessage } from '../../../shared/messages/fill';
import { passScreenMessages } from '../../../shared/messages/pass-screens';
import { passMessages } from '../../../shared/messages/passes';
import type { Transaction } from '../../db/client';
import type { IssuedPassRow } from '../../db/schema';
import { enqueueEmail } from '../mail';

/** The outcome of an approval decision, as the registrant's email tells it. */
export type ApprovalOutcome = 'approved' | 'approved-needs-payment' | 'rejected';

const subjectOf = (outcome: ApprovalOutcome) =>
  ({
    approved: decisionEmailMessages.subjectApproved,
    'approved-needs-payment': decisionEmailMessages.subjectApprovedNeedsPayment,
    rejected: decisionEmailMessages.subjectRejected,
  })[outcome];

/**
 * Tells the registrant what was decided, with the approver's message when there is one. Queued
 * in the decision's transaction, so it goes out if and only if the decision commits. An approved
 * pass with a charge links to its receipt page, whose 'Proceed to payment' starts the checkout.
 * Answers whether an email was queued: a registrant who gave no address gets none.
 */
export async function enqueueApprovalEmail(options: {
  tx: Transaction;
  tenant: { id: string; timezone: string };
  tenantUrl: string;
  pass: Pick<
    IssuedPassRow,
    'id' | 'customerPermitId' | 'customerEmail' | 'customerName' | 'issuedOn' | 'expiresAt'
  >;
  productName: string;
  outcome: ApprovalOutcome;
  message: string | null;
  payBy: Date | null;
  now: Date;
}): Promise<boolean> {
  const { pass, tenant, outcome } = options;
  if (!pass.customerEmail) return false;
  const receipt = `${options.tenantUrl}/permit/issued/${pass.id}/receipt`;
  const when = (instant: Date) => formatDate(instant, tenant.timezone, 'dateTime');
  await enqueueEmail(options.tx, {
    tenantId: tenant.id,
    to: pass.customerEmail,
    now: options.now,
    // Written in the registrant's language (enqueueEmail calls it there).
    email: () => {
      const names = { product: options.productName, number: pass.customerPermitId };
      const decision = {
        approved: fillMessage(decisionEmailMessages.bodyApproved, {
          ...names,
          from: when(pass.issuedOn),
          to: when(pass.expiresAt),
        }),
        'approved-needs-payment': options.payBy
          ? fillMessage(decisionEmailMessages.bodyApprovedPayBy, { ...names, date: when(options.payBy) })
          : fillMessage(decisionEmailMessages.bodyApprovedNeedsPayment, names),
        rejected: fillMessage(decisionEmailMessages.bodyRejected, names),
      }[outcome];
      const paragraphs = [
        pass.customerName
          ? fillMessage(emailMessages.greetingNamed, { name: pass.customerName })
          : emailMessages.greeting,
        decision,
      ];
      if (options.message) {
        paragraphs.push(fillMessage(decisionEmailMessages.adminMessage, { message: options.message }));
      }
      return {
        subject: subjectOf(outcome),
        heading: subjectOf(outcome),
        paragraphs,
        action: {
          label:
            outcome === 'approved-needs-payment'
              ? passMessages.proceedToPayment
              : passScreenMessages.viewPermit,
          url: receipt,
        },
      };
    },
  });
  return true;
}
