import { eq, sql } from 'drizzle-orm';
import type { Customer } from '../../../shared/contract';
import type { Locale } from '../../../shared/i18n/locales';
import { accountMessages } from '../../../shared/messages';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type CustomerRow, customers, type TenantRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { enqueueEmailChangedNotice, enqueueVerificationEmail, issueSession, verifyPassword } from '../auth';
import { rotateGuestCode } from './guest-codes';
import { toCustomer } from './presenters';
import { isEmailTakenByAnother, isUniqueViolation } from './queries';

interface CustomerDeps {
  db: Database;
  config: Config;
  clock: Clock;
  tenant: TenantRow;
  customer: CustomerRow;
}

/** A customer may read only their own account by uuid; any other uuid is "not found". */
export function getCustomerByUuid(options: { customer: CustomerRow; uuid: string }): Customer {
  if (options.customer.id !== options.uuid.toLowerCase()) throw notFound('Customer');
  return toCustomer(options.customer);
}

export async function updateCustomer(
  deps: CustomerDeps & {
    subdomain: string;
    currentPassword?: string;
    changes: {
      fullname?: string;
      email?: string;
      building?: string | null;
      unit?: string | null;
      language?: Locale;
    };
  },
): Promise<Customer & { jwtToken?: string }> {
  // The body names the tenant too; it must be the one of the host and the token.
  if (deps.subdomain !== deps.tenant.subdomain) throw notFound('Tenant');
  const { changes, customer } = deps;
  const isNewEmail =
    changes.email !== undefined && changes.email.toLowerCase() !== customer.email.toLowerCase();
  // The address is how an account is recovered: changing it takes the password, like changing that;
  // checked first, so a stolen session cannot learn which addresses have accounts.
  if (isNewEmail) {
    if (!deps.currentPassword) throw badRequest(accountMessages.currentPasswordRequired);
    // An account made without a password (a guest's, an invitee's) sets one by a reset link first.
    if (!customer.passwordHash || !(await verifyPassword(customer.passwordHash, deps.currentPassword))) {
      throw forbidden(accountMessages.wrongCurrentPassword);
    }
  }
  if (
    isNewEmail &&
    (await isEmailTakenByAnother(deps.db, {
      tenantId: deps.tenant.id,
      email: changes.email ?? '',
      exceptCustomerId: customer.id,
    }))
  ) {
    throw conflict(accountMessages.emailInUse);
  }
  try {
    const updated = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(customers)
        .set({
          ...(changes.fullname !== undefined ? { fullname: changes.fullname } : {}),
          ...(changes.email !== undefined ? { email: changes.email } : {}),
          ...(changes.building !== undefined ? { building: changes.building } : {}),
          ...(changes.unit !== undefined ? { unit: changes.unit } : {}),
          ...(changes.language !== undefined ? { language: changes.language } : {}),
          // A new address signs every session out (raising the token version revokes them all).
          ...(isNewEmail ? { emailVerifiedAt: null, tokenVersion: sql`${customers.tokenVersion} + 1` } : {}),
        })
        .where(eq(customers.id, customer.id))
        .returning();
      if (!row) throw notFound('Customer');
      if (isNewEmail) {
        const context = {
          tx,
          config: deps.config,
          tenant: deps.tenant,
          customer: row,
          now: deps.clock.now(),
        };
        await enqueueVerificationEmail(context);
        await enqueueEmailChangedNotice({ ...context, previousEmail: customer.email });
      }
      return row;
    });
    if (!isNewEmail) return toCustomer(updated);
    // This session goes on with a fresh token, as after a password change.
    const session = await issueSession(deps, deps.tenant, updated);
    return { ...toCustomer(updated), jwtToken: session.jwtToken };
  } catch (error) {
    if (isUniqueViolation(error, 'customers_tenant_email_key')) throw conflict(accountMessages.emailInUse);
    throw error;
  }
}

/**
 * Guest codes are for registered permit holders: the operator turns them on per account
 * (isGuestCodesActive) when the account holds a pass that allows guests.
 */
export async function refreshGuestCode(deps: { db: Database; customer: CustomerRow }): Promise<Customer> {
  if (!deps.customer.isGuestCodesActive) throw forbidden(accountMessages.guestCodeRefused);
  return toCustomer(await rotateGuestCode(deps.db, deps.customer));
}
