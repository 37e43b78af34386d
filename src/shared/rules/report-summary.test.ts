import { describe, expect, it } from 'vitest';
import { summariseReport } from './report-summary';

describe('summariseReport', () => {
  it('counts scans, alerts and patrollers by email', () => {
    expect(
      summariseReport([
        { alertMessage: 'No permit', userEmail: 'a@example.com' },
        { alertMessage: null, userEmail: 'A@Example.com ' },
        { alertMessage: '  ', userEmail: 'b@example.com' },
        { alertMessage: 'Expired', userEmail: null },
      ]),
    ).toEqual({ totalScans: 4, totalAlerts: 2, distinctPatrollers: 2 });
  });

  it('is all zeros for no items', () => {
    expect(summariseReport([])).toEqual({ totalScans: 0, totalAlerts: 0, distinctPatrollers: 0 });
  });
});
