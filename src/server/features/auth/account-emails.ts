import { accountMessages, withSupport } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { type Config, tenantBaseUrl } from '../../config';
import type { Database, Transaction } from '../../db/client';
import type { TenantRow } from '../../db/schema';
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

async function issueVerificationLink(context: EmailContext): Promise<string> {
  const token = await issueOneTimeToken(context.tx, {
    tenantId: context.tenant.id,
    customerId: context.customer.id,
    purpose: 'email_verification',
    email: context.customer.email,
    now: context.now,
  });
  return linkTo(context, `/permits/verify_email/${token}`);
}

/** Welcome, with the link that verifies the address the account was created with. */
export async function enqueueWelcomeEmail(context: EmailContext): Promise<void> {
  const url = await issueVerificationLink(context);
  await enqueueEmail(context.tx, {
    tenantId: context.tenant.id,
    to: context.customer.email,
    now: context.now,
    email: () => ({
      subject: fillMessage(accountMessages.welcomeEmailSubject, { title: context.tenant.brandTitle }),
      // The sign-up's own text stays out: the address is anyone's until the link is followed.
      heading: accountMessages.welcomeEmailHeading,
      paragraphs: [accountMessages.welcomeEmailBody, accountMessages.verifyEmailBody],
      action: { label: accountMessages.verifyEmailAction, url },
    }),
  });
}

/** Sent to a new address after an email change. */
export async function enqueueVerificationEmail(context: EmailContext): Promise<void> {
  const url = await issueVerificationLink(context);
  await enqueueEmail(context.tx, {
    tenantId: context.tenant.id,
    to: context.customer.email,
    now: context.now,
    email: () => ({
      subject: accountMessages.verifyEmailSubject,
      heading: accountMessages.verifyEmailHeading,
      paragraphs: [accountMessages.verifyEmailBody],
      action: { label: accountMessages.verifyEmailAction, url },
    }),
  });
}

export async function enqueuePasswordResetEmail(context: EmailContext): Promise<void> {
  const token = await issueOneTimeToken(context.tx, {
    tenantId: context.tenant.id,
    customerId: context.customer.id,
    purpose: 'password_reset',
    email: context.customer.email,
    now: context.now,
  });
  await enqueueEmail(context.tx, {
    tenantId: context.tenant.id,
    to: context.customer.email,
    now: context.now,
    email: () => ({
      subject: accountMessages.resetEmailSubject,
      heading: accountMessages.resetEmailHeading,
      paragraphs: [accountMessages.resetEmailBody, accountMessages.resetEmailIgnore],
      action: {
        label: accountMessages.resetEmailAction,
        url: linkTo(context, `/permits/reset_password/${token}`),
      },
    }),
  });
}

/** Tells the owner, so a change they did not make does not go unnoticed. */
export async function enqueuePasswordChangedEmail(context: EmailContext): Promise<void> {
  await enqueueEmail(context.tx, {
    tenantId: context.tenant.id,
    to: context.customer.email,
    now: context.now,
    email: () => ({
      subject: accountMessages.passwordChangedSubject,
      heading: accountMessages.passwordChangedSubject,
      paragraphs: [accountMessages.passwordChangedBody],
      action: {
        label: accountMessages.resetEmailAction,
        url: linkTo(context, '/permits/send_password_reset'),
      },
    }),
  });
}

/**
 * Sent to the address an account had before an email change: the one place its owner hears
 * about it if somebody else made the change. Nothing the new address's holder typed goes in it.
 */
export async function enqueueEmailChangedNotice(
  context: EmailContext & { previousEmail: string },
): Promise<void> {
  await enqueueEmail(context.tx, {
    tenantId: context.tenant.id,
    to: context.previousEmail,
    now: context.now,
    email: () => ({
      subject: accountMessages.emailChangedSubject,
      heading: accountMessages.emailChangedSubject,
      paragraphs: [
        accountMessages.emailChangedBody,
        withSupport(accountMessages.emailChangedNotYou, context.tenant.contactEmail),
      ],
    }),
  });
}
