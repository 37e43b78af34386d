import type { ServerErrorCode } from '../shared/contract';

/**
 * The error every service throws; one handler turns it into `{ code, message }` with its status.
 * Codes come from the shared contract's list, so the web can rely on every one it is sent.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ServerErrorCode,
    message: string,
    /** The field a refused input is about (`endDate`), kept in the answer for clients (issue 33). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found.`);
export const badRequest = (message: string, field?: string) =>
  new AppError(400, 'bad_request', message, field);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const unauthorized = (message = 'Sign in to continue.') => new AppError(401, 'unauthorized', message);
