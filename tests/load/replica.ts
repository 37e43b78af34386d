// The notice lookup with and without a replica (READ_DATABASE_URL, decision 221): a primary and
// its synchronous streaming standby made in a temporary folder (as the chaos failover round makes
// them), the data set generated on the primary, then the lookup's max throughput with every read
// on the primary and with its reads on the standby. On one machine both clusters share the same
// cores, so this shows what the replica path costs, not the capacity a second server would add.
import pg from 'pg';
import { type PostgresPair, startPostgresPair } from '../support/postgres-pair';
import { datasetWithNotices, prepareDataset } from './dataset';
import { checkSample, type RunSummary, runLoad } from './measure';
import { noticeLookupScenario } from './scenarios/notice-lookup';
import { startPortal } from './servers';

/** Generating the data set on a fresh cluster takes a while: the comparison uses at most this many. */
export const REPLICA_NOTICES_MAX = 100_000;

export interface ReplicaFigures {
  notices: number;
  reads: 'primary' | 'replica';
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

export type ReplicaMeasurement = { figures: ReplicaFigures[] } | { skipped: string };

/** Until the standby has replayed everything the primary has written (the data set included). */
async function waitForReplay(pair: PostgresPair, timeoutMs = 120_000): Promise<void> {
  const query = async (port: number, text: string) => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await client.connect();
    try {
      return (await client.query<{ lsn: string }>(text)).rows[0]?.lsn ?? '';
    } finally {
      await client.end();
    }
  };
  const target = await query(pair.primaryPort, 'SELECT pg_current_wal_lsn()::text AS lsn');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const replayed = await query(
      pair.standbyPort,
      `SELECT (pg_last_wal_replay_lsn() >= '${target}'::pg_lsn)::text AS lsn`,
    );
    if (replayed === 'true') return;
    if (Date.now() > deadline) throw new Error('The standby did not replay the data set in time.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function measureReplica(options: {
  notices: number;
  duration: number;
  connections: number;
  log: (line: string) => void;
}): Promise<ReplicaMeasurement> {
  let pair: PostgresPair;
  try {
    pair = await startPostgresPair();
  } catch (error) {
    return { skipped: `no standby could be made here (${(error as Error).message.split('\n')[0]})` };
  }
  try {
    const notices = Math.min(options.notices, REPLICA_NOTICES_MAX);
    const dataset = await prepareDataset({
      serverUrl: `postgres://postgres@127.0.0.1:${pair.primaryPort}/postgres`,
      database: 'portal_bench_replica',
      shape: datasetWithNotices(notices),
      fresh: true,
      log: options.log,
    });
    await waitForReplay(pair);
    const replicaUrl = dataset.databaseUrl.replace(`:${pair.primaryPort}/`, `:${pair.standbyPort}/`);
    const sample = new pg.Client({ connectionString: dataset.databaseUrl });
    await sample.connect();
    const next = await noticeLookupScenario.prepare({ db: sample }).finally(() => sample.end());
    const figures: ReplicaFigures[] = [];
    for (const reads of ['primary', 'replica'] as const) {
      const portal = await startPortal(dataset.databaseUrl, {
        env: reads === 'replica' ? { READ_DATABASE_URL: replicaUrl } : {},
      });
      try {
        const problem = await checkSample(next, portal.port, noticeLookupScenario.check);
        if (problem) throw new Error(`With reads on the ${reads} the lookup answers wrongly: ${problem}`);
        const base = { port: portal.port, connections: options.connections };
        await runLoad(next, { ...base, duration: Math.min(3, options.duration) });
        const run: RunSummary = await runLoad(next, { ...base, duration: options.duration });
        figures.push({
          notices: dataset.notices,
          reads,
          requestsPerSecond: run.requestsPerSecond,
          p50: run.p50,
          p99: run.p99,
          failed: run.non2xx + run.errors,
        });
        options.log(`    reads on the ${reads}: ${run.requestsPerSecond} req/s`);
      } finally {
        await portal.stop();
      }
    }
    return { figures };
  } finally {
    pair.stop();
  }
}
