import { describe, expect, it } from 'vitest';
import type { PlateSnapshot } from '../contract/enforcement';
import { answerFromSnapshot } from './plate-snapshot';

const snapshot: PlateSnapshot = {
  generatedAt: '2026-11-20T12:00:00.000Z',
  usableUntil: '2026-11-20T16:00:00.000Z',
  timeZone: 'UTC',
  hashKey: 'key',
  covers: [
    {
      plateHash: 'aa',
      validFrom: '2026-11-01T00:00:00.000Z',
      validUntil: '2026-11-20T13:00:00.000Z',
      permitName: 'Day',
    },
    {
      plateHash: 'aa',
      validFrom: '2026-11-20T14:00:00.000Z',
      validUntil: '2026-11-21T00:00:00.000Z',
      permitName: 'Night',
    },
  ],
  notices: [
    { plateHash: 'bb', openNotices: 2 },
    { plateHash: 'cc', openNotices: 4 },
    { plateHash: 'dd', openNotices: 1 },
  ],
  repeatOffenderRule: { repeatOffenderNoticeCount: 3, repeatOffenderOverdueDays: 60 },
  repeatOffenders: [
    { plateHash: 'cc', unpaidNoticeCount: 4, unpaidTotal: 18_000, oldestUnpaidDays: 20 },
    { plateHash: 'dd', unpaidNoticeCount: 1, unpaidTotal: 7_500, oldestUnpaidDays: 75 },
  ],
};

describe('answering from a snapshot', () => {
  it('covers a plate only inside one of its windows', () => {
    expect(answerFromSnapshot(snapshot, 'aa', new Date('2026-11-20T12:30:00Z'))).toMatchObject({
      kind: 'answer',
      isCovered: true,
      coveredUntil: '2026-11-20T13:00:00.000Z',
      permitNames: ['Day'],
    });
    expect(answerFromSnapshot(snapshot, 'aa', new Date('2026-11-20T13:30:00Z'))).toMatchObject({
      isCovered: false,
      coveredUntil: null,
    });
    expect(answerFromSnapshot(snapshot, 'aa', new Date('2026-11-20T15:00:00Z'))).toMatchObject({
      isCovered: true,
      permitNames: ['Night'],
    });
  });

  it('counts outstanding notices of an uncovered plate', () => {
    expect(answerFromSnapshot(snapshot, 'bb', new Date('2026-11-20T12:30:00Z'))).toMatchObject({
      isCovered: false,
      openNotices: 2,
    });
  });

  it('flags a repeat offender with its line and unpaid total, by count or by age', () => {
    const at = new Date('2026-11-20T12:30:00Z');
    expect(answerFromSnapshot(snapshot, 'cc', at)).toMatchObject({
      isCovered: false,
      openNotices: 4,
      repeatOffender: { message: 'Repeat offender: 4 unpaid notices.', unpaidTotal: 18_000 },
    });
    expect(answerFromSnapshot(snapshot, 'dd', at)).toMatchObject({
      repeatOffender: { message: 'Repeat offender: a notice unpaid for 75 days.', unpaidTotal: 7_500 },
    });
    // Two notices, not in the snapshot's list: no flag.
    expect(answerFromSnapshot(snapshot, 'bb', at)).toMatchObject({ repeatOffender: null });
  });

  it('flags nothing when the rule is off, or from a snapshot kept before the flag existed', () => {
    const at = new Date('2026-11-20T12:30:00Z');
    const ruleOff = {
      ...snapshot,
      repeatOffenderRule: { repeatOffenderNoticeCount: null, repeatOffenderOverdueDays: null },
    };
    expect(answerFromSnapshot(ruleOff, 'cc', at)).toMatchObject({ openNotices: 4, repeatOffender: null });
    const { repeatOffenderRule: _rule, repeatOffenders: _list, ...older } = snapshot;
    expect(answerFromSnapshot(older as PlateSnapshot, 'cc', at)).toMatchObject({ repeatOffender: null });
  });

  it('refuses to answer once the snapshot is older than its limit', () => {
    expect(answerFromSnapshot(snapshot, 'aa', new Date('2026-11-20T16:00:00Z'))).toEqual({
      kind: 'too-old',
      generatedAt: snapshot.generatedAt,
    });
  });
});
