import { formatDate } from '../../../shared/format/dates';
import { emailMessages } from '../../../shared/messages/emails';
import { fillMessage } from '../../../shared/messages/fill';
import { passScreenMessages } from '../../../shared/messages/pass-screens';
import { formatPassMessage, passMessages } from '../../../shared/messages/passes';
import type { Transaction } from '../../db/client';
import type { IssuedPassRow } from '../../db/schema';
import { enqueueEmail } from '../mail';

/**
 * The emails of getting a pass, queued in the transaction that made the change (sent if and only
 * if it commits) and rendered with the tenant's brand by the outbox worker: short paragraphs and
 * one button, so they read well on a phone.
 */
interface PassEmailContext {
  tx: Transaction;
  tenant: { id: string; timezone: string };
  /** The tenant's own address (links never use the request's Host). */
  tenantUrl: string;
  pass: Pick<
    IssuedPassRow,
    'id' | 'customerPermitId' | 'customerEmail' | 'customerName' | 'issuedOn' | 'expiresAt'
  >;
  productName: string;
  now: Date;
}

const greeting = (name: string | null) =>
  name ? fillMessage(emailMessages.greetingNamed, { name }) : emailMessages.greeting;
const receiptUrl = (context: PassEmailContext) =>
  `${context.tenantUrl}/permit/issued/${context.pass.id}/receipt`;
const validity = (context: PassEmailContext) =>
  fillMessage(emailMessages.passValidity, {
    product: context.productName,
    number: context.pass.customerPermitId,
    from: formatDate(context.pass.issuedOn, context.tenant.timezone, 'dateTime'),
    to: formatDate(context.pass.expiresAt, context.tenant.timezone, 'dateTime'),
  });

async function send(context: PassEmailContext, email: Parameters<typeof enqueueEmail>[1]['email']) {
  if (!context.pass.customerEmail) return;
  await enqueueEmail(context.tx, {
    tenantId: context.tenant.id,
    to: context.pass.customerEmail,
    now: context.now,
    email,
  });
}

export function enqueuePassSubmittedEmail(context: PassEmailContext) {
  return send(context, () => ({
    subject: passMessages.emailSubmittedSubject,
    heading: passMessages.submittedTitle,
    paragraphs: [
      greeting(context.pass.customerName),
      fillMessage(emailMessages.requestReceived, {
        product: context.productName,
        id: context.pass.customerPermitId,
      }),
      passMessages.submittedBody,
    ],
    action: { label: passScreenMessages.viewRequest, url: receiptUrl(context) },
  }));
}

export function enqueuePassIssuedEmail(context: PassEmailContext) {
  return send(context, () => ({
    subject: passMessages.emailIssuedSubject,
    heading: passMessages.issuedSuccess,
    paragraphs: [
      greeting(context.pass.customerName),
      validity(context),
      fillMessage(emailMessages.passEditLink, {
        url: `${context.tenantUrl}/permit/issued/${context.pass.id}/edit`,
      }),
    ],
    action: { label: passScreenMessages.viewPermit, url: receiptUrl(context) },
  }));
}

export function enqueuePassPaymentFailedEmail(context: PassEmailContext) {
  return send(context, () => ({
    subject: passMessages.emailPaymentFailedSubject,
    heading: passMessages.statusNeedsPayment,
    paragraphs: [
      greeting(context.pass.customerName),
      fillMessage(emailMessages.renewalNotCharged, {
        product: context.productName,
        number: context.pass.customerPermitId,
      }),
      fillMessage(emailMessages.renewalValidUntil, {
        date: formatDate(context.pass.expiresAt, context.tenant.timezone, 'dateTime'),
      }),
    ],
    action: { label: passMessages.proceedToPayment, url: receiptUrl(context) },
  }));
}

export async function enqueuePassVerificationEmail(options: {
  tx: Transaction;
  tenantId: string;
  to: string;
  productName: string;
  url: string;
  now: Date;
}) {
  await enqueueEmail(options.tx, {
    tenantId: options.tenantId,
    to: options.to,
    now: options.now,
    email: () => ({
      subject: passMessages.emailVerifySubject,
      heading: passMessages.verifyEmailTitle,
      paragraphs: [
        formatPassMessage(emailMessages.beginRegistration, { product: options.productName }),
        emailMessages.linkWorksOnce,
      ],
      action: { label: emailMessages.beginRegistrationAction, url: options.url },
    }),
  });
}

/**
 * The confirmation of a cancel (decision 178): sent once, when the pass is canceled, or for a
 * recurring pass when the provider has stopped its renewal, so it never promises what has not
 * happened.
 */
export function enqueuePassCanceledEmail(context: PassEmailContext & { isRecurring: boolean }) {
  return send(context, () => ({
    subject: passMessages.emailCanceledSubject,
    heading: passMessages.emailCanceledSubject,
    paragraphs: [
      greeting(context.pass.customerName),
      formatPassMessage(passMessages.emailCanceledBody, {
        product: context.productName,
        number: context.pass.customerPermitId,
      }),
      ...(context.isRecurring ? [passMessages.emailCanceledRenewalStopped] : []),
    ],
    action: { label: passScreenMessages.viewPermit, url: receiptUrl(context) },
  }));
}
