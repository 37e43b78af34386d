import { runLoad } from './measure';
import type { BenchRequest } from './scenario';
import { percentile } from './stats';

/** One side of a paired comparison: a request source and the server answering it. */
export interface PairSide {
  next: () => BenchRequest;
  port: number;
}

export interface PairedRatio {
  /** Median of the rounds' ratios (ours / baseline, max req/s). */
  median: number;
  rounds: { baseline: number; ours: number; ratio: number }[];
  /** Non-2xx answers and socket errors over every round, both sides: a ratio of failures is none. */
  failed: number;
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
  options: { rounds: number; seconds: number; connections: number },
): Promise<PairedRatio> {
  const rounds: PairedRatio['rounds'] = [];
  let failed = 0;
  for (let round = 0; round < options.rounds; round += 1) {
    const settings = { duration: options.seconds, connections: options.connections };
    const base = await runLoad(baseline.next, { ...settings, port: baseline.port });
    const our = await runLoad(ours.next, { ...settings, port: ours.port });
    failed += base.non2xx + base.errors + our.non2xx + our.errors;
    const ratio = base.requestsPerSecond ? our.requestsPerSecond / base.requestsPerSecond : 0;
    rounds.push({ baseline: base.requestsPerSecond, ours: our.requestsPerSecond, ratio: round3(ratio) });
  }
  const ratios = Float64Array.from(rounds.map((round) => round.ratio)).sort();
  return { median: round3(percentile(ratios, 50)), rounds, failed };
}

const round3 = (value: number) => Number(value.toFixed(3));
