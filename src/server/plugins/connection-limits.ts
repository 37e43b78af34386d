import type { Config } from '../config';

/**
 * Time limits of the HTTP server, so a client that drip-feeds a request (or holds a connection
 * silent) cannot keep it open: the whole request must arrive within REQUEST_TIMEOUT_MS (Node then
 * answers 408 and closes), a silent connection closes after CONNECTION_TIMEOUT_MS, and an idle
 * keep-alive one after KEEP_ALIVE_TIMEOUT_MS. Node checks request deadlines on an interval, so
 * the interval follows the timeout (at most 30 s, Node's default). The connection cap is set on
 * the server itself (app.ts).
 */
export function connectionLimits(
  config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'CONNECTION_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS'>,
) {
  return {
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_MS),
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(config.REQUEST_TIMEOUT_MS / 4))),
    },
  };
}
