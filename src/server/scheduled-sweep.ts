/** A running sweep: `stop` waits for a round in progress to finish. */
export interface ScheduledSweep {
  /** Runs a round now (unless one is running) and answers when it is done. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs `round` every `intervalMs` inside the server process, rounds never overlapping. Each round
 * must itself be safe to run in several processes at once (rows taken with FOR UPDATE SKIP
 * LOCKED or under an advisory lock) and take the time from the injected clock. A failing round
 * is logged and the next one runs as usual.
 */
export function startScheduledSweep(options: {
  name: string;
  intervalMs: number;
  round: () => Promise<unknown>;
  log?: { error(details: object, message: string): void };
  /** Told after each round how it went (the metrics' last run and lag). */
  onRound?: (round: { name: string; intervalMs: number; finishedAt: Date; ok: boolean }) => void;
}): ScheduledSweep {
  let isStopped = false;
  let running: Promise<void> | null = null;
  const run = () => {
    const report = (ok: boolean) =>
      options.onRound?.({ name: options.name, intervalMs: options.intervalMs, finishedAt: new Date(), ok });
    running ??= options
      .round()
      .then(() => report(true))
      .catch((err: unknown) => {
        report(false);
        options.log?.error({ err, sweep: options.name }, 'scheduled sweep failed');
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!isStopped) void run();
  }, options.intervalMs);
  timer.unref();
  return {
    runNow: run,
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
