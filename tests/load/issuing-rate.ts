/** Issue 27's goal: free passes issued per second across the bench's capacity-limited products. */
export const ISSUING_GOAL_PER_SECOND = 300;

interface MaxRun {
  id: string;
  max: { requestsPerSecond: number };
}

/**
 * The pass-issuing rate of the max-throughput run beside the bare route's, in one line: every
 * answer of that run is an issued pass (its check refuses anything else), and the bare route says
 * what the machine managed at the same moment, so a busy machine's low figure reads as such.
 */
export function issuingRateLine(results: readonly MaxRun[]): string | null {
  const issuing = results.find((result) => result.id === 'pass-checkout');
  if (!issuing) return null;
  const bare = results.find((result) => result.id === 'bare-route');
  const rate = issuing.max.requestsPerSecond;
  const beside = bare
    ? `, beside the bare route's ${bare.max.requestsPerSecond} req/s (${((100 * rate) / Math.max(1, bare.max.requestsPerSecond)).toFixed(1)}%)`
    : '';
  const verdict = rate >= ISSUING_GOAL_PER_SECOND ? 'met' : 'not met here';
  return `Passes issued per second (max run, 20 capacity-limited products): ${rate}${beside}; goal ${ISSUING_GOAL_PER_SECOND}: ${verdict}.`;
}
