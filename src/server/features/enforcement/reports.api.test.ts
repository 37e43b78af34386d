import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOperator, buildReport, buildScan, buildTenant } from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { REPORT_HEAT_CELL_DEGREES, type ReportItem } from '../../../shared/contract';
import { patrolReports, patrolScans, tenants } from '../../db/schema';
import { withSystemScope } from '../../db/tenant-scope';
import { createApiKey } from './api-keys';

let t: TestApp;
const alpha = buildTenant({ subdomain: 'alpha', timezone: 'America/Chicago' });
const beta = buildTenant({ subdomain: 'beta' });
const ALPHA_REPORT = buildReport({ startDate: '2026-11-10T00:00:00Z', endDate: '2026-11-15T00:00:00Z' });
const PLATE_REPORT = buildReport({
  startDate: '2026-11-10T00:00:00Z',
  endDate: '2026-11-11T00:00:00Z',
  plate: 'REPEAT1',
});
const BETA_REPORT = buildReport();
const EMPTY_REPORT = buildReport({ startDate: '2020-01-01T00:00:00Z', endDate: '2020-01-02T00:00:00Z' });
const EDGE_REPORT = buildReport({ startDate: '2026-10-01T00:00:00Z', endDate: '2026-10-02T00:00:00Z' });
/** 60 scans, three per instant, to page through. */
const BIG_REPORT = buildReport({ startDate: '2026-09-01T00:00:00Z', endDate: '2026-09-02T00:00:00Z' });
const BIG_REPORT_SCANS = Array.from({ length: 60 }, (_, n) =>
  buildScan({
    capturedAt: new Date(Date.UTC(2026, 8, 1, 10, Math.floor(n / 3))).toISOString(),
    plate: `BIG${n}`,
  }),
);
/** A day with a scan where the officer's phone gave no position (issue 29), and one where it did. */
const NO_POSITION_REPORT = buildReport({
  startDate: '2026-07-01T00:00:00Z',
  endDate: '2026-07-02T00:00:00Z',
});
const NO_POSITION_SCANS = [
  buildScan({ capturedAt: '2026-07-01T10:00:00Z', plate: 'NOGPS1', latitude: null, longitude: null }),
  buildScan({ capturedAt: '2026-07-01T11:00:00Z', plate: 'GPS1', latitude: 41.88, longitude: -87.63 }),
];
const PASSWORD = 'Operator#2026';

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...alpha,
        scans: [
          buildScan({ capturedAt: '2026-11-09T23:59:59Z', plate: 'REPEAT1', userEmail: 'a@x.example' }),
          buildScan({ capturedAt: '2026-11-10T00:00:00Z', plate: 'IN1', userEmail: 'a@x.example' }),
          buildScan({
            capturedAt: '2026-11-12T10:00:00Z',
            plate: 'REPEAT1',
            userEmail: 'B@x.example',
            alertMessage: 'No permit',
          }),
          buildScan({
            capturedAt: '2026-11-14T10:00:00Z',
            plate: 'IN2',
            userEmail: 'b@x.example',
            alertMessage: 'Expired pass',
          }),
          buildScan({ capturedAt: '2026-11-15T00:00:00Z', plate: 'IN3', userEmail: null }),
          buildScan({ capturedAt: '2026-11-16T00:00:00Z', plate: 'REPEAT1', userEmail: 'c@x.example' }),
          ...BIG_REPORT_SCANS,
          ...NO_POSITION_SCANS,
        ],
        reports: [ALPHA_REPORT, PLATE_REPORT, EMPTY_REPORT, EDGE_REPORT, BIG_REPORT, NO_POSITION_REPORT],
        operators: [
          buildOperator({ email: 'admin@alpha.example', password: PASSWORD }),
          buildOperator({ email: 'officer@alpha.example', password: PASSWORD, role: 'enforcement' }),
        ],
      },
      { ...beta, scans: [buildScan()], reports: [BETA_REPORT] },
    ],
  });
  await insertEdgeScans();
});
afterAll(() => t.close());

const reportData = (host: string, id: string) =>
  t.request(host, { method: 'GET', url: `/api/v1/reports/${id}/data` });

const operatorToken = (email: string) => signInOperator(t, 'alpha', email, PASSWORD);

describe('GET /reports/{id}/data', () => {
  it('answers the scans inside the date range, newest first, with the totals', async () => {
    const answer = await reportData('alpha', ALPHA_REPORT.uuid!);
    expect(answer.statusCode).toBe(200);
    const { reportDetails, reportItems } = answer.json();
    expect(reportDetails).toEqual({
      startDate: '2026-11-10T00:00:00.000Z',
      endDate: '2026-11-15T00:00:00.000Z',
      plate: null,
      totalScans: 4,
      totalAlerts: 2,
      distinctPatrollers: 2,
    });
    expect(reportItems.map((item: { plate: string }) => item.plate)).toEqual([
      'IN3',
      'IN2',
      'REPEAT1',
      'IN1',
    ]);
    expect(Object.keys(reportItems[0]).sort()).toEqual(
      [
        'alertMessage',
        'capturedAt',
        'fullImageURL',
        'fullname',
        'latitude',
        'longitude',
        'plate',
        'userEmail',
      ].sort(),
    );
    expect(reportItems[0].capturedAt).toBe('2026-11-15T00:00:00.000Z');
  });

  it('with a plate, answers every scan of the plate whatever the dates', async () => {
    const { reportDetails, reportItems } = (await reportData('alpha', PLATE_REPORT.uuid!)).json();
    expect(reportItems.map((item: { capturedAt: string }) => item.capturedAt)).toEqual([
      '2026-11-16T00:00:00.000Z',
      '2026-11-12T10:00:00.000Z',
      '2026-11-09T23:59:59.000Z',
    ]);
    expect(reportDetails).toMatchObject({
      plate: 'REPEAT1',
      totalScans: 3,
      totalAlerts: 1,
      distinctPatrollers: 3,
    });
  });

  it('is a 404 for another tenant’s uuid and an unknown one, and a 400 for a malformed one', async () => {
    expect((await reportData('beta', ALPHA_REPORT.uuid!)).statusCode).toBe(404);
    expect((await reportData('alpha', BETA_REPORT.uuid!)).statusCode).toBe(404);
    expect((await reportData('beta', BETA_REPORT.uuid!)).statusCode).toBe(200);
    expect((await reportData('alpha', crypto.randomUUID())).statusCode).toBe(404);
    expect((await reportData('alpha', 'not-a-uuid')).statusCode).toBe(400);
    expect((await reportData(null as unknown as string, ALPHA_REPORT.uuid!)).statusCode).toBe(404);
  });
});

/**
 * Scans whose texts test the summary's rules at their edges: blank alerts by JavaScript's idea of
 * whitespace, and emails padded, in capitals or blank (inserted directly: the scans API and the
 * fixture format would refuse a padded email).
 */
async function insertEdgeScans() {
  const [tenant] = await withSystemScope(() =>
    t.db.select().from(tenants).where(eq(tenants.subdomain, 'alpha')),
  );
  const scan = (n: number, alertMessage: string | null, userEmail: string | null, latitude: number) => ({
    tenantId: tenant!.id,
    clientId: `edge-${n}`,
    capturedAt: new Date(Date.UTC(2026, 9, 1, 12, n)),
    plate: `EDGE${n}`,
    alertMessage,
    userEmail,
    latitude,
    // Scans 1 and 2 share a heat map cell (4 decimals of a degree).
    longitude: n <= 2 ? -73.98 : -73.98 - n / 1000,
  });
  await withSystemScope(() =>
    t.db
      .insert(patrolScans)
      .values([
        scan(1, '   ', ' Edge@X.example ', 40.75001),
        scan(2, '\u00a0\u2003\ufeff', 'edge@x.example', 40.75004),
        scan(3, ' Tow zone ', '', 40.76),
        scan(4, '\u3000No permit\n', '   ', 40.77),
        scan(5, null, null, 40.78),
        scan(6, 'Expired', 'other@x.example', 40.79),
      ]),
  );
}

const summary = (host: string, id: string) =>
  t.request(host, { method: 'GET', url: `/api/v1/reports/${id}/summary` });
const scansPage = (host: string, id: string, page?: string) =>
  t.request(host, {
    method: 'GET',
    url: `/api/v1/reports/${id}/scans${page === undefined ? '' : `?page=${encodeURIComponent(page)}`}`,
  });

const scansAfter = (host: string, id: string, after: string, page: number) =>
  t.request(host, {
    method: 'GET',
    url: `/api/v1/reports/${id}/scans?page=${page}&after=${encodeURIComponent(after)}`,
  });

describe('GET /reports/{id}/summary', () => {
  it.each([
    ['a date range', () => ALPHA_REPORT],
    ['a plate', () => PLATE_REPORT],
    ['blank alerts and padded emails', () => EDGE_REPORT],
    ['no scans', () => EMPTY_REPORT],
  ])('totals %s in the database as summariseReport does over /data', async (_label, report) => {
    const { uuid } = report();
    const data = (await reportData('alpha', uuid!)).json();
    const answer = await summary('alpha', uuid!);
    expect(answer.statusCode).toBe(200);
    const { reportDetails, heatMap, bounds, mapStyleURL } = answer.json();
    // /data totals its rows with summariseReport before it leaves the officers' emails out.
    expect(reportDetails).toEqual(data.reportDetails);
    expect(reportDetails.totalScans).toBe(data.reportItems.length);
    expect(mapStyleURL).toBeNull();
    const items = data.reportItems as ReportItem[];
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(sum(heatMap.count)).toBe(reportDetails.totalScans);
    expect(sum(heatMap.alerts)).toBe(reportDetails.totalAlerts);
    if (items.length === 0) {
      expect(bounds).toBeNull();
      expect(heatMap).toEqual({ latitude: [], longitude: [], count: [], alerts: [] });
      return;
    }
    const latitudes = items.flatMap((item) => (item.latitude === null ? [] : [item.latitude]));
    const longitudes = items.flatMap((item) => (item.longitude === null ? [] : [item.longitude]));
    expect(bounds).toEqual({
      south: Math.min(...latitudes),
      west: Math.min(...longitudes),
      north: Math.max(...latitudes),
      east: Math.max(...longitudes),
    });
    // Every scan lies in a cell of the answer, within half a cell of its centre.
    const cells = heatMap.latitude.map((latitude: number, index: number) => [
      latitude,
      heatMap.longitude[index],
    ]);
    for (const item of items) {
      if (item.latitude === null || item.longitude === null) continue;
      const { latitude: itemLatitude, longitude: itemLongitude } = item;
      expect(
        cells.some(
          ([latitude, longitude]: number[]) =>
            Math.abs(latitude! - itemLatitude) <= REPORT_HEAT_CELL_DEGREES / 2 + 1e-9 &&
            Math.abs(longitude! - itemLongitude) <= REPORT_HEAT_CELL_DEGREES / 2 + 1e-9,
        ),
      ).toBe(true);
    }
  });

  it('counts blanks as JavaScript trims them, and merges scans of one cell', async () => {
    const { reportDetails, heatMap } = (await summary('alpha', EDGE_REPORT.uuid!)).json();
    expect(reportDetails).toMatchObject({ totalScans: 6, totalAlerts: 3, distinctPatrollers: 2 });
    expect(heatMap.latitude).toHaveLength(5);
    const merged = heatMap.latitude.indexOf(40.75);
    expect(heatMap.count[merged]).toBe(2);
    expect(heatMap.alerts[merged]).toBe(0);
  });

  it('lists a scan without a position with no place, and leaves it off the heat map and the bounds', async () => {
    const data = (await reportData('alpha', NO_POSITION_REPORT.uuid!)).json();
    expect(data.reportItems).toMatchObject([
      { plate: 'GPS1', latitude: 41.88, longitude: -87.63 },
      { plate: 'NOGPS1', latitude: null, longitude: null },
    ]);
    const { reportDetails, heatMap, bounds } = (await summary('alpha', NO_POSITION_REPORT.uuid!)).json();
    expect(reportDetails.totalScans).toBe(2);
    expect(heatMap).toEqual({ latitude: [41.88], longitude: [-87.63], count: [1], alerts: [0] });
    expect(bounds).toEqual({ south: 41.88, west: -87.63, north: 41.88, east: -87.63 });
  });

  it('is a 404 for another tenant’s uuid and an unknown one, and a 400 for a malformed one', async () => {
    expect((await summary('beta', ALPHA_REPORT.uuid!)).statusCode).toBe(404);
    expect((await summary('alpha', BETA_REPORT.uuid!)).statusCode).toBe(404);
    expect((await summary('beta', BETA_REPORT.uuid!)).statusCode).toBe(200);
    expect((await summary('alpha', crypto.randomUUID())).statusCode).toBe(404);
    expect((await summary('alpha', 'not-a-uuid')).statusCode).toBe(400);
    expect((await summary(null as unknown as string, ALPHA_REPORT.uuid!)).statusCode).toBe(404);
  });
});

describe('a kept report summary (decision 165)', () => {
  it('counts scans recorded after it was first read, and stays the same while none arrive', async () => {
    const created = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/dashboard/reports',
      headers: { authorization: await operatorToken('admin@alpha.example') },
      payload: { startDate: '2026-08-03', endDate: '2026-08-03' },
    });
    const { uuid } = created.json();
    const totals = async () => (await summary('alpha', uuid)).json().reportDetails;
    expect(await totals()).toMatchObject({ totalScans: 0, totalAlerts: 0 });

    const [alphaRow] = await withSystemScope(() =>
      t.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'alpha')),
    );
    const { key } = await createApiKey(t.db, { tenantId: alphaRow!.id, name: 'Cache truck' });
    const batch = {
      scans: [
        {
          clientId: 'cache-1',
          capturedAt: '2026-08-03T15:00:00Z',
          plate: 'CACHE1',
          fullname: 'Pat Patrol',
          userEmail: 'pat@alpha.example',
          alertMessage: 'No permit',
          fullImageURL: null,
          latitude: 41.88,
          longitude: -87.63,
        },
      ],
    };
    const record = () =>
      t.request('alpha', {
        method: 'POST',
        url: '/api/v1/enforcement/scans',
        headers: { authorization: `Bearer ${key}` },
        payload: batch,
      });
    expect((await record()).json()).toMatchObject({ created: 1 });
    expect(await totals()).toMatchObject({ totalScans: 1, totalAlerts: 1, distinctPatrollers: 1 });

    // The same batch again records nothing: what was kept is still right.
    expect((await record()).json()).toMatchObject({ created: 0, duplicates: 1 });
    expect(await totals()).toMatchObject({ totalScans: 1 });
  });
});

describe('GET /reports/{id}/scans', () => {
  it('answers the first 25 scans newest first, as /data lists them, with the total', async () => {
    const data = (await reportData('alpha', ALPHA_REPORT.uuid!)).json();
    const answer = await scansPage('alpha', ALPHA_REPORT.uuid!);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      reportItems: data.reportItems,
      page: 1,
      pageSize: 25,
      total: 4,
      nextCursor: null,
    });
  });

  it('pages through a plate report and answers no scans past the last page', async () => {
    const data = (await reportData('alpha', PLATE_REPORT.uuid!)).json();
    expect((await scansPage('alpha', PLATE_REPORT.uuid!, '1')).json().reportItems).toEqual(data.reportItems);
    const past = (await scansPage('alpha', PLATE_REPORT.uuid!, '2')).json();
    expect(past).toEqual({ reportItems: [], page: 2, pageSize: 25, total: 3, nextCursor: null });
  });

  it('pages 25 at a time without overlap, ties on the same instant included', async () => {
    const data = (await reportData('alpha', BIG_REPORT.uuid!)).json();
    expect(data.reportItems).toHaveLength(60);
    const pages = await Promise.all(
      ['1', '2', '3'].map((page) => scansPage('alpha', BIG_REPORT.uuid!, page)),
    );
    const answers = pages.map((page) => page.json());
    expect(answers.map((answer) => answer.reportItems.length)).toEqual([25, 25, 10]);
    expect(answers.every((answer) => answer.total === 60)).toBe(true);
    expect(answers.flatMap((answer) => answer.reportItems)).toEqual(data.reportItems);
  });

  it('pages by cursor (keyset) to the same rows as by page number, ties included, and ends with no cursor', async () => {
    const data = (await reportData('alpha', BIG_REPORT.uuid!)).json();
    const first = (await scansPage('alpha', BIG_REPORT.uuid!, '1')).json();
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await scansAfter('alpha', BIG_REPORT.uuid!, first.nextCursor, 2)).json();
    expect(second.page).toBe(2);
    expect(second.total).toBe(60);
    // Page 2 by cursor is page 2 by number, cursor included: the round trip is exact.
    expect(second).toEqual((await scansPage('alpha', BIG_REPORT.uuid!, '2')).json());
    const third = (await scansAfter('alpha', BIG_REPORT.uuid!, second.nextCursor, 3)).json();
    expect(third.reportItems).toHaveLength(10);
    expect(third.nextCursor).toBeNull();
    expect([...first.reportItems, ...second.reportItems, ...third.reportItems]).toEqual(data.reportItems);
  });

  it('keeps scans apart that differ by microseconds, and scans of one instant by their id', async () => {
    const [tenant] = await withSystemScope(() =>
      t.db.select().from(tenants).where(eq(tenants.subdomain, 'alpha')),
    );
    const [created] = await withSystemScope(() =>
      t.db
        .insert(patrolReports)
        .values({
          tenantId: tenant!.id,
          startDate: new Date('2026-08-01T00:00:00Z'),
          endDate: new Date('2026-08-02T00:00:00Z'),
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning(),
    );
    const reportId = created!.id;
    // 30 scans within one millisecond (microseconds apart, 2 per microsecond): a millisecond cursor would skip or repeat them.
    await withSystemScope(() =>
      t.db.execute(sql`
        INSERT INTO patrol_scans (tenant_id, client_id, captured_at, plate, latitude, longitude)
        SELECT ${tenant!.id}, 'micro-' || n,
          timestamptz '2026-08-01T10:00:00.123Z' + (n / 2) * interval '1 microsecond', 'MICRO' || n, 40.7, -73.9
        FROM generate_series(1, 30) AS n`),
    );
    const data = (await reportData('alpha', reportId)).json();
    expect(data.reportItems).toHaveLength(30);
    const first = (await scansPage('alpha', reportId, '1')).json();
    const second = (await scansAfter('alpha', reportId, first.nextCursor, 2)).json();
    expect(second.nextCursor).toBeNull();
    const plates = [...first.reportItems, ...second.reportItems].map((item: ReportItem) => item.plate);
    expect(new Set(plates).size).toBe(30);
    expect(plates).toHaveLength(30);
  });

  it.each([
    'x',
    '2026-09-01T10:00:00.000000Z',
    '2026-02-31T10:00:00.000000Z~00000000-0000-4000-8000-000000000000',
    '2026-09-01T10:00:00.000Z~00000000-0000-4000-8000-000000000000',
    '2026-09-01T10:00:00.000000Z~not-a-uuid',
    '2026-09-01T10:00:00.000000Z~00000000-0000-4000-8000-000000000000~x',
  ])('refuses after=%s with a 400 naming the cursor', async (after) => {
    const answer = await scansAfter('alpha', BIG_REPORT.uuid!, after, 2);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      field: 'after',
      message: 'The page position is no longer valid: please start again from the first page.',
    });
  });

  it.each(['0', '-1', '1.5', 'two', '100001'])('refuses page=%s with a 400 naming the page', async (page) => {
    const answer = await scansPage('alpha', ALPHA_REPORT.uuid!, page);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().field).toBe('page');
    expect(answer.json().message).toMatch(/^The page number must be /);
  });

  it('is a 404 for another tenant’s uuid and an unknown one, and a 400 for a malformed one', async () => {
    expect((await scansPage('beta', ALPHA_REPORT.uuid!)).statusCode).toBe(404);
    expect((await scansPage('alpha', crypto.randomUUID())).statusCode).toBe(404);
    expect((await scansPage('alpha', 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('POST /dashboard/reports', () => {
  const create = (payload: Record<string, unknown>, authorization?: string) =>
    t.request('alpha', {
      method: 'POST',
      url: '/api/v1/dashboard/reports',
      headers: authorization ? { authorization } : {},
      payload,
    });

  it('creates a report over whole local days that opens by its uuid', async () => {
    const answer = await create(
      { startDate: '2026-11-12', endDate: '2026-11-14' },
      await operatorToken('admin@alpha.example'),
    );
    expect(answer.statusCode).toBe(200);
    const report = answer.json();
    // Chicago is UTC-6 in November.
    expect(report).toMatchObject({
      startDate: '2026-11-12T06:00:00.000Z',
      endDate: '2026-11-15T05:59:59.999Z',
      plate: null,
    });
    expect(report.reportUrl).toMatch(new RegExp(`^http://alpha\\.localhost:\\d+/reports/${report.uuid}$`));
    const data = (await reportData('alpha', report.uuid)).json();
    expect(data.reportItems.map((item: { plate: string }) => item.plate)).toEqual(['IN3', 'IN2', 'REPEAT1']);
  });

  it('normalises the plate filter', async () => {
    const answer = await create(
      { startDate: '2026-11-01', endDate: '2026-11-02', plate: ' repeat 1 ' },
      await operatorToken('admin@alpha.example'),
    );
    expect(answer.json().plate).toBe('REPEAT1');
  });

  it('lets enforcement officers create reports, and refuses anonymous callers and bad ranges', async () => {
    expect((await create({ startDate: '2026-11-12', endDate: '2026-11-14' })).statusCode).toBe(401);
    const officer = await operatorToken('officer@alpha.example');
    expect((await create({ startDate: '2026-11-12', endDate: '2026-11-14' }, officer)).statusCode).toBe(200);
    const admin = await operatorToken('admin@alpha.example');
    const reversed = await create({ startDate: '2026-11-14', endDate: '2026-11-12' }, admin);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      field: 'endDate',
      message: 'The end date must not be before the start date.',
    });
    expect((await create({ startDate: 'yesterday', endDate: '2026-11-12' }, admin)).statusCode).toBe(400);
    expect((await create({ startDate: '2024-01-01', endDate: '2026-11-12' }, admin)).statusCode).toBe(400);
  });
});
