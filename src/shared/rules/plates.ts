/**
 * One canonical form of a licence plate, used for every match (plate checks, notice search, saved
 * vehicles, duplicates, scans, reports): upper-case, with the separators people type between a
 * plate's groups (spaces, dashes, dots) removed, so `ab c-12 3`, `ABC-123` and `AB C123` meet.
 */
const PLATE_SEPARATORS = /[\s.\-‐-―−·]+/gu;

export function canonicalPlate(value: string | null | undefined): string {
  return (value ?? '').normalize('NFKC').replace(PLATE_SEPARATORS, '').toLocaleUpperCase('en-US');
}
