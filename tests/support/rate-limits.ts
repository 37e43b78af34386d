import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { RATE_LIMITED_MESSAGE } from '../../src/server/plugins/rate-limit';

/**
 * Checks a per-client-address limit: `limit` calls from the first address all answer `status`,
 * the next one is refused with a 429 and the rate-limit message, and a call from the second
 * address still answers `status`. Answers the refusal, for checks of its own (its Retry-After).
 */
export async function expectPerClientLimit(
  call: (remoteAddress: string) => Promise<LightMyRequestResponse>,
  options: { limit: number; status: number; clients: [limited: string, other: string] },
): Promise<LightMyRequestResponse> {
  const [limited, other] = options.clients;
  const statuses: number[] = [];
  for (let n = 0; n < options.limit; n += 1) statuses.push((await call(limited)).statusCode);
  expect(statuses).toEqual(Array(options.limit).fill(options.status));
  const refused = await call(limited);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ code: 'too_many_requests', message: RATE_LIMITED_MESSAGE });
  // Another client is not affected.
  expect((await call(other)).statusCode).toBe(options.status);
  return refused;
}
