import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { enqueueEmail, readOutboxBacklog } from '../features/mail/outbox';
import { startScheduledSweep } from '../scheduled-sweep';
import { startMetricsServer } from './metrics-server';

const alpha = buildTenant({
  subdomain: 'alpha',
  citations: [buildCitation({ citationNumber: 'MET1', plate: 'MET1PLATE', amount: 4000 })],
});

/** The metrics as Prometheus reads them: each sample's name and labels. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
      );
      return { name: match[1] as string, labels: labels as Record<string, string>, value: Number(match[3]) };
    });
}

describe('the metrics', () => {
  const t = useTestApp({
    seed: { tenants: [alpha] },
    env: { PLATE_SUGGESTIONS_RATE_LIMIT_PER_CLIENT: '1' },
  });
  let server: Awaited<ReturnType<typeof startMetricsServer>>;
  let scrape: () => Promise<string>;
  beforeAll(async () => {
    t.app.metrics.watchOutbox(() => readOutboxBacklog(t.db));
    server = await startMetricsServer({ registry: t.app.metrics.registry, port: 0, host: '127.0.0.1' });
    scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      return response.text();
    };
  });
  afterAll(() => server.close());

  it('count requests by route pattern and status class, never by path, plate or tenant', async () => {
    const citationId = (await t.db.query.citations.findFirst())?.id as string;
    await t.request('alpha', { method: 'GET', url: `/api/v1/portal/citation/${citationId}` });
    await t.request('alpha', { method: 'GET', url: '/api/v1/portal/citation/p/MET1PLATE/n/blank/o/alpha' });
    await t.request('alpha', { method: 'GET', url: '/api/v1/no/such/call/MET1PLATE' });
    const all = samples(await scrape());
    const requests = all.filter((sample) => sample.name === 'portal_http_requests_total');
    expect(requests.length).toBeGreaterThan(0);
    for (const sample of requests) {
      expect(Object.keys(sample.labels).sort()).toEqual(['method', 'route', 'status_class']);
      expect(sample.labels.status_class).toMatch(/^[1-5]xx$/);
    }
    const routes = requests.map((sample) => sample.labels.route);
    expect(routes).toContain('/api/v1/portal/citation/:uuid');
    expect(routes).toContain('/api/v1/portal/citation/p/:plate/n/:number/o/:subdomain');
    expect(routes).toContain('unmatched');
    // No label anywhere holds an id, a plate, a tenant's name or a raw path.
    const labelValues = all.flatMap((sample) => Object.values(sample.labels)).join(' ');
    for (const secret of [citationId, 'MET1PLATE', 'alpha', alpha.uuid, '/no/such']) {
      expect(labelValues).not.toContain(secret);
    }
    expect(all.some((sample) => sample.name === 'portal_http_request_duration_seconds_bucket')).toBe(true);
  });

  it('count rate-limit refusals by the limit’s name', async () => {
    const search = { method: 'GET' as const, url: '/api/v1/portal/citation/suggest/p/NOSUCH/o/alpha' };
    let refused = 0;
    for (let i = 0; i < 4; i++) if ((await t.request('alpha', search)).statusCode === 429) refused++;
    const counted = samples(await scrape()).filter(
      (sample) => sample.name === 'portal_rate_limit_refusals_total',
    );
    expect(refused).toBeGreaterThan(0);
    expect(counted.reduce((sum, sample) => sum + sample.value, 0)).toBe(refused);
    for (const sample of counted) expect(Object.keys(sample.labels)).toEqual(['limit']);
  });

  it('show the outbox backlog and the age of its oldest email', async () => {
    const queuedAt = new Date(Date.now() - 90_000);
    await enqueueEmail(t.db, {
      tenantId: alpha.uuid,
      to: 'backlog@example.com',
      email: { subject: 'S', heading: 'H', paragraphs: [] },
      now: queuedAt,
    });
    const all = samples(await scrape());
    const pending = all.find((sample) => sample.name === 'portal_outbox_pending_emails');
    const age = all.find((sample) => sample.name === 'portal_outbox_oldest_pending_age_seconds');
    expect(pending?.value).toBeGreaterThanOrEqual(1);
    expect(age?.value).toBeGreaterThanOrEqual(89);
  });

  it('show each scheduled sweep’s last run, lag and failures', async () => {
    let fail = false;
    const sweep = startScheduledSweep({
      name: 'test-sweep',
      intervalMs: 3_600_000,
      round: async () => {
        if (fail) throw new Error('round failed');
      },
      onRound: t.app.metrics.sweepRound,
    });
    await sweep.runNow();
    fail = true;
    await sweep.runNow();
    await sweep.stop();
    const all = samples(await scrape()).filter((sample) => sample.labels.sweep === 'test-sweep');
    const byName = Object.fromEntries(all.map((sample) => [sample.name, sample.value]));
    expect(byName.portal_sweep_last_run_timestamp_seconds).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(byName.portal_sweep_lag_seconds).toBe(0);
    expect(byName.portal_sweep_failures_total).toBe(1);
  });

  it('show the pool gauges it is given, and the payment events counter', async () => {
    t.app.metrics.watchPool(() => ({ total: 7, idle: 3, waiting: 2 }));
    const all = samples(await scrape());
    const pool = Object.fromEntries(
      all
        .filter((sample) => sample.name === 'portal_db_pool_connections')
        .map((s) => [s.labels.state, s.value]),
    );
    expect(pool).toEqual({ in_use: 4, idle: 3, waiting: 2 });
    expect(await scrape()).toContain('# TYPE portal_payment_events_total counter');
  });

  it('are served on their own port only: the public app has no /metrics', async () => {
    const onPublicPort = await t.request(null, { method: 'GET', url: '/metrics' });
    expect(onPublicPort.body).not.toContain('portal_http_requests_total');
    const other = await fetch(`http://127.0.0.1:${server.port}/other`);
    expect(other.status).toBe(404);
  });
});

describe('the request id', () => {
  const t = useTestApp({ seed: { tenants: [buildTenant({ subdomain: 'beta' })] } });

  it('is answered in X-Request-Id, a fresh one per request, and a client’s own is ignored', async () => {
    const first = await t.request('beta', { method: 'GET', url: '/api/v1/portal/brand/beta' });
    const second = await t.request('beta', {
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'client-chosen-id-123' },
    });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });
});

describe('the request id behind a trusted proxy', () => {
  const t = useTestApp({ env: { TRUST_PROXY: '1' } });

  it('is the proxy’s when it sends a plain one, and a fresh one when it sends something else', async () => {
    const kept = await t.request(null, {
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-4f2a9c1e' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-4f2a9c1e');
    const refused = await t.request(null, {
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\twith "quotes"' },
    });
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
