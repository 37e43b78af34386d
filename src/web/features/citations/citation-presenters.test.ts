import { describe, expect, it } from 'vitest';
import type { Citation } from '../../../shared/contract';
import { citationHistory } from './citation-presenters';

const citation = {
  createdOn: '2026-10-01T16:00:00Z',
  paymentStatus: 'Open',
  datePaid: null,
  voidDate: null,
  amountPaid: null,
  amountDue: 6000,
  latePenalties: [
    { days: 14, amount: 1500, appliesOn: '2026-10-15', isApplied: true },
    { days: 60, amount: 2500, appliesOn: '2026-11-30', isApplied: false },
  ],
} as unknown as Citation;

const texts = (entries: { text: string }[]) => entries.map((entry) => entry.text);

describe('citationHistory', () => {
  it('lists issue and applied penalties without an appeal', () => {
    expect(texts(citationHistory({ ...citation, appeal: null }, 'America/New_York'))).toEqual([
      'Notice issued',
      'Late penalty of $15.00 added',
    ]);
  });

  it('puts the appeal and its answer among the penalties by date', () => {
    const entries = citationHistory(
      {
        ...citation,
        appeal: {
          submittedOn: '2026-10-10T12:00:00Z',
          outcome: 'denied',
          answeredOn: '2026-10-20T12:00:00Z',
          resolution: null,
          reducedAmount: null,
        },
      },
      'America/New_York',
    );
    expect(texts(entries)).toEqual([
      'Notice issued',
      'Appeal submitted',
      'Late penalty of $15.00 added',
      'Appeal denied',
    ]);
  });

  it('shows a pending appeal without an answer, and an approved one with its date', () => {
    const pending = citationHistory(
      {
        ...citation,
        appeal: {
          submittedOn: '2026-10-16T12:00:00Z',
          outcome: 'pending',
          answeredOn: null,
          resolution: null,
          reducedAmount: null,
        },
      },
      'America/New_York',
    );
    expect(texts(pending).at(-1)).toBe('Appeal submitted');
    const approved = citationHistory(
      {
        ...citation,
        voidDate: '2026-10-21T12:00:00Z',
        appeal: {
          submittedOn: '2026-10-16T12:00:00Z',
          outcome: 'approved',
          answeredOn: '2026-10-21T12:00:00Z',
          resolution: null,
          reducedAmount: null,
        },
      },
      'America/New_York',
    );
    expect(texts(approved).slice(-2)).toEqual(['Appeal approved', 'Notice voided']);
  });
});
