import { formatDate } from '../../../shared/format/dates';
import { emailMessages } from '../../../shared/messages/emails';
import { fillMessage } from '../../../shared/messages/fill';
import { passScreenMessages } from '../../../shared/messages/pass-screens';
import { formatPassMessage, passMessages } from '../../../shared/messages/passes';
import type { Transaction } from '../../db/client';
import type { IssuedPassRow } from '../../db/schema';
import { type EmailFormatting, emailFormatting, enqueueEmail, type OutboxRow, outboxRow } from '../mail';

/**
 * The emails of getting a pass, queued in the transaction that made the change (sent if and only
 * if it commits) and rendered with the tenant's brand by the outbox worker: short paragraphs and
 * one button, so they read well on a phone.
 */

/** What a pass's email says; the checkout writes its outbox row with the pass (decision 247). */
export interface PassEmailFacts {
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

interface PassEmailContext extends PassEmailFacts {
  tx: Transaction;
}

type EmailWriter = Parameters<typeof enqueueEmail>[1]['email'];

const greeting = (name: string | null) =>
  name ? fillMessage(emailMessages.greetingNamed, { name }) : emailMessages.greeting;
const receiptUrl = (context: PassEmailFacts) =>
  `${context.tenantUrl}/permit/issued/${context.pass.id}/receipt`;
const validity = (context: PassEmailFacts) =>
  fillMessage(emailMessages.passValidity, {
    product: context.productName,
    number: context.pass.customerPermitId,
    from: formatDate(context.pass.issuedOn, context.tenant.timezone, 'dateTime'),
    to: formatDate(context.pass.expiresAt, context.tenant.timezone, 'dateTime'),
  });

async function send(context: PassEmailContext, email: EmailWriter) {
  if (!context.pass.customerEmail) return;
  await enqueueEmail(context.tx, {
    tenantId: context.tenant.id,
    to: context.pass.customerEmail,
    now: context.now,
    email,
  });
}

/** The email of a pass waiting for approval (written when called, in the recipient's language). */
export const passSubmittedEmail =
  (context: PassEmailFacts): EmailWriter =>
  () => ({
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
  });

export function enqueuePassSubmittedEmail(context: PassEmailContext) {
  return send(context, passSubmittedEmail(context));
}

/** The email of an issued pass. */
export const passIssuedEmail =
  (context: PassEmailFacts): EmailWriter =>
  () => ({
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
  });

export function enqueuePassIssuedEmail(context: PassEmailContext) {
  return send(context, passIssuedEmail(context));
}

/**
 * The outbox row of a new pass's email, to be written with the pass in one statement (decision
 * 247): submitted for a pass waiting for approval, issued for a paid one, none for an unpaid one
 * or a pass without an email. `formatting` is how the email is written when the caller read it
 * already (the checkout's product read); otherwise it is read here.
 */
export async function passEmailRow(
  tx: Transaction,
  options: { facts: PassEmailFacts; paidStatus: string; formatting: EmailFormatting | null },
): Promise<OutboxRow | null> {
  const { facts, paidStatus } = options;
  const writer =
    paidStatus === 'waiting'
      ? passSubmittedEmail(facts)
      : paidStatus === 'paid'
        ? passIssuedEmail(facts)
        : null;
  const to = facts.pass.customerEmail;
  if (!writer || !to) return null;
  const formatting = options.formatting ?? (await emailFormatting(tx, facts.tenant.id, to.trim()));
  return outboxRow({ tenantId: facts.tenant.id, to, now: facts.now, email: writer }, formatting);
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
