import { describe, expect, it } from 'vitest';
import { formatRecurringMoney, periodOfBilling } from './recurring-money';

describe('recurring money', () => {
  it('shows the amount and how often it is charged', () => {
    expect(formatRecurringMoney(7500, { interval: 'month', count: 1 })).toBe('$75.00 / month');
    expect(formatRecurringMoney(120000, { interval: 'month', count: 3 })).toBe('$1,200.00 / 3 months');
  });

  it("reads a product's billing period; a one-time product has none", () => {
    expect(periodOfBilling('YEAR')).toEqual({ interval: 'year', count: 1 });
    expect(periodOfBilling('NONE')).toBeNull();
  });
});
