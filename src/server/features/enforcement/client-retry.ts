import { createHash } from 'node:crypto';
import { AppError } from '../../errors';

/** JSON with object keys sorted, so the same content always gives the same text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${stableJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The fingerprint of what a device sent under a clientId: equal for a true retry only. */
export function contentFingerprint(content: unknown): string {
  return createHash('sha256').update(stableJson(content)).digest('hex');
}

/**
 * Whether a try under a recorded clientId sends other content. Rows recorded before fingerprints
 * were kept have none: they are taken as retries, as they were.
 */
export function isOtherContent(recorded: string | null, fingerprint: string): boolean {
  return recorded !== null && recorded !== fingerprint;
}

/**
 * The 409 for a clientId used again with other content, naming the recorded version and the one
 * sent: the device must choose a new clientId for new content rather than lose it silently.
 */
export function clientIdReused(problems: string[]): AppError {
  return new AppError(
    409,
    'conflict',
    `${problems.join('; ')}. A retry must send the same content; new content needs a new clientId.`,
  );
}
