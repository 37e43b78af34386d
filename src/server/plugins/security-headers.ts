import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Nonces for this answer's inline `<script>`/`<style>`; reading it adds them to the
     * Content-Security-Policy of this answer (only HTML pages need one).
     */
    readonly cspNonce: { script: string; style: string };
    /** The nonces once made; use `cspNonce`. */
    cspNonceMade: { script: string; style: string } | null;
  }
}

/** Runs helmet's middleware once against a recorder and keeps the headers it sets. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The policy with a nonce appended to one directive (the directive exists: see the caller). */
export function withNonce(policy: string, directive: string, nonce: string): string {
  return policy
    .split(';')
    .map((part) => (part.startsWith(`${directive} `) ? `${part} 'nonce-${nonce}'` : part))
    .join(';');
}

/**
 * Helmet's headers on every answer, computed once at start-up. @fastify/helmet rebuilt the whole
 * helmet middleware on every request, and with CSP nonces made two random nonces and a new policy
 * for each one too, JSON answers included: the largest share of our own CPU in the notice lookup's
 * profile (docs/benchmarks.md). A nonce is needed only by the HTML pages that inline a style or a
 * script, so it is made when a handler reads `reply.cspNonce`, which then sets that answer's policy.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = headersOf(options);
  const policy = headers['content-security-policy'];
  if (!policy || !/(^|;)script-src /.test(policy) || !/(^|;)style-src /.test(policy)) {
    throw new Error('The Content-Security-Policy needs script-src and style-src directives for its nonces.');
  }

  app.decorateReply('cspNonceMade', null);
  app.decorateReply('cspNonce', {
    getter(this: import('fastify').FastifyReply) {
      if (!this.cspNonceMade) {
        const nonce = { script: randomBytes(16).toString('hex'), style: randomBytes(16).toString('hex') };
        this.cspNonceMade = nonce;
        this.header(
          'content-security-policy',
          withNonce(withNonce(policy, 'script-src', nonce.script), 'style-src', nonce.style),
        );
      }
      return this.cspNonceMade;
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
