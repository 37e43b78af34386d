import { accountMessages, withSupport } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { type Config, tenantBaseUrl } from '../../config';
import type { Database, Transaction } from '../../db/client';
import type { EmailContent, TenantRow } from '../../db/schema';
import { enqueueEmail } from '../mail';
import { issueOneTimeToken } from './one-time-tokens';

interface EmailContext {
  tx: Database | Transaction;
  config: Pick<Config, 'publicBaseUrl'>;
  tenant: TenantRow;
  customer: { id: string; email: string; fullname: string };
  now: Date;
}

/** Links point at the tenant's configured address, never at the request's Host header. */
const linkTo = (context: EmailContext, path: string) =>
  `${tenantBaseUrl(context.config, context.tenant.subdomain)}${path}`;

/** One token of `purpose` for the account's current address (verification, password reset). */
const issueTokenFor = (context: EmailContext, purpose: 'email_verification' | 'password_reset') =>
  issueOneTimeToken(context.tx, {
    tenantId: context.tenant.id,
    customerId: context.customer.id,
    purpose,
    email: context.customer.email,
    now: context.now,
  });

/** Queues one of the tenant's emails to `to`; `email` writes it (see enqueueEmail). */
const emailTo = (context: EmailContext, to: string, email: () => EmailContent) =>
  enqueueEmail(context.tx, { tenantId: context.tenant.id, to, now: context.now, email });

async function issueVerificationLink(context: EmailContext): Promise<string> {
  const token = await issueTokenFor(context, 'email_verification');
  return linkTo(context, `/permits/verify_email/${token}`);
}

/** Welcome, with the link that verifies the address the account was created with. */
export async function enqueueWelcomeEmail(context: EmailContext): Promise<void> {
  const url = await issueVerificationLink(context);
  await emailTo(context, context.customer.email, () => ({
    subject: fillMessage(accountMessages.welcomeEmailSubject, { title: context.tenant.brandTitle }),
    // The sign-up's own text stays out: the address is anyone's until the link is followed.
    heading: accountMessages.welcomeEmailHeading,
    paragraphs: [accountMessages.welcomeEmailBody, accountMessages.verifyEmailBody],
    action: { label: accountMessages.verifyEmailAction, url },
  }));
}

/** Sent to a new address after an email change. */
export async function enqueueVerificationEmail(context: EmailContext): Promise<void> {
  const url = await issueVerificationLink(context);
  await emailTo(context, context.customer.email, () => ({
    subject: accountMessages.verifyEmailSubject,
    heading: accountMessages.verifyEmailHeading,
    paragraphs: [accountMessages.verifyEmailBody],
    action: { label: accountMessages.verifyEmailAction, url },
  }));
}

export async function enqueuePasswordResetEmail(context: EmailContext): Promise<void> {
  const token = await issueTokenFor(context, 'password_reset');
  await emailTo(context, context.customer.email, () => ({
    subject: accountMessages.resetEmailSubject,
    heading: accountMessages.resetEmailHeading,
    paragraphs: [accountMessages.resetEmailBody, accountMessages.resetEmailIgnore],
    action: {
      label: accountMessages.resetEmailAction,
      url: linkTo(context, `/permits/reset_password/${token}`),
    },
  }));
}

/** Tells the owner, so a change they did not make does not go unnoticed. */
export async function enqueuePasswordChangedEmail(context: EmailContext): Promise<void> {
  await emailTo(context, context.customer.email, () => ({
    subject: accountMessages.passwordChangedSubject,
    heading: accountMessages.passwordChangedSubject,
    paragraphs: [accountMessages.passwordChangedBody],
    action: {
      label: accountMessages.resetEmailAction,
      url: linkTo(context, '/permits/send_password_reset'),
    },
  }));
}

/**
 * Sent to the address an account had before an email change: the one place its owner hears
 * about it if somebody else made the change. Nothing the new address's holder typed goes in it.
 */
export async function enqueueEmailChangedNotice(
  context: EmailContext & { previousEmail: string },
): Promise<void> {
  await emailTo(context, context.previousEmail, () => ({
    subject: accountMessages.emailChangedSubject,
    heading: accountMessages.emailChangedSubject,
    paragraphs: [
      accountMessages.emailChangedBody,
      withSupport(accountMessages.emailChangedNotYou, context.tenant.contactEmail),
    ],
  }));
}
