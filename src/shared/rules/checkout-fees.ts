/** A tenant's fee settings, all integers: basis points (1/100 of a percent) and cents. */
export interface TenantFees {
  processingFeeBasisPoints: number;
  processingFeeFixedCents: number;
  serviceFeeCents: number;
}

/** What a checkout charges: the amount due plus each fee as its own line. */
export interface CheckoutFees {
  amountDue: number;
  processingFee: number;
  serviceFee: number;
  total: number;
}

export const NO_FEES: TenantFees = {
  processingFeeBasisPoints: 0,
  processingFeeFixedCents: 0,
  serviceFeeCents: 0,
};

/** The largest processing percentage a tenant may set (20%), so a typo cannot multiply a charge. */
export const MAX_PROCESSING_FEE_BASIS_POINTS = 2000;

/**
 * The fees on paying `amountDue` cents. The processing fee is the percentage of the amount due
 * plus the fixed part; the percentage is rounded half up to whole cents with integer arithmetic
 * (no floating-point drift: 2.9% of 1050 is exactly 30.45 → 30, of 1550 is 44.95 → 45). Nothing
 * due means nothing to pay, so no fee either.
 */
export function computeCheckoutFees(amountDue: number, fees: TenantFees): CheckoutFees {
  if (amountDue <= 0) return { amountDue, processingFee: 0, serviceFee: 0, total: amountDue };
  const percentPart = Math.floor((amountDue * fees.processingFeeBasisPoints + 5000) / 10000);
  const processingFee = percentPart + fees.processingFeeFixedCents;
  const serviceFee = fees.serviceFeeCents;
  return { amountDue, processingFee, serviceFee, total: amountDue + processingFee + serviceFee };
}
