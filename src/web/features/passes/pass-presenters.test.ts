import { describe, expect, it } from 'vitest';
import type { PermitProduct } from '../../../shared/contract';
import { describeProductTime, formatTimeOfDay } from './pass-presenters';

describe('describeProductTime', () => {
  const product = {
    timeSelectionType: 1,
    permitDuration: 14,
    permitDurationUnit: 'HOUR',
    chosenDate: null,
    chosenEndDate: null,
    dailyWindow: null,
  } as unknown as PermitProduct;

  it('shows a time-of-day product its window, not its duration', () => {
    expect(describeProductTime({ ...product, dailyWindow: { from: '18:00', to: '08:00' } }, 'UTC')).toBe(
      '6:00 PM to 8:00 AM, one window per pass',
    );
    expect(describeProductTime(product, 'UTC')).toBe('Valid for 14 hours');
  });

  it('reads local times as a clock does', () => {
    expect(['00:00', '00:30', '12:00', '23:59'].map(formatTimeOfDay)).toEqual([
      '12:00 AM',
      '12:30 AM',
      '12:00 PM',
      '11:59 PM',
    ]);
  });
});
