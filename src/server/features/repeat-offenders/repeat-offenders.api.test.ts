import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildOperator, buildTenant } from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { queryRows } from '../../db/client';
import { auditLog, citations } from '../../db/schema';
import { createApiKey } from '../enforcement/api-keys';
import { parseCsv } from '../lists';

/**
 * Repeat offenders (issue 31, decision 213). The clock stands at 2026-11-20 10:00 in New York;
 * alpha flags 3 or more unpaid notices, or one unpaid for more than 60 tenant-local days.
 */
const alpha = buildTenant({
  subdomain: 'alpha',
  timezone: 'America/New_York',
  repeatOffenderNoticeCount: 3,
  repeatOffenderOverdueDays: 60,
  operators: [
    buildOperator({ email: 'admin@alpha.example' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
  citations: [
    // REPEAT1: three unpaid (one past its late tier, one with an override), one paid, one void.
    buildCitation({
      citationNumber: 'R1A',
      plate: 'REPEAT1',
      amount: 5000,
      createdOn: '2026-11-18T14:00:00Z',
    }),
    buildCitation({
      citationNumber: 'R1B',
      plate: 'REPEAT1',
      amount: 3000,
      lateDays1: 10,
      lateAmount1: 1500,
      createdOn: '2026-11-01T14:00:00Z',
    }),
    buildCitation({
      citationNumber: 'R1C',
      plate: 'REPEAT1',
      amount: 2000,
      amountOverride: 1000,
      stateProv: '=HYPERLINK("http://x.example")',
      createdOn: '2026-11-19T14:00:00Z',
    }),
    buildCitation({
      citationNumber: 'R1PAID',
      plate: 'REPEAT1',
      paymentStatus: 'Paid',
      datePaid: '2026-11-19T15:00:00Z',
    }),
    buildCitation({
      citationNumber: 'R1VOID',
      plate: 'REPEAT1',
      paymentStatus: 'Void',
      voidDate: '2026-11-19T15:00:00Z',
    }),
    // Two unpaid and recent: not a repeat offender by either test.
    buildCitation({
      citationNumber: 'T2A',
      plate: 'TWOONLY',
      amount: 4000,
      createdOn: '2026-11-15T14:00:00Z',
    }),
    buildCitation({
      citationNumber: 'T2B',
      plate: 'TWOONLY',
      amount: 4000,
      createdOn: '2026-11-16T14:00:00Z',
    }),
    // One notice 61 tenant-local days old (Sep 20): flagged; one 60 days old (Sep 21): not.
    buildCitation({
      citationNumber: 'OLD61',
      plate: 'OLDONE',
      amount: 7500,
      createdOn: '2026-09-20T15:00:00Z',
    }),
    buildCitation({
      citationNumber: 'OLD60',
      plate: 'EDGE60',
      amount: 7500,
      createdOn: '2026-09-21T12:00:00Z',
    }),
    // 03:00 UTC on Sep 21 is 23:00 on Sep 20 in New York: 61 days there, 60 by UTC's calendar.
    buildCitation({
      citationNumber: 'EVE61',
      plate: 'LATEEVE',
      amount: 2500,
      createdOn: '2026-09-21T03:00:00Z',
    }),
  ],
});
// Beta does not flag repeat offenders; its REPEAT1 has five unpaid notices of its own.
const beta = buildTenant({
  subdomain: 'beta',
  operators: [buildOperator({ email: 'admin@beta.example' })],
  citations: ['B1', 'B2', 'B3', 'B4', 'B5'].map((citationNumber) =>
    buildCitation({ citationNumber, plate: 'REPEAT1', amount: 1000 }),
  ),
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens = { admin: '', officer: '', betaAdmin: '' };
const keys = { alpha: '', beta: '' };
beforeAll(async () => {
  tokens.admin = await signInOperator(t, 'alpha', 'admin@alpha.example');
  tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
  tokens.betaAdmin = await signInOperator(t, 'beta', 'admin@beta.example');
  keys.alpha = `Bearer ${(await createApiKey(t.db, { tenantId: alpha.uuid, name: 'Truck 1' })).key}`;
  keys.beta = `Bearer ${(await createApiKey(t.db, { tenantId: beta.uuid, name: 'Beta truck' })).key}`;
});

const get = (subdomain: string, url: string, authorization: string) =>
  t.request(subdomain, { method: 'GET', url: `/api/v1${url}`, headers: { authorization } });
const checkPlate = (plate: string, key = keys.alpha, subdomain = 'alpha') =>
  get(subdomain, `/enforcement/plates/${encodeURIComponent(plate)}`, key);
const list = (query = '', authorization = tokens.admin, subdomain = 'alpha') =>
  get(subdomain, `/dashboard/repeat-offenders${query}`, authorization);
const standing = (plate: string, authorization = tokens.admin, subdomain = 'alpha') =>
  get(subdomain, `/dashboard/repeat-offenders/standing?plate=${encodeURIComponent(plate)}`, authorization);

async function setRule(rule: { repeatOffenderNoticeCount?: unknown; repeatOffenderOverdueDays?: unknown }) {
  const current = (await get('alpha', '/dashboard/settings', tokens.admin)).json();
  const { logoVersion: _v, serviceFeeCents: _f, subdomain: _s, ...body } = current;
  return t.request('alpha', {
    method: 'PUT',
    url: '/api/v1/dashboard/settings',
    headers: { authorization: tokens.admin },
    payload: { ...body, ...rule },
  });
}

describe('the patrol plate check', () => {
  it('says a plate with 3 unpaid notices is a repeat offender, counting paid and void ones out', async () => {
    const answer = await checkPlate('repeat-1');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      plate: 'REPEAT1',
      isRepeatOffender: true,
      repeatOffenderMessage: 'Repeat offender: 3 unpaid notices.',
      unpaidNoticeCount: 3,
      // 50.00 + (30.00 + the 15.00 tier reached after 10 days) + the 10.00 override.
      unpaidTotal: 10_500,
      oldestUnpaidOn: '2026-11-01T14:00:00.000Z',
      oldestUnpaidDays: 19,
    });
  });

  it('does not flag two recent unpaid notices, nor a plate without notices', async () => {
    expect((await checkPlate('TWOONLY')).json()).toMatchObject({
      isRepeatOffender: false,
      repeatOffenderMessage: null,
      unpaidNoticeCount: 2,
      unpaidTotal: 8000,
      oldestUnpaidDays: 5,
    });
    expect((await checkPlate('NOBODY9')).json()).toMatchObject({
      isRepeatOffender: false,
      repeatOffenderMessage: null,
      unpaidNoticeCount: 0,
      unpaidTotal: 0,
      oldestUnpaidOn: null,
      oldestUnpaidDays: null,
    });
  });

  it('flags one notice unpaid for more than 60 tenant-local days, not one of exactly 60', async () => {
    expect((await checkPlate('OLDONE')).json()).toMatchObject({
      isRepeatOffender: true,
      repeatOffenderMessage: 'Repeat offender: a notice unpaid for 61 days.',
      oldestUnpaidDays: 61,
    });
    expect((await checkPlate('EDGE60')).json()).toMatchObject({
      isRepeatOffender: false,
      oldestUnpaidDays: 60,
    });
    // Late on Sep 20 in New York, already Sep 21 in UTC: the tenant's calendar decides.
    expect((await checkPlate('LATEEVE')).json()).toMatchObject({
      isRepeatOffender: true,
      oldestUnpaidDays: 61,
    });
  });

  it("reads the key's own tenant only: beta's five notices on the same plate are not flagged", async () => {
    const answer = await checkPlate('REPEAT1', keys.beta, 'beta');
    expect(answer.json()).toMatchObject({ isRepeatOffender: false, unpaidNoticeCount: 5, unpaidTotal: 5000 });
    const alphaAnswer = await checkPlate('REPEAT1');
    expect(alphaAnswer.json()).toMatchObject({ isRepeatOffender: true, unpaidNoticeCount: 3 });
  });
});

describe('GET /dashboard/repeat-offenders', () => {
  it('lists the flagged plates, most unpaid notices first, then the longest unpaid', async () => {
    const answer = await list();
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.rule).toEqual({ repeatOffenderNoticeCount: 3, repeatOffenderOverdueDays: 60 });
    expect(body.total).toBe(3);
    expect(body.items.map((item: { plate: string }) => item.plate)).toEqual(['REPEAT1', 'OLDONE', 'LATEEVE']);
    expect(body.items[0]).toMatchObject({
      plate: 'REPEAT1',
      stateProv: '=HYPERLINK("http://x.example")',
      unpaidNoticeCount: 3,
      unpaidTotal: 10_500,
      newestUnpaidOn: '2026-11-19T14:00:00.000Z',
      repeatOffenderMessage: 'Repeat offender: 3 unpaid notices.',
    });
    expect(body.items[1]).toMatchObject({ unpaidTotal: 7500, oldestUnpaidDays: 61 });
  });

  it('pages, with the total over all pages', async () => {
    const body = (await list('?page=2&pageSize=1')).json();
    expect(body).toMatchObject({ page: 2, pageSize: 1, total: 3 });
    expect(body.items.map((item: { plate: string }) => item.plate)).toEqual(['OLDONE']);
    expect((await list('?page=9&pageSize=1')).json().items).toEqual([]);
  });

  it('refuses a bad page with a sentence, not a 500', async () => {
    for (const query of ['?pageSize=0', '?pageSize=5000', '?page=abc']) {
      const answer = await list(query);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/page/i);
    }
  });

  it("serves every operator role of the tenant, and none of another tenant's", async () => {
    expect((await list('', tokens.officer)).statusCode).toBe(200);
    // Beta's operator on alpha's host: the wall, not alpha's plates.
    const across = await list('', tokens.betaAdmin, 'alpha');
    expect([401, 403, 404]).toContain(across.statusCode);
    expect(across.body).not.toContain('REPEAT1');
    // On beta's own host, beta's list: empty, its rule is off.
    const own = (await list('', tokens.betaAdmin, 'beta')).json();
    expect(own).toMatchObject({ total: 0, items: [] });
    expect(own.rule).toEqual({ repeatOffenderNoticeCount: null, repeatOffenderOverdueDays: null });
    expect(
      (await t.request('alpha', { method: 'GET', url: '/api/v1/dashboard/repeat-offenders' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /dashboard/repeat-offenders/standing?plate=', () => {
  it('looks one plate up in canonical form, with the rule', async () => {
    const answer = await standing('repeat 1');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      plate: 'REPEAT1',
      rule: { repeatOffenderNoticeCount: 3, repeatOffenderOverdueDays: 60 },
      isRepeatOffender: true,
      unpaidNoticeCount: 3,
      unpaidTotal: 10_500,
    });
  });

  it("answers beta's own plate to beta, never alpha's", async () => {
    const across = await standing('REPEAT1', tokens.betaAdmin, 'alpha');
    expect([401, 403, 404]).toContain(across.statusCode);
    const own = (await standing('REPEAT1', tokens.betaAdmin, 'beta')).json();
    expect(own).toMatchObject({ isRepeatOffender: false, unpaidNoticeCount: 5 });
  });

  it('refuses a plate that is not one, or none, with a sentence', async () => {
    for (const plate of ['!!!', '']) {
      const answer = await standing(plate);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/plate/i);
    }
  });
});

describe('GET /dashboard/repeat-offenders/export', () => {
  it('exports every flagged plate as CSV, a formula in a cell kept as text', async () => {
    const answer = await get('alpha', '/dashboard/repeat-offenders/export', tokens.admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['content-disposition']).toMatch(/repeat-offenders-alpha-2026-11-20\.csv/);
    const { records } = parseCsv(answer.body);
    expect(records.map((record) => record.fields)).toEqual([
      [
        'plate',
        'stateProv',
        'unpaidNotices',
        'totalOwed',
        'oldestUnpaidOn',
        'daysUnpaid',
        'newestUnpaidOn',
        'reason',
      ],
      [
        'REPEAT1',
        `'=HYPERLINK("http://x.example")`,
        '3',
        '105.00',
        '2026-11-01T14:00:00.000Z',
        '19',
        '2026-11-19T14:00:00.000Z',
        'Repeat offender: 3 unpaid notices.',
      ],
      expect.arrayContaining(['OLDONE', '75.00', '61']),
      expect.arrayContaining(['LATEEVE', '25.00', '61']),
    ]);
    const across = await get('alpha', '/dashboard/repeat-offenders/export', tokens.betaAdmin);
    expect([401, 403, 404]).toContain(across.statusCode);
    expect(across.body).not.toContain('REPEAT1');
  });
});

describe('the rule follows the notices and the settings', () => {
  it('takes a plate off once one of its notices is paid', async () => {
    await t.db
      .update(citations)
      .set({ paymentStatus: 'Paid', datePaid: new Date('2026-11-20T14:00:00Z') })
      .where(eq(citations.citationNumber, 'R1A'));
    expect((await checkPlate('REPEAT1')).json()).toMatchObject({
      isRepeatOffender: false,
      unpaidNoticeCount: 2,
    });
    expect((await list()).json().items.map((item: { plate: string }) => item.plate)).not.toContain('REPEAT1');
    await t.db
      .update(citations)
      .set({ paymentStatus: 'Open', datePaid: null })
      .where(eq(citations.citationNumber, 'R1A'));
  });

  it('flags more plates as the clock moves past 60 days', async () => {
    t.clock.set('2026-11-21T15:00:00Z');
    try {
      expect((await checkPlate('EDGE60')).json()).toMatchObject({
        isRepeatOffender: true,
        oldestUnpaidDays: 61,
      });
      // A day on, the morning's session has ended: sign in again.
      const token = await signInOperator(t, 'alpha', 'admin@alpha.example');
      expect((await list('', token)).json().total).toBe(4);
    } finally {
      t.clock.set('2026-11-20T15:00:00Z');
    }
  });

  it('is edited in the console settings, audited, and off when both tests are empty', async () => {
    const lower = await setRule({ repeatOffenderNoticeCount: 2, repeatOffenderOverdueDays: null });
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toMatchObject({ repeatOffenderNoticeCount: 2, repeatOffenderOverdueDays: null });
    expect((await checkPlate('TWOONLY')).json().repeatOffenderMessage).toBe(
      'Repeat offender: 2 unpaid notices.',
    );
    expect((await list()).json().items.map((item: { plate: string }) => item.plate)).toEqual([
      'REPEAT1',
      'TWOONLY',
    ]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audits.at(-1)?.after).toMatchObject({
      repeatOffenderNoticeCount: 2,
      repeatOffenderOverdueDays: null,
    });

    const off = await setRule({ repeatOffenderNoticeCount: null, repeatOffenderOverdueDays: null });
    expect(off.statusCode).toBe(200);
    expect((await list()).json()).toMatchObject({ total: 0, items: [] });
    expect((await checkPlate('REPEAT1')).json()).toMatchObject({
      isRepeatOffender: false,
      unpaidNoticeCount: 3,
    });

    // Absent: unchanged (older clients keep working).
    const kept = await setRule({});
    expect(kept.json()).toMatchObject({ repeatOffenderNoticeCount: null, repeatOffenderOverdueDays: null });
    await setRule({ repeatOffenderNoticeCount: 3, repeatOffenderOverdueDays: 60 });
  });

  it('refuses a rule out of range with a sentence, changing nothing', async () => {
    for (const rule of [
      { repeatOffenderNoticeCount: 0 },
      { repeatOffenderNoticeCount: 1.5 },
      { repeatOffenderOverdueDays: 4000 },
      { repeatOffenderOverdueDays: 'soon' },
    ]) {
      const answer = await setRule(rule);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/repeatOffender|must be/);
    }
    const [row] = await queryRows<{ n: number | null }>(
      t.db,
      sql`SELECT repeat_offender_notice_count AS n FROM tenants WHERE subdomain = 'alpha'`,
    );
    expect(row?.n).toBe(3);
  });
});
