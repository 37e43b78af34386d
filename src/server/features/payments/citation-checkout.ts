import { citationMessages, paymentMessages } from '../../../shared/messages';
import { citationBannerKind } from '../../../shared/rules';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import type { TenantRow } from '../../db/schema';
import { AppError } from '../../errors';
import { getCitation } from '../citations';
import { checkoutReturnUrls, startCheckout } from './start-checkout';

/** The notice's page, where its checkout returns to. */
/** A notice's line on its checkout and receipt: the same for a real checkout and a recorded one. */
export const citationCheckoutDescription = (citationNumber: string) =>
  `${paymentMessages.citationLineItem} ${citationNumber}`;

export const citationPageUrl = (tenantUrl: string, citationId: string) =>
  `${tenantUrl}/citations/${citationId}`;

const notPayable = () => new AppError(409, 'not_payable', citationMessages.noLongerValid);

/**
 * A hosted checkout for what a notice costs now (override and late penalties included), plus the
 * tenant's processing and service fees as their own lines. Only a
 * notice whose page offers 'Proceed to secure payment' can be paid: paid, voided and zero-amount
 * warning notices are a 409. The browser comes back to the notice's page either way.
 */
export async function startCitationCheckout(options: {
  db: Database;
  gateway: PaymentGateway;
  tenant: TenantRow;
  tenantUrl: string;
  citationId: string;
  now: Date;
  log?: { error(object: unknown, message: string): void };
}): Promise<{ checkoutURL: string }> {
  const citation = await getCitation({
    db: options.db,
    tenant: options.tenant,
    citationId: options.citationId,
    now: options.now,
  });
  if (citationBannerKind(citation) !== 'payable') throw notPayable();
  return startCheckout({
    db: options.db,
    gateway: options.gateway,
    tenant: options.tenant,
    purpose: 'citation',
    subjectId: citation.uuid,
    amount: citation.amountDue,
    // The fees the notice page showed, computed by the same rule from the same tenant settings.
    fees: { processingFee: citation.processingFee, serviceFee: citation.serviceFee },
    description: citationCheckoutDescription(citation.citationNumber),
    // The page reads these to confirm the payment, or to say nothing was charged.
    ...checkoutReturnUrls(citationPageUrl(options.tenantUrl, citation.uuid)),
    now: options.now,
    log: options.log,
  });
}
