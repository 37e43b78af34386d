import { describe, expect, it } from 'vitest';
import { computeCheckoutFees, NO_FEES } from './checkout-fees';

const card = { processingFeeBasisPoints: 290, processingFeeFixedCents: 30, serviceFeeCents: 150 };

describe('checkout fees', () => {
  it('adds the percentage, the fixed part and the service fee as separate amounts', () => {
    expect(computeCheckoutFees(5000, card)).toEqual({
      amountDue: 5000,
      processingFee: 145 + 30,
      serviceFee: 150,
      total: 5325,
    });
  });

  it('rounds the percentage half up to whole cents', () => {
    const percentOnly = { ...NO_FEES, processingFeeBasisPoints: 290 };
    // 2.9% of 1050 = 30.45 → 30; of 1550 = 44.95 → 45; of 2500 = 72.5 → 73 (half up).
    expect(computeCheckoutFees(1050, percentOnly).processingFee).toBe(30);
    expect(computeCheckoutFees(1550, percentOnly).processingFee).toBe(45);
    expect(computeCheckoutFees(2500, percentOnly).processingFee).toBe(73);
    // 1 cent at 0.01% is 0.0001 cents → 0; at 50% it is exactly half → 1.
    expect(computeCheckoutFees(1, { ...NO_FEES, processingFeeBasisPoints: 1 }).processingFee).toBe(0);
    expect(computeCheckoutFees(1, { ...NO_FEES, processingFeeBasisPoints: 5000 }).processingFee).toBe(1);
  });

  it('is exact where floating point is not (0.1 + 0.2 style amounts)', () => {
    // 1.15% of 10000 is 115; Math.round(10000 * 0.0115) would be 114.99999… → 115 only by luck.
    expect(computeCheckoutFees(10000, { ...NO_FEES, processingFeeBasisPoints: 115 }).processingFee).toBe(115);
    expect(computeCheckoutFees(99_999_999, { ...NO_FEES, processingFeeBasisPoints: 333 }).processingFee).toBe(
      3_330_000,
    );
  });

  it('keeps the total equal to the sum of its lines', () => {
    for (const amount of [1, 99, 101, 1234, 4321, 77777]) {
      const fees = computeCheckoutFees(amount, card);
      expect(fees.total).toBe(fees.amountDue + fees.processingFee + fees.serviceFee);
    }
  });

  it('charges no fee when there are no fee settings', () => {
    expect(computeCheckoutFees(4000, NO_FEES)).toEqual({
      amountDue: 4000,
      processingFee: 0,
      serviceFee: 0,
      total: 4000,
    });
  });

  it('charges no fee when nothing is due', () => {
    expect(computeCheckoutFees(0, card)).toEqual({ amountDue: 0, processingFee: 0, serviceFee: 0, total: 0 });
  });
});
