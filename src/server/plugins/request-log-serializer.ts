import { createHmac, randomBytes } from 'node:crypto';

/**
 * The key of the log hashes, new in every process: a plate or a pass uuid cannot be found from
 * its hash by trying candidates offline, while one process's lines about the same id still match.
 */
const LOG_HASH_KEY = randomBytes(32);

/** A short keyed hash of an id or plate, as it may appear in a log line. */
export function logHash(value: string): string {
  return createHmac('sha256', LOG_HASH_KEY).update(value).digest('base64url').slice(0, 12);
}

/** A URL's query as logged: the parameter names, each value replaced by `[redacted]`. */
function redactQuery(query: string): string {
  const names = [...new URLSearchParams(query).keys()];
  return names.length > 0
    ? `?${names.map((name) => `${encodeURIComponent(name)}=[redacted]`).join('&')}`
    : '';
}

/** What the request serializer reads of a Fastify request. */
interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
  routeOptions?: { url?: string };
  params?: unknown;
}

/**
 * A request as logged (issue 28): the route's pattern (`/api/v1/passes/:uuid`), never its path,
 * because path parameters are edit keys (pass uuids), report and checkout-session ids and plates;
 * each parameter appears as a short keyed hash, to follow one id through the lines of a process.
 * A path that matched no route is logged by its hash alone. Query values stay redacted.
 */
export function serializeRequest(request: LoggedRequest) {
  const pattern = request.routeOptions?.url;
  const mark = request.url.indexOf('?');
  const query = mark < 0 ? '' : redactQuery(request.url.slice(mark + 1));
  const params =
    request.params && typeof request.params === 'object'
      ? Object.entries(request.params as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        )
      : [];
  return {
    method: request.method,
    url: pattern ? `${pattern}${query}` : '[no route]',
    ...(pattern ? {} : { pathHash: logHash(mark < 0 ? request.url : request.url.slice(0, mark)) }),
    ...(params.length > 0
      ? { paramHashes: Object.fromEntries(params.map(([name, value]) => [name, logHash(value)])) }
      : {}),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
