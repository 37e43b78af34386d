import type { z } from 'zod';
import type { Action } from '../rules/permission-actions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route, as documented in OpenAPI; the server checks it in the handler. */
export type RouteAuth =
  | 'none'
  | 'customer'
  | 'operator'
  | 'optional-customer'
  | 'enforcement-key'
  /** The platform's administrator, on the bare host only. */
  | 'platform-admin';

/** Statuses a route may answer with `{ code, message }` besides its success. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 502;

/**
 * One call of the API, written once and read by both ends: the server registers its route from
 * it (method and path included), the web client builds its request from it, and OpenAPI is
 * generated from it. `path` is relative to /api/v1 and uses `:name` for path parameters.
 */
export interface RouteContract {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly auth: RouteAuth;
  /**
   * For operator routes: the action the operator's role must hold (src/server/features/permissions).
   * The handler still checks it; the generated role matrix reads it to expect a 403 from every role
   * without it, so a forgotten check is found.
   */
  readonly permission?: Action;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** The error statuses it may answer (400 is implied whenever it takes input). */
  readonly errors: readonly ErrorStatus[];
  /**
   * A call that creates a pass, a payment or an email: it honours an `Idempotency-Key` header
   * (decision 176), a replay answering the first result. Implies the 409 and 422 answers.
   */
  readonly idempotent?: true;
}

/** Whether a module export is a route's contract (what the route table and the tests walk). */
export function isRouteContract(value: unknown): value is RouteContract {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<RouteContract>;
  return (
    typeof candidate.method === 'string' &&
    typeof candidate.path === 'string' &&
    typeof candidate.auth === 'string' &&
    Array.isArray(candidate.errors) &&
    candidate.response !== undefined
  );
}

/** Declares a contract, keeping its literal types for both ends. */
export function defineRoute<const Contract extends RouteContract>(contract: Contract): Contract {
  return contract;
}

type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;
type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** What a caller passes: the keys the contract declares, and only those. */
export type CallInput<Contract extends RouteContract> = (Contract['params'] extends z.ZodType
  ? { params: Input<Contract['params']> }
  : { params?: never }) &
  (Contract['query'] extends z.ZodType ? { query: Input<Contract['query']> } : { query?: never }) &
  (Contract['body'] extends z.ZodType ? { body: Input<Contract['body']> } : { body?: never });

/** What the server's handler receives, after validation. */
export interface RouteInput<Contract extends RouteContract> {
  params: Output<Contract['params']>;
  query: Output<Contract['query']>;
  body: Output<Contract['body']>;
}

/** The answer as the handler returns it (before serialisation) and as the client reads it. */
export type ResponseInput<Contract extends RouteContract> = z.input<Contract['response']>;
export type ResponseOf<Contract extends RouteContract> = z.output<Contract['response']>;

const PATH_PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The path with its parameters filled in and encoded: '/portal/citation/:uuid' → '/portal/citation/ab…'. */
export function buildPath(
  contract: Pick<RouteContract, 'path'>,
  params: Record<string, string | number> | undefined,
): string {
  return contract.path.replace(PATH_PARAMETER, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${contract.path}.`);
    return encodeURIComponent(String(value));
  });
}

/** The query string (with '?') of the defined values, or '' when there are none. */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  const pairs = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
