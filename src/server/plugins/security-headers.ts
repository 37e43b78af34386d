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
 * The headers of the API's answers (JSON, and the CSV, images and QR codes it serves), after
 * OWASP's REST security cheat sheet: a policy that lets a response opened as a page load nothing
 * and be framed by no one, no MIME sniffing, HTTPS only, no referrer, and the document set's
 * cross-origin resource policy. The document-only headers (COOP, Origin-Agent-Cluster, DNS
 * prefetch, IE's download and XSS switches, Flash's cross-domain policy) mean nothing to a fetch
 * and cost every lookup their bytes and their writing (docs/benchmarks.md).
 *
 * API answers are personal or fresh (sessions, tokens, an account, a notice): no cache (a shared
 * proxy, the browser's back-forward cache, a disk cache on a shared computer) may keep one. A
 * route that may be kept sets its own Cache-Control, which replaces this one (the brand does).
 */
function apiHeadersOf(documentHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'strict-transport-security',
    'x-content-type-options',
    'referrer-policy',
    'cross-origin-resource-policy',
  ];
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };
  for (const name of kept) {
    const value = documentHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/**
 * Helmet's headers on every page, and the API's own set under `apiPrefix`, each computed once at
 * start-up. @fastify/helmet rebuilt the whole helmet middleware on every request, and with CSP
 * nonces made two random nonces and a new policy for each one too, JSON answers included: the
 * largest share of our own CPU in the notice lookup's profile (docs/benchmarks.md). A nonce is
 * needed only by the HTML pages that inline a style or a script, so it is made when a handler
 * reads `reply.cspNonce`, which then sets that answer's policy.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions & { apiPrefix: string },
): void {
  const { apiPrefix, ...helmetOptions } = options;
  const headers = headersOf(helmetOptions);
  const policy = headers['content-security-policy'];
  if (!policy || !/(^|;)script-src /.test(policy) || !/(^|;)style-src /.test(policy)) {
    throw new Error('The Content-Security-Policy needs script-src and style-src directives for its nonces.');
  }
  const apiHeaders = apiHeadersOf(headers);
  const apiPath = `${apiPrefix}/`;

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
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(apiPath) ? apiHeaders : headers);
    done();
  });
}
