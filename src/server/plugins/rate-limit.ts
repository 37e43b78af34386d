import fastifyRateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyRequest,
  onResponseAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../errors';
import { type AttemptCounter, memoryAttemptCounter, redisAttemptCounter } from './failed-attempts';

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
  const namespace = `${config.RATE_LIMIT_NAMESPACE}:failed-attempts:`;
  attemptCountersByApp.set(
    app.deps,
    redis
      ? redisAttemptCounter(redis, namespace)
      : memoryAttemptCounter(() => app.deps.clock.now().getTime()),
  );
}

/** Per app, the store of `limitFailures`, beside the rate-limit plugin's own (same Redis, or memory). */
const attemptCountersByApp = new WeakMap<object, AttemptCounter>();

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

/**
 * A limit on failures rather than requests: `max` failed attempts per key per `timeWindow`
 * milliseconds. Each attempt is counted when it starts (so parallel guesses cannot slip past the
 * check together) and a successful answer takes its count back, or with `onSuccess: 'clear'`
 * forgets the key's failures. So any number of correct sign-ins lock nobody out. Like the rate
 * limits, an unreachable store lets requests through and logs why.
 */
export function limitFailures(
  app: FastifyInstance,
  options: {
    name: string;
    max: number;
    timeWindow: number;
    key: RequestKey;
    onSuccess: 'give-back' | 'clear';
  },
): { check: preHandlerAsyncHookHandler; settle: onResponseAsyncHookHandler } {
  const counter = attemptCountersByApp.get(app.deps);
  if (!counter) throw new Error('limitFailures needs registerRateLimit to have run first.');
  const countedKeys = new WeakMap<FastifyRequest, string>();
  return {
    check: async (request, reply) => {
      const key = `${options.name}:${await options.key(request)}`;
      const attempt = await counter.begin(key, options.timeWindow).catch((err: unknown) => {
        request.log.warn({ err }, 'failed-attempt store error');
        return null;
      });
      if (!attempt) return;
      countedKeys.set(request, key);
      if (attempt.count <= options.max) return;
      reply.header('retry-after', String(Math.max(1, Math.ceil(attempt.msLeft / 1000))));
      throw new AppError(429, 'too_many_requests', RATE_LIMITED_MESSAGE);
    },
    settle: async (request, reply) => {
      const key = countedKeys.get(request);
      if (!key || reply.statusCode >= 400) return;
      const settled = options.onSuccess === 'clear' ? counter.clear(key) : counter.giveBack(key);
      await settled.catch((err: unknown) => request.log.warn({ err }, 'failed-attempt store error'));
    },
  };
}
