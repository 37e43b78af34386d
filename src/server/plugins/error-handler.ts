import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ServerErrorCode } from '../../shared/contract';
import { translateEnglish } from '../../shared/i18n/catalogue';
import { validationMessages } from '../../shared/messages/input-errors';
import { serverErrorMessages } from '../../shared/messages/server-errors';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { AppError } from '../errors';
import { withLocale } from './request-language';
import { describeRefusedInput, type SchemaIssue } from './validation-message';

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

/** Fastify's own refusals (a body that is not JSON, a content type no route takes), for a person. */
const MESSAGE_BY_STATUS = {
  400: 'unreadable',
  401: 'signIn',
  403: 'notAllowed',
  404: 'notFound',
  409: 'conflict',
  413: 'tooLarge',
  415: 'unsupportedContent',
  429: 'tooManyRequests',
} as const satisfies Partial<Record<number, keyof typeof validationMessages>>;

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
      return reply.status(error.statusCode).send({
        code: error.code,
        message: localize(error.message),
        ...(error.field ? { field: error.field } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A sentence for the person (issue 33); the field's path stays in `field` for clients.
      // What was sent in the refused part, so a missing field reads 'Please enter the …'.
      const context = error.validationContext;
      const sent = context
        ? { value: context === 'querystring' ? request.query : request[context] }
        : undefined;
      const refused = withLocale(request.locale, () =>
        describeRefusedInput(error.validation[0] as SchemaIssue, sent),
      );
      return reply.status(400).send({ code: 'bad_request', ...refused });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendClientError(status, request, reply);
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

/** A client error Fastify found (a body that is not JSON, a content type no route takes), as a sentence. */
function sendClientError(status: number, request: FastifyRequest, reply: FastifyReply) {
  const key = MESSAGE_BY_STATUS[status as keyof typeof MESSAGE_BY_STATUS] ?? 'unreadable';
  return reply.status(status).send({
    code: CODE_BY_STATUS[status] ?? 'bad_request',
    message: withLocale(request.locale, () => validationMessages[key]),
  });
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a path parameter over the length, a
 * malformed escape) come before any hook or handler, so they are answered here, in the same words.
 */
export function answerRouterRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendClientError(error.statusCode ?? 400, request, reply);
}
