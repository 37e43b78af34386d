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
  notices: [{ plateHash: 'bb', openNotices: 2 }],
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

  it('refuses to answer once the snapshot is older than its limit', () => {
    expect(answerFromSnapshot(snapshot, 'aa', new Date('2026-11-20T16:00:00Z'))).toEqual({
      kind: 'too-old',
      generatedAt: snapshot.generatedAt,
    });
  });
});
