import { describe, expect, it } from 'vitest';
import { issuingRateLine } from './issuing-rate';

const run = (id: string, requestsPerSecond: number) => ({ id, max: { requestsPerSecond } });

describe('issuingRateLine', () => {
  it('puts the issuing rate beside the bare route and against the goal', () => {
    expect(issuingRateLine([run('bare-route', 4000), run('pass-checkout', 320)])).toBe(
      "Passes issued per second (max run, 20 capacity-limited products): 320, beside the bare route's 4000 req/s (8.0%); goal 300: met.",
    );
    expect(issuingRateLine([run('pass-checkout', 120)])).toBe(
      'Passes issued per second (max run, 20 capacity-limited products): 120; goal 300: not met here.',
    );
  });

  it('says nothing when the pass scenario did not run', () => {
    expect(issuingRateLine([run('bare-route', 4000)])).toBeNull();
  });
});
