import type { z } from 'zod';
import { errorResponseSchema } from '../../shared/contract';

export const API_BASE = '/api/v1';

/** A failed call: the HTTP status and the server's `{ code, message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** 'Bearer ...' as stored in the session; sent as the Authorization header. */
  authorization?: string | null;
  /** Further request headers (a capability such as an appeal's confirmation token). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls the API and parses the answer with the call's contract schema. */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<z.infer<Schema>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.authorization) headers.authorization = options.authorization;
  Object.assign(headers, options.headers);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'network_error',
      'The server could not be reached. Check your connection and try again.',
    );
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorResponseSchema.safeParse(payload);
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data.code : 'http_error',
      parsed.success ? parsed.data.message : `Request failed with status ${response.status}.`,
    );
  }
  return schema.parse(payload);
}

/** A path segment, encoded. */
export const segment = (value: string) => encodeURIComponent(value);
