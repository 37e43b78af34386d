import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { privacyMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Clock } from '../../clock';
import type { Database, Transaction } from '../../db/client';
import { type CustomerRow, customers, emailOutbox, subscriptions, type TenantRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit';
import { enqueueEmail } from '../mail';
import { cancelSubscriptionAtPeriodEnd } from '../payments';
import { erasePerson } from './erase-person';
import { findPersonRecordIds, payerOrSubject, personOf } from './person-scope';

/** Subscriptions that would charge the person again. */
const RENEWING = ['incomplete', 'active', 'past_due'] as const;

export interface CloseAccountOptions {
  db: Database;
  gateway: PaymentGateway;
  storage: StoragePort;
  clock: Clock;
  tenant: TenantRow;
  customer: CustomerRow;
  /** Who closes it: the customer themselves, or an operator on their request. */
  actor: AuditActor;
  /** 'customer.close' (by the customer) or 'customer.erase' (by an operator). */
  action: 'customer.close' | 'customer.erase';
  log?: { error(object: unknown, message: string): void };
}

/** Stops every recurring payment of the person at the provider, before anything is erased. */
async function cancelRenewals(options: CloseAccountOptions) {
  const { passIds } = await findPersonRecordIds(options.db, personOf(options.customer));
  const renewing = await options.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.tenantId, options.tenant.id),
        payerOrSubject(subscriptions, options.customer.id, passIds),
        inArray(subscriptions.status, [...RENEWING]),
        eq(subscriptions.cancelAtPeriodEnd, false),
        isNotNull(subscriptions.providerSubscriptionId),
      ),
    );
  for (const subscription of renewing) {
    await cancelSubscriptionAtPeriodEnd({
      db: options.db,
      gateway: options.gateway,
      tenantId: options.tenant.id,
      subscriptionId: subscription.id,
      now: options.clock.now(),
      log: options.log,
    });
  }
}

/** The confirmation, to the address the account had; the outbox row goes once it is delivered. */
async function enqueueClosedConfirmation(tx: Transaction, tenant: TenantRow, email: string, now: Date) {
  const { id } = await enqueueEmail(tx, {
    tenantId: tenant.id,
    to: email,
    now,
    email: () => ({
      subject: privacyMessages.closedEmailSubject,
      heading: privacyMessages.closedEmailSubject,
      paragraphs: [
        fillMessage(privacyMessages.closedEmailBody, { brand: tenant.brandTitle }),
        privacyMessages.closedEmailNotYou,
      ],
    }),
  });
  await tx.update(emailOutbox).set({ isErasedAfterDelivery: true }).where(eq(emailOutbox.id, id));
}

/**
 * Closes an account (docs/privacy.md): recurring passes stop renewing through the payment port
 * first (a provider failure answers 502 and changes nothing here), then, in one transaction under
 * the account's row lock, the person's data is erased, a confirmation is queued to their address
 * and an audit entry without personal data is written. A second close finds the account closed.
 */
export async function closeAccount(options: CloseAccountOptions): Promise<{ isClosed: true }> {
  await cancelRenewals(options);
  const now = options.clock.now();
  await options.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, options.tenant.id), eq(customers.id, options.customer.id)))
      .for('update');
    if (!account) throw notFound('Customer');
    if (account.closedAt) throw conflict(privacyMessages.alreadyClosed);
    const person = personOf(account);
    const { passIds, appealIds } = await findPersonRecordIds(tx, person);
    await erasePerson(tx, { storage: options.storage, person, passIds, appealIds, now });
    await enqueueClosedConfirmation(tx, options.tenant, account.email, now);
    await recordAudit(tx, {
      tenantId: options.tenant.id,
      actor: options.actor,
      action: options.action,
      entityType: 'customer',
      entityId: account.id,
    });
  });
  return { isClosed: true };
}
