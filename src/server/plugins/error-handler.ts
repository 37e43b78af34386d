import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ServerErrorCode } from '../../shared/contract';
import { translateEnglish } from '../../shared/i18n/catalogue';
import { serverErrorMessages } from '../../shared/messages/server-errors';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { AppError } from '../errors';

/** Fastify's own client errors carry codes like FST_ERR_CTP_INVALID_MEDIA_TYPE: answer ours. */
const CODE_BY_STATUS: Partial<Record<number, ServerErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/** Seconds a client should wait after a 503: about what a database failover or restart takes. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * One place maps errors to answers: typed AppErrors keep their status, schema failures become a
 * 400 that names the field, client errors from Fastify keep theirs, a database that cannot serve
 * (down, failing over, a standby) is a 503 with Retry-After, and anything else is a 500 whose
 * details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // In the caller's language (issue 30): a message read when its module loaded (a contract's
    // zod message) is still the English text, and is translated here.
    const localize = (message: string) => translateEnglish(message, request.locale);
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ code: error.code, message: localize(error.message) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || error.validationContext;
      const detail = issue?.message ?? 'bad value';
      return reply.status(400).send({
        code: 'bad_request',
        message: localize(validationMessage(detail, error.validationContext, field)),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ code: CODE_BY_STATUS[status] ?? 'bad_request', message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      request.server.metrics?.databaseUnavailable();
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ code: 'service_unavailable', message: localize(serverErrorMessages.unavailable) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: 'internal_error', message: localize(serverErrorMessages.internal) });
  });
}

/**
 * A whole sentence (capital first, full stop last) is a message written for the person, such as
 * the spec's 'Please fill out all fields before updating.': it is the answer's text alone. Zod's
 * own messages ('Invalid input: expected string') and the contracts' fragments ('must be at most
 * 200 characters') never end with a stop, and are told by the field they are about.
 */
export function validationMessage(detail: string, context: string | undefined, field: string | undefined) {
  if (/^\p{Lu}/u.test(detail) && /[.!?]$/.test(detail)) return detail;
  return `Invalid ${context ?? 'request'}${field ? ` field '${field}'` : ''}: ${detail}.`;
}
