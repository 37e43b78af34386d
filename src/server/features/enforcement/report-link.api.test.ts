import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildOperator, buildScan, buildTenant } from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import { auditLog, patrolReports } from '../../db/schema';

/**
 * A report's no-sign-in link (issue 28, finding 3): it expires (REPORT_LINK_DAYS, or the date its
 * maker chose), an operator may revoke it, and it never shows officers' emails; the console still
 * lists the report either way.
 */
let t: TestApp;
const alpha = buildTenant({ subdomain: 'link-alpha', timezone: 'America/Chicago' });
const beta = buildTenant({ subdomain: 'link-beta' });
const PASSWORD = 'Operator#2026';
const PUBLIC_CALLS = ['data', 'summary', 'scans'] as const;

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...alpha,
        scans: [
          buildScan({
            capturedAt: '2026-11-12T10:00:00Z',
            plate: 'LINK1',
            userEmail: 'officer.one@x.example',
          }),
          buildScan({
            capturedAt: '2026-11-13T10:00:00Z',
            plate: 'LINK2',
            userEmail: 'officer.two@x.example',
          }),
        ],
        operators: [buildOperator({ email: 'admin@link-alpha.example', password: PASSWORD })],
      },
      { ...beta, operators: [buildOperator({ email: 'admin@link-beta.example', password: PASSWORD })] },
    ],
  });
});
afterEach(() => t.clock.set(TEST_NOW));
afterAll(() => t.close());

async function operatorCall(host: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const authorization = await signInOperator(t, host, `admin@${host}.example`, PASSWORD);
  return t.request(host, { method, url: `/api/v1${url}`, headers: { authorization }, payload });
}

async function createReport(extra: Record<string, unknown> = {}) {
  const answer = await operatorCall('link-alpha', 'POST', '/dashboard/reports', {
    startDate: '2026-11-12',
    endDate: '2026-11-14',
    ...extra,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as { uuid: string; expiresAt: string };
}

const publicCall = (call: (typeof PUBLIC_CALLS)[number], id: string) =>
  t.request('link-alpha', { method: 'GET', url: `/api/v1/reports/${id}/${call}` });

async function publicStatuses(id: string) {
  return Promise.all(PUBLIC_CALLS.map(async (call) => (await publicCall(call, id)).statusCode));
}

async function consoleReport(id: string) {
  const list = await operatorCall('link-alpha', 'GET', '/dashboard/reports');
  return list.json().items.find((item: { uuid: string }) => item.uuid === id);
}

describe("a report's public link", () => {
  it('lasts REPORT_LINK_DAYS (30) by default, then answers 404 while the console still lists it', async () => {
    const report = await createReport();
    expect(report.expiresAt).toBe('2026-12-20T15:00:00.000Z');
    expect(await publicStatuses(report.uuid)).toEqual([200, 200, 200]);

    t.clock.advanceDays(30);
    expect(await publicStatuses(report.uuid)).toEqual([404, 404, 404]);
    expect(await consoleReport(report.uuid)).toMatchObject({ expiresAt: report.expiresAt, revokedAt: null });
  });

  it('expires at the end of the day its maker chose, in the tenant’s time zone', async () => {
    const report = await createReport({ expiresAt: '2026-11-22' });
    // Chicago is UTC-6 in November.
    expect(report.expiresAt).toBe('2026-11-23T05:59:59.999Z');
    t.clock.set('2026-11-23T05:59:00.000Z');
    expect(await publicStatuses(report.uuid)).toEqual([200, 200, 200]);
    t.clock.set('2026-11-23T06:00:00.000Z');
    expect(await publicStatuses(report.uuid)).toEqual([404, 404, 404]);
  });

  it('refuses an expiry in the past or too far ahead with a 400 and writes nothing', async () => {
    const reports = async () => (await t.db.select({ n: count() }).from(patrolReports))[0]!.n;
    const before = await reports();
    for (const expiresAt of ['2026-11-19', '2026-11-20T14:00:00Z', '2040-01-01', 'soon']) {
      const answer = await operatorCall('link-alpha', 'POST', '/dashboard/reports', {
        startDate: '2026-11-12',
        endDate: '2026-11-14',
        expiresAt,
      });
      expect(answer.statusCode, expiresAt).toBe(400);
      expect(answer.json().field).toBe('expiresAt');
    }
    expect(await reports()).toBe(before);
  });

  it('is revoked by an operator at once (audited), even with its summary kept in memory', async () => {
    const report = await createReport();
    expect(await publicStatuses(report.uuid)).toEqual([200, 200, 200]);

    const revoked = await operatorCall('link-alpha', 'DELETE', `/dashboard/reports/${report.uuid}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ uuid: report.uuid, revokedAt: TEST_NOW });
    expect(await publicStatuses(report.uuid)).toEqual([404, 404, 404]);
    expect(await consoleReport(report.uuid)).toMatchObject({ revokedAt: TEST_NOW });
    expect((await operatorCall('link-alpha', 'DELETE', `/dashboard/reports/${report.uuid}`)).statusCode).toBe(
      409,
    );

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, report.uuid));
    expect(entries.map((entry) => entry.action)).toEqual(['report.revoke']);
  });

  it("is a 404 to revoke from another tenant's console, which leaves the link open", async () => {
    const report = await createReport();
    expect((await operatorCall('link-beta', 'DELETE', `/dashboard/reports/${report.uuid}`)).statusCode).toBe(
      404,
    );
    expect(await publicStatuses(report.uuid)).toEqual([200, 200, 200]);
  });

  it("never shows officers' emails, and still counts the officers", async () => {
    const report = await createReport();
    const data = (await publicCall('data', report.uuid)).json();
    const scans = (await publicCall('scans', report.uuid)).json();
    expect(data.reportDetails.distinctPatrollers).toBe(2);
    for (const answer of [data, scans]) {
      expect(answer.reportItems).toHaveLength(2);
      expect(answer.reportItems.map((item: { userEmail: string | null }) => item.userEmail)).toEqual([
        null,
        null,
      ]);
      expect(JSON.stringify(answer)).not.toContain('x.example');
    }
  });
});
