import type { ErrorCode } from '../../shared/contract/errors';

/**
 * A failed call: the HTTP status and the server's `{ code, message }`. Kept apart from the client
 * (and from zod) so the landing page can recognise one without loading the contracts.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** For a refused input, the field's path the server names (`endDate`): the form marks that input. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether `error` is an answer of the API with this code. */
export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** A failure whose own message tells the visitor what to do: a rate limit, or no connection. */
export function carriesServerAdvice(error: unknown): error is ApiError {
  return isApiError(error) && (error.status === 429 || error.status === 0);
}

/** What a failed call's banner says: the server's advice where it gives one, otherwise `fallback`. */
export function serverAdviceOr(error: unknown, fallback: string): string {
  return carriesServerAdvice(error) ? error.message : fallback;
}
