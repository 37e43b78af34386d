import type { PlateSnapshot } from '../contract/enforcement';
import { repeatOffenderLine } from './repeat-offenders';

/**
 * The answer a patrol device gives offline from a snapshot of covered plates (decision 194). The
 * device hashes the canonical plate with the snapshot's key (HMAC-SHA-256, hex) and looks the hash
 * up here; the snapshot itself names no plate.
 */
export type SnapshotAnswer =
  | { kind: 'too-old'; generatedAt: string }
  | {
      kind: 'answer';
      generatedAt: string;
      isCovered: boolean;
      /** The latest end of the windows covering the plate at `now`, or null. */
      coveredUntil: string | null;
      permitNames: string[];
      openNotices: number;
      /**
       * The plate is a repeat offender by the tenant's rule (issue 31): the line, in the current
       * language, and what its unpaid notices asked when the snapshot was made. Null otherwise.
       */
      repeatOffender: { message: string; unpaidTotal: number } | null;
    };

/** The plate's repeat-offender line and unpaid total, from the snapshot's rule and standing. */
function repeatOffenderOf(snapshot: PlateSnapshot, plateHash: string) {
  // A snapshot kept on the phone from before the flag was added has neither field.
  const entry = (snapshot.repeatOffenders ?? []).find((offender) => offender.plateHash === plateHash);
  if (!entry || !snapshot.repeatOffenderRule) return null;
  const message = repeatOffenderLine(snapshot.repeatOffenderRule, entry);
  return message === null ? null : { message, unpaidTotal: entry.unpaidTotal };
}

export function answerFromSnapshot(snapshot: PlateSnapshot, plateHash: string, now: Date): SnapshotAnswer {
  const at = now.getTime();
  if (at >= Date.parse(snapshot.usableUntil) || at < Date.parse(snapshot.generatedAt) - 5 * 60_000) {
    return { kind: 'too-old', generatedAt: snapshot.generatedAt };
  }
  const covering = snapshot.covers
    .filter(
      (cover) =>
        cover.plateHash === plateHash &&
        Date.parse(cover.validFrom) <= at &&
        at < Date.parse(cover.validUntil),
    )
    .sort((a, b) => Date.parse(b.validUntil) - Date.parse(a.validUntil));
  const notices = snapshot.notices.find((entry) => entry.plateHash === plateHash);
  return {
    kind: 'answer',
    generatedAt: snapshot.generatedAt,
    isCovered: covering.length > 0,
    coveredUntil: covering[0]?.validUntil ?? null,
    permitNames: [...new Set(covering.map((cover) => cover.permitName))],
    openNotices: notices?.openNotices ?? 0,
    repeatOffender: repeatOffenderOf(snapshot, plateHash),
  };
}
