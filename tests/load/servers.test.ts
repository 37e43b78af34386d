import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { databaseBackendsCpu, portalBenchEnv, readCpuSeconds } from './servers';

describe('readCpuSeconds', () => {
  it.runIf(existsSync('/proc/self/stat'))('reads the same CPU time that the process reports itself', () => {
    const usage = process.cpuUsage();
    const read = readCpuSeconds(process.pid);
    // /proc counts in 10 ms ticks; a wrong field would be off by far more than a few ticks.
    expect(read).not.toBeNull();
    expect(Math.abs(read! - (usage.user + usage.system) / 1e6)).toBeLessThan(0.05);
  });

  it('answers null without a process', () => {
    expect(readCpuSeconds(undefined)).toBeNull();
    expect(readCpuSeconds(2 ** 30)).toBeNull();
  });
});

describe('databaseBackendsCpu', () => {
  // The bench's database runs on this machine; CI's DATABASE_URL points at the local server too.
  it.runIf(existsSync('/proc/self/stat') && process.env.DATABASE_URL)(
    "counts the CPU a query costs its database's backend, and keeps it once the connection has closed",
    async () => {
      const url = new URL(process.env.DATABASE_URL!);
      const readCpu = databaseBackendsCpu(url.pathname.slice(1) || 'postgres');
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const before = readCpu();
      let during: number | null = null;
      try {
        // Half a second or so of the backend's CPU, none of it in this process.
        await client.query('SELECT count(*) FROM generate_series(1, 5000000)');
        during = readCpu();
      } finally {
        await client.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = readCpu();
      expect(before).not.toBeNull();
      expect(during! - before!).toBeGreaterThan(0.1);
      // The backend has gone: the time it was last seen with still counts.
      expect(after).toBeGreaterThanOrEqual(during!);
    },
  );
});

describe('portalBenchEnv', () => {
  const databaseUrl = 'postgres://postgres@127.0.0.1:5432/portal_bench';

  it('is a production configuration the portal accepts with no setting made by hand', () => {
    const config = loadConfig(portalBenchEnv({ databaseUrl, port: 4321 }));
    expect(config.NODE_ENV).toBe('production');
    expect(config.DATABASE_URL).toBe(databaseUrl);
    expect(config.PORT).toBe(4321);
    expect(config.PAYMENTS_PROVIDER).toBe('sandbox');
  });

  it('signs with a fresh random key on every run and allows only the offline adapters', () => {
    const first = portalBenchEnv({ databaseUrl, port: 1 });
    const second = portalBenchEnv({ databaseUrl, port: 1 });
    expect(first.JWT_SECRET!.length).toBeGreaterThanOrEqual(32);
    expect(first.JWT_SECRET).not.toBe(second.JWT_SECRET);
    expect(first).toMatchObject({
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_DEV_OUTBOX: 'true',
      ALLOW_LOCAL_STORAGE: 'true',
    });
  });
});
