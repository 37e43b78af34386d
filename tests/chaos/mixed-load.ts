import { SUBDOMAIN } from './chaos-support';
import { callPortal } from './portal-process';

export interface MixedLoadResult {
  /** Requests sent, and of them the ones answered 2xx. */
  sent: number;
  succeeded: number;
  /** Requests that got no answer at all, or a 5xx: a dropped request. */
  dropped: number;
  /** Answers by status, and requests that failed without one ('no answer'). */
  outcomes: Record<string, number>;
  /** Sign-ups answered 200: writes that must be in the database. */
  acknowledged: string[];
  /** The first few dropped answers' status and body, to tell who answered them (portal or balancer). */
  droppedSamples: string[];
  seconds: number;
}

/**
 * Reads and writes, four notice lookups to one sign-up, through `port`. With `ratePerSecond` the
 * requests start at that rate whatever the answers (an open loop, as users arrive); without it,
 * `workers` clients send one after the other as fast as answered (the maximum). Bounded by
 * `isOver` and by at most `maxInFlight` open requests.
 */
export async function mixedLoad(options: {
  port: number;
  plate: string;
  label: string;
  isOver: () => boolean;
  ratePerSecond?: number;
  workers?: number;
  maxInFlight?: number;
  /** Told of every answer as it comes (the failover round times the first write after the kill). */
  onAnswer?: (answer: { status: number; isWrite: boolean }) => void;
}): Promise<MixedLoadResult> {
  const started = Date.now();
  const outcomes = new Map<string, number>();
  const acknowledged: string[] = [];
  const droppedSamples: string[] = [];
  let sent = 0;
  let succeeded = 0;
  let dropped = 0;
  const one = async (n: number) => {
    sent++;
    const isWrite = n % 5 === 0;
    const email = `${options.label}-${n}@chaos.example`;
    try {
      const response = isWrite
        ? await callPortal(options.port, SUBDOMAIN, 'POST', '/auth/customer/signup', {
            email,
            password: 'Chaos#Parking2026',
            fullname: 'Chaos Tester',
            entitySubdomain: SUBDOMAIN,
          })
        : await callPortal(
            options.port,
            SUBDOMAIN,
            'GET',
            `/portal/citation/p/${options.plate}/n/blank/o/${SUBDOMAIN}`,
          );
      const key = `${response.status}${response.status === 503 && response.retryAfter ? ' (Retry-After)' : ''}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      options.onAnswer?.({ status: response.status, isWrite });
      if (response.status < 300) succeeded++;
      if (response.status >= 500) {
        dropped++;
        if (droppedSamples.length < 3)
          droppedSamples.push(`${response.status} ${response.text.slice(0, 120)}`);
      }
      if (isWrite && response.status === 200) acknowledged.push(email);
    } catch {
      outcomes.set('no answer', (outcomes.get('no answer') ?? 0) + 1);
      dropped++;
    }
  };
  let n = 0;
  if (options.ratePerSecond) {
    const interval = 1000 / options.ratePerSecond;
    const inFlight = new Set<Promise<void>>();
    let next = Date.now();
    while (!options.isOver()) {
      if (inFlight.size < (options.maxInFlight ?? 64)) {
        const request = one(n++).finally(() => inFlight.delete(request));
        inFlight.add(request);
      }
      next += interval;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    }
    await Promise.all(inFlight);
  } else {
    await Promise.all(
      Array.from({ length: options.workers ?? 6 }, async () => {
        while (!options.isOver()) await one(n++);
      }),
    );
  }
  return {
    sent,
    succeeded,
    dropped,
    outcomes: Object.fromEntries(outcomes),
    acknowledged,
    droppedSamples,
    seconds: (Date.now() - started) / 1000,
  };
}
