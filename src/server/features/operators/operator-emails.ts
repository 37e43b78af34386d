import { consoleMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import type { OperatorRole } from '../../../shared/rules/operator-roles';
import { type Config, tenantBaseUrl } from '../../config';
import type { Transaction } from '../../db/client';
import type { OperatorRow, TenantRow } from '../../db/schema';
import { enqueueEmail } from '../mail';
import { issueOperatorToken } from './operator-tokens';

interface OperatorEmailContext {
  tx: Transaction;
  config: Pick<Config, 'publicBaseUrl'>;
  tenant: TenantRow;
  operator: Pick<OperatorRow, 'id' | 'email'>;
  now: Date;
}

/** The console's set-password page on the tenant's configured address, never the request's Host. */
function setPasswordLink(context: OperatorEmailContext, token: string): string {
  return `${tenantBaseUrl(context.config, context.tenant.subdomain)}/dashboard/set-password/${token}`;
}

/** The invitation: who invited them, as what, and the single-use link to set a password. */
export async function enqueueOperatorInvitation(
  context: OperatorEmailContext & { inviterName: string; role: OperatorRole },
): Promise<void> {
  const token = await issueOperatorToken(context.tx, {
    tenantId: context.tenant.id,
    operatorId: context.operator.id,
    purpose: 'invitation',
    now: context.now,
  });
  const title = context.tenant.brandTitle;
  await enqueueEmail(context.tx, {
    tenantId: context.tenant.id,
    to: context.operator.email,
    now: context.now,
    email: () => ({
      subject: fillMessage(consoleMessages.inviteEmailSubject, { title }),
      heading: consoleMessages.inviteEmailHeading,
      paragraphs: [
        fillMessage(consoleMessages.inviteEmailBody, {
          inviter: context.inviterName,
          title,
          role: consoleMessages.roleNames[context.role].toLowerCase(),
        }),
        consoleMessages.inviteEmailExpiry,
      ],
      action: { label: consoleMessages.inviteEmailAction, url: setPasswordLink(context, token) },
    }),
  });
}

export async function enqueueOperatorPasswordReset(context: OperatorEmailContext): Promise<void> {
  const token = await issueOperatorToken(context.tx, {
    tenantId: context.tenant.id,
    operatorId: context.operator.id,
    purpose: 'password_reset',
    now: context.now,
  });
  await enqueueEmail(context.tx, {
    tenantId: context.tenant.id,
    to: context.operator.email,
    now: context.now,
    email: () => ({
      subject: fillMessage(consoleMessages.resetEmailSubject, { title: context.tenant.brandTitle }),
      heading: consoleMessages.resetEmailHeading,
      paragraphs: [consoleMessages.resetEmailBody, consoleMessages.resetEmailIgnore],
      action: { label: consoleMessages.resetEmailAction, url: setPasswordLink(context, token) },
    }),
  });
}
