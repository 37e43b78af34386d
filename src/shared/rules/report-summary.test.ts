import { describe, expect, it } from 'vitest';
import { summarisePatrollerGroups, summariseReport, TRIMMED_CHARACTERS } from './report-summary';

describe('summariseReport', () => {
  it('counts scans, alerts and patrollers by email', () => {
    expect(
      summariseReport([
        { alertMessage: 'No permit', userEmail: 'a@example.com' },
        { alertMessage: null, userEmail: 'A@Example.com ' },
        { alertMessage: '  ', userEmail: 'b@example.com' },
        { alertMessage: 'Expired', userEmail: null },
        { alertMessage: '\u00a0\u3000', userEmail: ' ' },
      ]),
    ).toEqual({ totalScans: 5, totalAlerts: 2, distinctPatrollers: 2 });
  });

  it('is all zeros for no items', () => {
    expect(summariseReport([])).toEqual({ totalScans: 0, totalAlerts: 0, distinctPatrollers: 0 });
  });

  it('gives the same totals from scans grouped by their stored email', () => {
    expect(
      summarisePatrollerGroups([
        { userEmail: 'a@example.com', scans: 3, alerts: 1 },
        { userEmail: 'A@Example.com ', scans: 2, alerts: 0 },
        { userEmail: null, scans: 4, alerts: 4 },
        { userEmail: '', scans: 1, alerts: 0 },
      ]),
    ).toEqual({ totalScans: 10, totalAlerts: 5, distinctPatrollers: 1 });
  });
});

describe('TRIMMED_CHARACTERS', () => {
  it('is exactly the set String.prototype.trim removes (what the SQL btrim is given)', () => {
    const trimmed: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const character = String.fromCharCode(code);
      if (`x${character}`.trim() === 'x') trimmed.push(character);
    }
    expect([...TRIMMED_CHARACTERS].sort()).toEqual(trimmed.sort());
  });
});
