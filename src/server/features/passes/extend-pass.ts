import { eq } from 'drizzle-orm';
import type { PermitExtension } from '../../../shared/contract';
import { formatDate } from '../../../shared/format/dates';
import { fillMessage } from '../../../shared/messages/fill';
import { passExtensionMessages } from '../../../shared/messages/pass-extensions';
import { hoursBetween } from '../../../shared/rules/guest-quota';
import { addPassDuration } from '../../../shared/rules/pass-times';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { Database, Transaction } from '../../db/client';
import {
  type IssuedPassRow,
  issuedPasses,
  type PassExtensionRow,
  type PassProductRow,
  passExtensions,
  type TenantRow,
} from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { startCheckout } from '../payments';
import { checkProductRules, checkQuotaForNewTimes, quotaSubjectsOfPass } from './check-rules';
import { paidExtensionsOf } from './extensions-of-pass';
import { loadPassFor, type PassCaller } from './pass-access';
import { countWaiting, findPassProduct, findProductRules } from './queries';
import { findQuotaRules } from './tenant-guest-quota';

/** A pass of this length or less is short: the kind the reminder offers to extend (decision 223). */
const SHORT_PASS_MS = 24 * 3_600_000;

const refused = (message: string) => new AppError(409, 'not_extendable', message);

/** Why a pass cannot be extended: a key of passExtensionMessages, whose text the holder reads. */
type ExtensionProblem = 'notAllowed' | 'notPaid' | 'ended' | 'notShort';

/**
 * Why this pass cannot be extended now, or null. Extension is for a paid short pass still running
 * whose product allows it and sells a duration from a start (time selection 1 or 3 without a
 * daily window: the following window of a time-of-day or fixed-date product is not the one after
 * its end).
 */
export function extensionProblem(
  product: Pick<PassProductRow, 'allowsExtension' | 'timeSelectionType'> & { hasDailyWindow: boolean },
  pass: Pick<IssuedPassRow, 'paidStatus' | 'issuedOn' | 'expiresAt'>,
  now: Date,
): ExtensionProblem | null {
  if (!product.allowsExtension || product.timeSelectionType === 2 || product.hasDailyWindow) {
    return 'notAllowed';
  }
  if (pass.paidStatus !== 'paid') return 'notPaid';
  if (pass.expiresAt.getTime() <= now.getTime()) return 'ended';
  if (pass.expiresAt.getTime() - pass.issuedOn.getTime() > SHORT_PASS_MS) return 'notShort';
  return null;
}

/** The following window: from the pass's end for the product's duration, in the tenant's zone. */
export function extensionWindow(
  product: Pick<PassProductRow, 'permitDuration' | 'permitDurationUnit'>,
  pass: Pick<IssuedPassRow, 'expiresAt'>,
  timeZone: string,
): { start: Date; end: Date } {
  const start = pass.expiresAt;
  return { start, end: addPassDuration(start, product.permitDuration, product.permitDurationUnit, timeZone) };
}

/**
 * Checks an extension under the product's lock, as an issue is checked: the sales rules of a new
 * purchase now, an hours quota counting the pass at its extended length, and, while people wait
 * for the product, the place after the pass's end is theirs (decision 210).
 */
async function checkExtensionRules(
  tx: Transaction,
  options: { tenant: TenantRow; product: PassProductRow; pass: IssuedPassRow; end: Date; now: Date },
) {
  const { tenant, product, pass, end, now } = options;
  if (product.hasWaitlist && (await countWaiting(tx, tenant.id, product.id)) > 0) {
    throw refused(passExtensionMessages.waitlist);
  }
  const rules = await findQuotaRules(tx, tenant, product);
  const subjects = await quotaSubjectsOfPass(tx, pass);
  // The sales rules as for any purchase now; the quota is counted below at the pass's new length.
  await checkProductRules(tx, {
    tenantId: tenant.id,
    productId: product.id,
    rules: rules && { ...rules, quotaCount: null },
    subjects,
    addingHours: 0,
    now,
    timeZone: tenant.timezone,
  });
  await checkQuotaForNewTimes(tx, {
    tenantId: tenant.id,
    productId: product.id,
    rules,
    subjects,
    passId: pass.id,
    hours: hoursBetween(pass.issuedOn, end),
    previousHours: hoursBetween(pass.issuedOn, pass.expiresAt),
    now,
    timeZone: tenant.timezone,
  });
}

/** Moves the pass's end to the extension's and marks it paid: the extension's only effect. */
export async function applyExtension(tx: Transaction, extension: PassExtensionRow, paidAt: Date) {
  await tx
    .update(issuedPasses)
    .set({ expiresAt: extension.endsAt, updatedAt: paidAt })
    .where(eq(issuedPasses.id, extension.passId));
  await tx.update(passExtensions).set({ status: 'paid', paidAt }).where(eq(passExtensions.id, extension.id));
}

/**
 * POST /permits/issued/{id}/extend (issue 31, decision 236): a new purchase of the window that
 * follows the pass, on the same pass, by its holder (the uuid's capability), owner or business.
 * Checked under the product's lock like an issue; the extension is written 'pending' and paid
 * through the payment port's checkout ('pass_extension'), whose fulfilment moves the pass's end
 * exactly once. A free product's extension applies at once.
 */
export async function extendPass(options: {
  db: Database;
  gateway: PaymentGateway;
  caller: PassCaller;
  tenant: TenantRow;
  tenantUrl: string;
  passId: string;
  now: Date;
  log?: { error(object: unknown, message: string): void };
}): Promise<{ checkoutURL: string | null; expiresAt: string }> {
  const { db, caller, tenant, now } = options;
  const { extension, pass, product } = await db.transaction(async (tx) => {
    const pass = await loadPassFor(tx, {
      caller,
      tenantId: tenant.id,
      passId: options.passId,
      action: 'pass.pay',
      lock: true,
    });
    const product = await findPassProduct(tx, tenant.id, pass.productId, { lock: true });
    if (!product) throw notFound('Pass');
    const rules = await findProductRules(tx, tenant.id, product.id);
    const hasDailyWindow = rules?.windowFrom != null;
    const problem = extensionProblem({ ...product, hasDailyWindow }, pass, now);
    if (problem) throw refused(passExtensionMessages[problem]);
    const window = extensionWindow(product, pass, tenant.timezone);
    await checkExtensionRules(tx, { tenant, product, pass, end: window.end, now });
    const [extension] = await tx
      .insert(passExtensions)
      .values({
        tenantId: tenant.id,
        passId: pass.id,
        startsAt: window.start,
        endsAt: window.end,
        amount: product.amount,
        createdAt: now,
      })
      .returning();
    if (!extension) throw new Error('The extension insert returned no row.');
    if (extension.amount === 0) await applyExtension(tx, extension, now);
    return { extension, pass, product };
  });
  if (extension.amount === 0) return { checkoutURL: null, expiresAt: extension.endsAt.toISOString() };
  const pageUrl = `${options.tenantUrl}/permit/issued/${pass.id}/receipt`;
  const { checkoutURL } = await startCheckout({
    db,
    gateway: options.gateway,
    tenant,
    purpose: 'pass_extension',
    subjectId: extension.id,
    amount: extension.amount,
    description: fillMessage(passExtensionMessages.lineItem, {
      product: product.name,
      number: pass.customerPermitId,
      start: formatDate(extension.startsAt, tenant.timezone, 'dateTime'),
      end: formatDate(extension.endsAt, tenant.timezone, 'dateTime'),
    }),
    successUrl: `${pageUrl}?extension=paid`,
    cancelUrl: `${pageUrl}?extension=cancelled`,
    customerId: pass.customerId,
    customerEmail: pass.customerEmail,
    now,
    log: options.log,
  });
  return { checkoutURL, expiresAt: extension.endsAt.toISOString() };
}

/** GET /permits/issued/{id}/extension: what the pass's page shows of extending it. */
export async function getPermitExtension(options: {
  db: Database;
  caller: PassCaller;
  tenant: TenantRow;
  passId: string;
  now: Date;
}): Promise<PermitExtension> {
  const { db, caller, tenant, now } = options;
  const pass = await loadPassFor(db, {
    caller,
    tenantId: tenant.id,
    passId: options.passId,
    action: 'pass.read',
  });
  const product = await findPassProduct(db, tenant.id, pass.productId);
  if (!product) throw notFound('Pass');
  const rules = await findProductRules(db, tenant.id, product.id);
  const reason = extensionProblem({ ...product, hasDailyWindow: rules?.windowFrom != null }, pass, now);
  const window = extensionWindow(product, pass, tenant.timezone);
  const paid = await paidExtensionsOf(db, pass);
  const isOffered = reason !== 'notAllowed';
  return {
    isExtendable: reason === null,
    reason: isOffered && reason ? passExtensionMessages[reason] : null,
    isOffered,
    startsAt: window.start.toISOString(),
    endsAt: window.end.toISOString(),
    amount: product.amount,
    extensions: paid.map((row) => ({
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      amount: row.amount,
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
  };
}
