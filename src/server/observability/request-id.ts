import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The header that carries a request's id, in the request (from a trusted proxy) and in the answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may hand on: short and plain, so it cannot bend a log line. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's `genReqId`: the id a trusted load balancer gave the request (so its log and ours share
 * one id), otherwise a fresh UUID. Behind no proxy the header is the client's word and is ignored.
 */
export function requestIdGenerator(options: {
  trustProxy: boolean;
}): NonNullable<FastifyServerOptions['genReqId']> {
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    return options.trustProxy && typeof given === 'string' && ACCEPTABLE_ID.test(given)
      ? given
      : randomUUID();
  };
}

/** Every answer names its request's id, so a user's report or a proxy's log leads to our log lines. */
export function answerWithRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
