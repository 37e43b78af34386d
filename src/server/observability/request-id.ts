import { randomUUID } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { TrustedProxies } from '../http/trust-proxy';

/** The header that carries a request's id, in the request (from a trusted proxy) and in the answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may hand on: short and plain, so it cannot bend a log line. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Whether the peer that sent the request is a proxy TRUST_PROXY names (decision 184): the nearest
 * hop when trusting by count, a listed address or range otherwise, never when trusting none.
 */
function isFromTrustedProxy(trusted: TrustedProxies): (peer: string | undefined) => boolean {
  if (trusted.kind === 'none') return () => false;
  if (trusted.kind === 'hops') return () => trusted.hops > 0;
  const trust = proxyAddr.compile([...trusted.addresses]);
  return (peer) => peer !== undefined && trust(peer, 0);
}

/**
 * Fastify's `genReqId`: the id a trusted load balancer gave the request (so its log and ours share
 * one id), otherwise a fresh UUID. From any other peer the header is the client's word and is
 * ignored: a client could otherwise plant an id in our log, audit log and outbox.
 */
export function requestIdGenerator(trusted: TrustedProxies): NonNullable<FastifyServerOptions['genReqId']> {
  const isTrusted = isFromTrustedProxy(trusted);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && ACCEPTABLE_ID.test(given) && isTrusted(request.socket?.remoteAddress)
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
