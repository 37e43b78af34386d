import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOperator, buildReport, buildScan, buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { reportItemAt } from '../../../shared/contract';

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
        ],
        reports: [ALPHA_REPORT, PLATE_REPORT, EMPTY_REPORT],
        operators: [
          buildOperator({ email: 'admin@alpha.example', password: PASSWORD }),
          buildOperator({ email: 'officer@alpha.example', password: PASSWORD, role: 'enforcement' }),
        ],
      },
      { ...beta, scans: [buildScan()], reports: [BETA_REPORT] },
    ],
  });
});
afterAll(() => t.close());

const reportData = (host: string, id: string) =>
  t.request(host, { method: 'GET', url: `/api/v1/reports/${id}/data` });

async function operatorToken(email: string) {
  const answer = await t.request('alpha', {
    method: 'POST',
    url: '/api/v1/dashboard/auth/login',
    payload: { email, password: PASSWORD },
  });
  return `Bearer ${answer.json().jwtToken}`;
}

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

describe('GET /reports/{id}/data/columns', () => {
  it('holds the same report in columns, decoded item by item', async () => {
    const spec = (await reportData('alpha', ALPHA_REPORT.uuid!)).json();
    const answer = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/reports/${ALPHA_REPORT.uuid}/data/columns`,
    });
    expect(answer.statusCode).toBe(200);
    const columns = answer.json();
    expect(columns.reportDetails).toEqual(spec.reportDetails);
    expect(columns.reportItems.plate).toHaveLength(spec.reportItems.length);
    expect(spec.reportItems.map((_: unknown, index: number) => reportItemAt(columns, index))).toEqual(
      spec.reportItems,
    );
    // Repeated texts are stored once.
    expect(columns.dictionary.filter((text: string) => text === 'a@x.example')).toHaveLength(1);
  });

  it.each([
    ['a plate report', PLATE_REPORT],
    ['a report with no scans', EMPTY_REPORT],
  ])('holds %s in columns too', async (_label, report) => {
    const spec = (await reportData('alpha', report.uuid!)).json();
    const columns = (
      await t.request('alpha', { method: 'GET', url: `/api/v1/reports/${report.uuid}/data/columns` })
    ).json();
    expect(columns.reportDetails).toEqual(spec.reportDetails);
    expect(spec.reportItems.map((_: unknown, index: number) => reportItemAt(columns, index))).toEqual(
      spec.reportItems,
    );
    expect(columns.reportItems.capturedAt).toHaveLength(spec.reportItems.length);
    expect(columns.mapStyleURL).toBeNull();
  });

  it('is a 404 for another tenant’s uuid', async () => {
    const answer = await t.request('beta', {
      method: 'GET',
      url: `/api/v1/reports/${ALPHA_REPORT.uuid}/data/columns`,
    });
    expect(answer.statusCode).toBe(404);
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
    expect(reversed.json().message).toContain('endDate');
    expect((await create({ startDate: 'yesterday', endDate: '2026-11-12' }, admin)).statusCode).toBe(400);
    expect((await create({ startDate: '2024-01-01', endDate: '2026-11-12' }, admin)).statusCode).toBe(400);
  });
});
