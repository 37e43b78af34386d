/**
 * Whether an error means the database cannot serve the request right now, rather than that the
 * request or the code is wrong: the server is down, restarting or failing over, refuses
 * connections, or is a standby that cannot write yet. Such a request is answered 503 with
 * Retry-After (the error handler), never 500: trying again shortly is the right thing to do.
 */

/** Socket errors of a server that is down or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of the same: class 08 (connection exception), the server shutting down or starting
 * (57P01 to 57P03), too many connections (53300), and a write reaching a standby (25006).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300|25006)$/;

/**
 * node-postgres reports a lost or never-made connection in these words, without a code; the last
 * two are a pool or an embedded database already closed by a shutdown under way.
 */
const CONNECTION_LOST = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  if (typeof message === 'string' && CONNECTION_LOST.some((words) => message.includes(words))) return true;
  // Drizzle wraps the driver's error in its own ('Failed query: ...') as the cause.
  return isDatabaseUnavailable(cause, depth + 1);
}
