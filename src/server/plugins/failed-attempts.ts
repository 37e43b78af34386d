import type { Redis } from 'ioredis';

/**
 * Counts attempts per key in fixed windows, where a success takes its attempt back. A sign-in is
 * counted when it starts, so a burst of parallel guesses cannot all pass the check before the
 * first failure is written; a success then gives its count back (or clears the key), so only
 * failures remain against the limit.
 */
export interface AttemptCounter {
  /** Counts one attempt: the key's count in its window (this attempt included) and the window's time left. */
  begin(key: string, windowMs: number): Promise<{ count: number; msLeft: number }>;
  /** Takes one successful attempt back. */
  giveBack(key: string): Promise<void>;
  /** Forgets the key's attempts (the account signed in). */
  clear(key: string): Promise<void>;
}

/** Past this many keys the memory store sweeps out expired windows, so it cannot grow without bound. */
const SWEEP_ABOVE_KEYS = 10_000;

/** One process's counts: enough for a single instance, and for tests. */
export function memoryAttemptCounter(now: () => number = Date.now): AttemptCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.endsAt <= now()) windows.delete(key);
    return windows.get(key);
  };
  return {
    async begin(key, windowMs) {
      if (windows.size > SWEEP_ABOVE_KEYS) for (const name of [...windows.keys()]) live(name);
      const window = live(key) ?? { count: 0, endsAt: now() + windowMs };
      window.count += 1;
      windows.set(key, window);
      return { count: window.count, msLeft: window.endsAt - now() };
    },
    async giveBack(key) {
      const window = live(key);
      if (window) window.count = Math.max(0, window.count - 1);
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

/** Lowers a live count only: a window that expired meanwhile is not revived without an end. */
const GIVE_BACK_SCRIPT = `if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then
  return redis.call('decr', KEYS[1]) end return 0`;

/** Counts shared by every instance through Redis, under the rate limits' namespace. */
export function redisAttemptCounter(redis: Redis, namespace: string): AttemptCounter {
  const name = (key: string) => `${namespace}${key}`;
  return {
    async begin(key, windowMs) {
      // The window starts with the first attempt and is not extended by later ones.
      const results = await redis
        .multi()
        .set(name(key), 0, 'PX', windowMs, 'NX')
        .incr(name(key))
        .pttl(name(key))
        .exec();
      const failure = results?.find(([error]) => error)?.[0];
      if (!results || failure) throw failure ?? new Error('no answer from Redis');
      return { count: Number(results[1]?.[1]), msLeft: Number(results[2]?.[1]) };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK_SCRIPT, 1, name(key));
    },
    async clear(key) {
      await redis.del(name(key));
    },
  };
}
