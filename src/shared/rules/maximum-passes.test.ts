import { describe, expect, it } from 'vitest';
import { heldPassCount, isAtMaximumPasses } from './maximum-passes';

const now = new Date('2026-11-20T10:00:00Z');
const pass = (paidStatus: string, expiresAt: string) => ({ paidStatus, expiresAt });

describe('the maximum number of passes an account holds', () => {
  const passes = [
    pass('paid', '2026-12-20T10:00:00Z'),
    pass('paid', '2027-01-01T00:00:00Z'),
    // Expired, canceled, waiting for approval or unpaid: not held.
    pass('paid', '2026-11-20T09:59:59Z'),
    pass('canceled', '2026-12-20T10:00:00Z'),
    pass('waiting', '2026-12-20T10:00:00Z'),
    pass('incomplete', '2026-12-20T10:00:00Z'),
  ];

  it('counts the paid passes that have not expired, as the server does', () => {
    expect(heldPassCount(passes, now)).toBe(2);
    expect(heldPassCount([], now)).toBe(0);
  });

  it('is reached at the limit, not before, and never without one', () => {
    expect(isAtMaximumPasses(2, passes, now)).toBe(true);
    expect(isAtMaximumPasses(1, passes, now)).toBe(true);
    expect(isAtMaximumPasses(3, passes, now)).toBe(false);
    expect(isAtMaximumPasses(null, passes, now)).toBe(false);
    expect(isAtMaximumPasses(undefined, passes, now)).toBe(false);
    // A pass that expires this second no longer counts.
    expect(isAtMaximumPasses(1, [pass('paid', now.toISOString())], now)).toBe(false);
  });
});
