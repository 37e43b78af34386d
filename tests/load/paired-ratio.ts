import { type RunSummary, runLoad } from './measure';
import type { BenchRequest } from './scenario';
import { median } from './stats';

/** One side of a paired comparison: a request source and the server answering it. */
export interface PairSide {
  next: () => BenchRequest;
  port: number;
  /** The server's cumulative CPU seconds (tests/load/servers.ts). */
  cpuSeconds?: () => number | null;
}

/** What one side of a round did: its rate and the CPU its server and the database spent per request. */
export interface RoundSide {
  requestsPerSecond: number;
  serverCpuMs: number | null;
  databaseCpuMs: number | null;
}

export interface PairedRatio {
  /** Median of the rounds' ratios (ours / baseline, max req/s). */
  median: number;
  rounds: { baseline: RoundSide; ours: RoundSide; ratio: number }[];
  /** Non-2xx answers and socket errors over every round, both sides: a ratio of failures is none. */
  failed: number;
  /** Median CPU ms per request over the rounds, each side's server and the database under it. */
  cpu: Record<'baseline' | 'ours', { server: number | null; database: number | null }>;
}

/**
 * Ours against a baseline in short max-throughput runs taken turn about, the ratio of each pair
 * kept. Two 10-second runs minutes apart on a shared two-core machine can differ by half from the
 * machine alone (docs/benchmarks.md); a pair a few seconds apart shares its moment, and the median
 * over rounds drops the pairs a burst of other work split.
 */
export async function measurePairedRatio(
  baseline: PairSide,
  ours: PairSide,
  options: {
    rounds: number;
    seconds: number;
    connections: number;
    databaseCpuSeconds?: () => number | null;
  },
): Promise<PairedRatio> {
  const rounds: PairedRatio['rounds'] = [];
  let failed = 0;
  const run = (side: PairSide) =>
    runLoad(side.next, {
      duration: options.seconds,
      connections: options.connections,
      port: side.port,
      serverCpuSeconds: side.cpuSeconds,
      databaseCpuSeconds: options.databaseCpuSeconds,
    });
  for (let round = 0; round < options.rounds; round += 1) {
    const base = await run(baseline);
    const our = await run(ours);
    failed += base.non2xx + base.errors + our.non2xx + our.errors;
    const ratio = base.requestsPerSecond ? our.requestsPerSecond / base.requestsPerSecond : 0;
    rounds.push({ baseline: roundSide(base), ours: roundSide(our), ratio: round3(ratio) });
  }
  const cpuOf = (side: 'baseline' | 'ours') => ({
    server: medianOf(rounds.map((round) => round[side].serverCpuMs)),
    database: medianOf(rounds.map((round) => round[side].databaseCpuMs)),
  });
  return {
    median: medianOf(rounds.map((round) => round.ratio)) ?? 0,
    rounds,
    failed,
    cpu: { baseline: cpuOf('baseline'), ours: cpuOf('ours') },
  };
}

const round3 = (value: number) => Number(value.toFixed(3));

/** The median of the values, rounded to three places; null when any is missing or there are none. */
function medianOf(values: readonly (number | null)[]): number | null {
  if (values.length === 0 || values.some((value) => value === null)) return null;
  return round3(median(values as number[]));
}

const roundSide = (run: RunSummary): RoundSide => ({
  requestsPerSecond: run.requestsPerSecond,
  serverCpuMs: run.serverCpuMsPerRequest,
  databaseCpuMs: run.databaseCpuMsPerRequest,
});
