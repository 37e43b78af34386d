import { withSupport } from '../../../shared/messages';
import { ApiError, carriesServerAdvice } from '../../lib/api-client';

/**
 * The spec's text for a failed call: `byStatus` maps statuses to catalogue messages, `fallback`
 * covers the rest. Rate limits and network trouble keep the server's own wording, which says what
 * to do.
 */
export function errorText(
  error: unknown,
  byStatus: Record<number, string>,
  fallback: string,
  contactEmail?: string | null,
): string {
  if (carriesServerAdvice(error)) return error.message;
  const status = error instanceof ApiError ? error.status : 500;
  return withSupport(byStatus[status] ?? fallback, contactEmail);
}
