import { describe, expect, it } from 'vitest';
import { plateMisreadings } from './plate-misreadings';

describe('plateMisreadings', () => {
  it('swaps each look-alike both ways, in every combination', () => {
    expect(plateMisreadings('B0S').sort()).toEqual(['80S', '805', 'BO5', 'BOS', 'B05', '8OS', '8O5'].sort());
  });
  it('drops spaces and dashes, which stored plates do not have', () => {
    expect(plateMisreadings('ABC-123')).toContain('ABC123');
    expect(plateMisreadings('abc 123')).toContain('ABC123');
  });
  it('never includes the plate as searched', () => {
    expect(plateMisreadings('XYZ')).toEqual([]);
    expect(plateMisreadings('O')).toEqual(['0']);
  });
  it('varies at most 8 positions, so a long plate gives at most 256 lookups', () => {
    expect(plateMisreadings('OOOOOOOOOOOO').length).toBeLessThanOrEqual(256);
  });
});
