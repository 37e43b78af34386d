/** One field of a before/after pair as the audit page lists it. */
export interface AuditFieldChange {
  field: string;
  before: string;
  after: string;
}

function show(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The fields whose values differ between before and after, in the order they first appear. A
 * creation (no before) lists every field of after; a deletion every field of before.
 */
export function diffAuditValues(before: unknown, after: unknown): AuditFieldChange[] {
  const from = asRecord(before);
  const to = asRecord(after);
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, before: show(from[field]), after: show(to[field]) }));
}
