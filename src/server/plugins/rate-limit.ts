import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis of the rate limits, when REDIS_URL is set (readiness pings it). */
    rateLimitStore: Redis | null;
  }
}

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
  app.decorate('rateLimitStore', redis ?? null);
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

type RateLimitCheck = ReturnType<FastifyInstance['createRateLimit']>;
type RequestKey = (request: FastifyRequest) => string | Promise<string>;
interface NamedLimit {
  check: RateLimitCheck;
  max: number;
  timeWindow: number;
}

/** Per app, each named limit: routes naming one limit share its counts. */
const limitsByApp = new WeakMap<object, Map<string, NamedLimit>>();

/**
 * The check of the limit called `name`, made once per app. In Redis every check with one name
 * counts under the same keys anyway; in memory each `createRateLimit` keeps a store of its own, so
 * routes that share an allowance (the pass uuid lookups) must share the check itself. The first
 * route's key function keys it: one limit, one key.
 */
function namedLimit(app: FastifyInstance, name: string, max: number, timeWindow: number, key: RequestKey) {
  // deps is one object for the whole app, whatever plugin scope a route is registered in.
  let limits = limitsByApp.get(app.deps);
  if (!limits) {
    limits = new Map();
    limitsByApp.set(app.deps, limits);
  }
  const known = limits.get(name);
  if (known) {
    if (known.max !== max || known.timeWindow !== timeWindow) {
      throw new Error(`The rate limit '${name}' is set up twice with different allowances.`);
    }
    return known.check;
  }
  const check = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: async (request) => `${name}:${await key(request)}`,
  });
  limits.set(name, { check, max, timeWindow });
  return check;
}

/**
 * A limiter counting requests by a key: `max` per `timeWindow` milliseconds. The key is prefixed
 * by `name`, so each limit has its own counters in the shared store, and routes naming the same
 * limit count against one allowance, in Redis and in memory alike. Built on `createRateLimit`
 * rather than `rateLimit`, because the latter runs only once per request and a route here stacks
 * two limits (per client and per account).
 */
export function limitPerKey(
  app: FastifyInstance,
  options: {
    name: string;
    max: number;
    timeWindow: number;
    key: RequestKey;
  },
): preHandlerAsyncHookHandler {
  const check = namedLimit(app, options.name, options.max, options.timeWindow, options.key);
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    request.server.metrics.rateLimitRefused(options.name);
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError(429, 'too_many_requests', RATE_LIMITED_MESSAGE);
  };
}
