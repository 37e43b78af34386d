import type { FastifyServerOptions } from 'fastify';

/**
 * Keys whose values never reach a log line, at any of the first levels of a logged object:
 * secrets (passwords, their hashes, tokens, keys), and personal data that identifies an account.
 */
const SECRET_KEYS = [
  'password',
  'oldPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'token',
  'jwtToken',
  'resetPasswordUUID',
  'verifyEmailUUID',
  'secret',
  'signature',
  'authorization',
  'cookie',
  'set-cookie',
  'email',
  'params',
];

const REDACTED = '[redacted]';

/** Pino paths: the key at the top level and up to three levels down (`*.key`, `*.*.key`, ...). */
export const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => {
  const segment = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const join = (prefix: string) => (segment.startsWith('[') ? `${prefix}${segment}` : `${prefix}.${segment}`);
  return [segment.startsWith('[') ? `${segment}` : segment, join('*'), join('*.*'), join('*.*.*')];
});

/** A uuid as a path segment: /permit/issued/{uuid}/edit and the pass calls carry the pass's uuid. */
const PATH_UUID = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi;

/**
 * A URL as logged: the path with its uuids redacted (a pass's uuid is the capability to edit and
 * cancel it, decision 178), and the query's parameter names with their values redacted.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = (mark < 0 ? url : url.slice(0, mark)).replace(PATH_UUID, `/${REDACTED}`);
  if (mark < 0) return path;
  const names = [...new URLSearchParams(url.slice(mark + 1)).keys()];
  return `${path}?${names.map((name) => `${encodeURIComponent(name)}=${REDACTED}`).join('&')}`;
}

interface LoggableError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  statusCode?: number;
  query?: string;
  cause?: LoggableError;
  [key: string]: unknown;
}

/** A PostgreSQL error (pg or PGlite): its SQLSTATE, severity and routine identify it. */
const isDatabaseError = (error: Record<string, unknown>) =>
  typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error;

/**
 * An error as it may be logged. A failed query's message and stack carry every parameter (a
 * password hash, an email address), and the database's own message and detail may quote a value
 * ('Key (email)=(...) already exists'): these keep only the SQL text and the identifiers.
 */
export function toLoggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error) && (error === null || typeof error !== 'object')) {
    return { type: typeof error, message: String(error) };
  }
  const source = error as Error & Record<string, unknown>;
  const type = source.name ?? source.constructor?.name ?? 'Error';
  const cause =
    depth < 3 && source.cause !== undefined ? toLoggableError(source.cause, depth + 1) : undefined;
  if (isDatabaseError(source)) {
    return {
      type,
      message: `database error ${source.code}`,
      code: source.code as string,
      severity: source.severity,
      routine: source.routine,
      constraint: source.constraint,
      table: source.table,
      column: source.column,
      ...(cause ? { cause } : {}),
    };
  }
  const isQueryError = 'params' in source && typeof source.query === 'string';
  const message = isQueryError ? `Failed query: ${source.query}` : String(source.message ?? '');
  const stackFrames = typeof source.stack === 'string' ? source.stack.split('\n    at ').slice(1) : [];
  return {
    type,
    message,
    stack: [`${type}: ${message}`, ...stackFrames].join('\n    at '),
    ...(typeof source.code === 'string' ? { code: source.code } : {}),
    ...(typeof source.statusCode === 'number' ? { statusCode: source.statusCode } : {}),
    ...(isQueryError ? { query: source.query as string } : {}),
    ...(cause ? { cause } : {}),
  };
}

/**
 * The Fastify logger: JSON on stdout (or `stream`, for tests), with secret fields redacted in
 * every log line, query values left out of logged URLs, and errors logged without the values of
 * a failed query.
 */
export function loggerOptions(options: {
  level: string;
  stream?: NodeJS.WritableStream;
}): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: {
      req: (request: {
        method: string;
        url: string;
        hostname?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: unknown) => ({ stack: '', ...toLoggableError(error) }),
    },
  };
}
