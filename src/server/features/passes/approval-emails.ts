import { formatDate } from '../../../shared/format/dates';
import { passMessages } from '../../../shared/messages/passes';
import type { Transaction } from '../../db/client';
import type { IssuedPassRow } from '../../db/schema';
import { enqueueEmail } from '../mail';

/** The outcome of an approval decision, as the registrant's email tells it. */
export type ApprovalOutcome = 'approved' | 'approved-needs-payment' | 'rejected';

const SUBJECTS: Record<ApprovalOutcome, string> = {
  approved: 'Your parking permit request was approved',
  'approved-needs-payment': 'Your parking permit request was approved: payment required',
  rejected: 'Your parking permit request was not approved',
};

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
  const decision = {
    approved: `Your request for ${options.productName} (permit #${pass.customerPermitId}) was approved. It is valid from ${when(pass.issuedOn)} to ${when(pass.expiresAt)}.`,
    'approved-needs-payment': `Your request for ${options.productName} (permit #${pass.customerPermitId}) was approved. Please pay for it${options.payBy ? ` by ${when(options.payBy)}` : ''} to activate it.`,
    rejected: `Your request for ${options.productName} (permit #${pass.customerPermitId}) was not approved.`,
  }[outcome];
  const paragraphs = [pass.customerName ? `Hello ${pass.customerName},` : 'Hello,', decision];
  if (options.message) paragraphs.push(`Message from the administrator: ${options.message}`);
  await enqueueEmail(options.tx, {
    tenantId: tenant.id,
    to: pass.customerEmail,
    now: options.now,
    email: () => ({
      subject: SUBJECTS[outcome],
      heading: SUBJECTS[outcome],
      paragraphs,
      action: {
        label: outcome === 'approved-needs-payment' ? passMessages.proceedToPayment : 'View your permit',
        url: receipt,
      },
    }),
  });
  return true;
}
