import {
  buildPath,
  buildQuery,
  type CallInput,
  errorCodes,
  errorResponseSchema,
  type ResponseOf,
  type RouteContract,
} from '../../shared/contract';

import { serverErrorMessages } from '../../shared/messages/server-errors';
import type { ApiAnswer, ApiTransport } from '../../shared/page-render';
import { ApiError } from './api-error';

export { ApiError, carriesServerAdvice, isApiError, serverAdviceOr } from './api-error';

export const API_BASE = '/api/v1';

export interface CallOptions {
  /** 'Bearer ...' as stored in the session; sent as the Authorization header. */
  authorization?: string | null;
  /** Further request headers (a capability such as an appeal's confirmation token). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** How a call reaches the API: the browser's fetch, or the server's own router while it renders. */
export type { ApiTransport };

/** 128 random bits as hex; getRandomValues works on plain-http hosts too, unlike randomUUID. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let transport: ApiTransport = (url, init) =>
  fetch(url, { ...init, signal: init.signal as AbortSignal | undefined });

/** The server's page renderer answers page data in-process (src/web/entry-server.tsx). */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * Calls one route of the API through its contract: the path is built from the contract and its
 * params, the method is the contract's, and the answer is checked with its response schema.
 */
export async function callApi<Contract extends RouteContract>(
  contract: Contract,
  input: CallInput<Contract>,
  options: CallOptions = {},
): Promise<ResponseOf<Contract>> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
  };
  const url = `${API_BASE}${buildPath(contract, params)}${buildQuery(query as Record<string, unknown>)}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.authorization) headers.authorization = options.authorization;
  Object.assign(headers, options.headers);
  // One key per submission (decision 176): the retry below sends the same one, so the server
  // answers its first result instead of issuing twice.
  if (contract.idempotent) headers['idempotency-key'] ??= newIdempotencyKey();
  const send = () =>
    transport(url, {
      method: contract.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  let response: ApiAnswer;
  try {
    // An idempotent call is safe to send again when the first answer was lost on the way.
    response = await send().catch((error: Error) => {
      if (!contract.idempotent || error.name === 'AbortError') throw error;
      return send();
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      0,
      errorCodes.network_error,
      'The server could not be reached. Check your connection and try again.',
    );
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorResponseSchema.safeParse(payload);
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data.code : errorCodes.http_error,
      // An answer that is not ours (a proxy's error page) still reads as a sentence.
      parsed.success ? parsed.data.message : serverErrorMessages.internal,
      parsed.success ? parsed.data.field : undefined,
    );
  }
  return contract.response.parse(payload) as ResponseOf<Contract>;
}
