import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../errors';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * The rate-limit store: Redis when REDIS_URL is set, so every instance behind a load balancer
 * counts against the same limits; memory otherwise. No route is limited by default: the sensitive
 * ones opt in through `limitPerKey` below.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 5_000, lazyConnect: false })
    : undefined;
  redis?.on('error', (err) => app.log.warn({ err }, 'rate-limit store (Redis) error'));
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: `${config.RATE_LIMIT_NAMESPACE}:rate-limit:`,
    // An unreachable Redis must not take sign-in down with it: limits pause, and the log says why.
    skipOnError: true,
    errorResponseBuilder: () => new AppError(429, 'too_many_requests', RATE_LIMITED_MESSAGE),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
}

/**
 * A limiter counting requests by a key: `max` per `timeWindow` milliseconds. The key is prefixed
 * by `name`, so each limiter has its own counters in the shared store. Built on
 * `createRateLimit` rather than `rateLimit`, because the latter runs only once per request and a
 * route here stacks two limits (per client and per account).
 */
export function limitPerKey(
  app: FastifyInstance,
  options: {
    name: string;
    max: number;
    timeWindow: number;
    key: (request: FastifyRequest) => string | Promise<string>;
  },
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: async (request) => `${options.name}:${await options.key(request)}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError(429, 'too_many_requests', RATE_LIMITED_MESSAGE);
  };
}
