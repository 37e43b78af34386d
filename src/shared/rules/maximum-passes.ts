/**
 * maxPermitCountPerCustomer (part 2 section 8): an account holds at most this many valid passes
 * that are active or upcoming. The server enforces it when a pass is issued (issue-pass.ts, in
 * SQL under a lock); the checkout screen counts the same way from the customer's own passes, so a
 * customer at the maximum learns it on opening a product, before filling its form (issue 27).
 */
export function heldPassCount(
  passes: readonly { paidStatus: string; expiresAt: string }[],
  now: Date,
): number {
  return passes.filter((pass) => pass.paidStatus === 'paid' && Date.parse(pass.expiresAt) > now.getTime())
    .length;
}

/** True when the account may take no further pass: it holds `limit` or more (no limit: never). */
export function isAtMaximumPasses(
  limit: number | null | undefined,
  passes: readonly { paidStatus: string; expiresAt: string }[],
  now: Date,
): boolean {
  return limit !== null && limit !== undefined && heldPassCount(passes, now) >= limit;
}
