import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buildCitation,
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { signIn, signInOperator } from '../../../../tests/support/sessions';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { answerFromSnapshot } from '../../../shared/rules';
import { queryRows } from '../../db/client';

/**
 * The patrol app's calls (issue 29, decision 194): an officer's (or admin's) sign-in token is
 * accepted by the enforcement calls as a device's API key is, on the officer's tenant's host only,
 * and the snapshot of covered plates for checking offline names no plate.
 */
const PRODUCT = 'Resident';
const LATER_PRODUCT = 'Night owl';
const MAX_AGE_MINUTES = 90;
const alpha = buildTenant({
  subdomain: 'alpha',
  // Two unpaid notices make a repeat offender (issue 31): OWES1 is one.
  repeatOffenderNoticeCount: 2,
  citationCodes: [{ name: 'EXPIRED METER', amount: 4500 }],
  products: [buildProduct({ name: PRODUCT }), buildProduct({ name: LATER_PRODUCT })],
  passes: [
    buildPass(PRODUCT, {
      issuedOn: '2026-11-20T08:00:00Z',
      expiresAt: '2026-11-21T08:00:00Z',
      vehicle: buildVehicle({ plate: 'COV 123' }),
    }),
    // Starts inside the snapshot's window (15:00 + 90 min), and one after it.
    buildPass(LATER_PRODUCT, {
      issuedOn: '2026-11-20T16:00:00Z',
      expiresAt: '2026-11-21T06:00:00Z',
      vehicle: buildVehicle({ plate: 'SOON1' }),
    }),
    buildPass(LATER_PRODUCT, {
      issuedOn: '2026-11-20T17:00:00Z',
      expiresAt: '2026-11-21T06:00:00Z',
      vehicle: buildVehicle({ plate: 'LATER1' }),
    }),
    buildPass(PRODUCT, {
      issuedOn: '2026-11-01T08:00:00Z',
      expiresAt: '2026-11-10T08:00:00Z',
      vehicle: buildVehicle({ plate: 'OVER1' }),
    }),
    buildPass(PRODUCT, { paidStatus: 'waiting', vehicle: buildVehicle({ plate: 'WAIT1' }) }),
  ],
  citations: [
    buildCitation({ plate: 'OWES1', citationNumber: 'NOTICESECRET1', citationName: 'EXPIRED METER' }),
    buildCitation({ plate: 'OWES1', citationNumber: 'NOTICESECRET2', citationName: 'EXPIRED METER' }),
    buildCitation({
      plate: 'PAIDUP1',
      citationNumber: 'PAIDSECRET',
      paymentStatus: 'Paid',
      datePaid: TEST_NOW,
    }),
  ],
  operators: [
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
    buildOperator({ email: 'admin@alpha.example', role: 'tenant_admin' }),
    buildOperator({ email: 'staff@alpha.example', role: 'staff' }),
  ],
  customers: [buildCustomer({ email: 'driver@alpha.example' })],
});
const beta = buildTenant({
  subdomain: 'beta',
  products: [buildProduct({ name: PRODUCT })],
  passes: [buildPass(PRODUCT, { vehicle: buildVehicle({ plate: 'BETA1' }) })],
  operators: [buildOperator({ email: 'officer@beta.example', role: 'enforcement' })],
});
const t = useTestApp({
  seed: { tenants: [alpha, beta] },
  env: { PATROL_SNAPSHOT_MAX_AGE_MINUTES: String(MAX_AGE_MINUTES) },
});

const call = (
  host: string | null,
  authorization: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => t.request(host, { method, url: `/api/v1/enforcement${url}`, headers: { authorization }, payload });
const countScans = async () =>
  Number((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM patrol_scans`))[0]!.n);
const scan = (clientId: string, plate = 'NOPE1') => ({
  clientId,
  capturedAt: '2026-11-20T14:59:00Z',
  plate,
  latitude: 40.75,
  longitude: -73.98,
});
const hashOf = (hashKey: string, plate: string) =>
  createHmac('sha256', Buffer.from(hashKey, 'base64url')).update(plate).digest('hex');

describe('enforcement calls with an officer’s session', () => {
  it.each([
    ['an enforcement officer', 'officer@alpha.example'],
    ['an admin', 'admin@alpha.example'],
  ])('check plates, record scans once and write a notice for %s', async (_who, email) => {
    const officer = await signInOperator(t, 'alpha', email);
    const check = await call('alpha', officer, 'GET', '/plates/cov-123');
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({
      plate: 'COV123',
      isCovered: true,
      passes: [{ permitName: PRODUCT }],
    });

    const before = await countScans();
    const clientId = `phone-${email}-1`;
    const first = await call('alpha', officer, 'POST', '/scans', { scans: [scan(clientId)] });
    const again = await call('alpha', officer, 'POST', '/scans', { scans: [scan(clientId)] });
    expect(first.json()).toMatchObject({ created: 1, duplicates: 0 });
    expect(again.json()).toMatchObject({ created: 0, duplicates: 1 });
    expect(await countScans()).toBe(before + 1);

    const notice = {
      clientId: `notice-${email}`,
      citationName: 'EXPIRED METER',
      plate: 'NOPE1',
      make: 'Ford',
    };
    const written = await call('alpha', officer, 'POST', '/citations', notice);
    const replayed = await call('alpha', officer, 'POST', '/citations', notice);
    expect(written.statusCode).toBe(200);
    expect(written.json().isNew).toBe(true);
    expect(replayed.json()).toMatchObject({ isNew: false, citation: { uuid: written.json().citation.uuid } });

    const upload = await call('alpha', officer, 'POST', '/uploads', {
      fileName: 'plate.jpg',
      contentType: 'image/jpeg',
      size: 1000,
    });
    expect(upload.statusCode).toBe(200);
  });

  it('refuses a staff operator with 403 and writes nothing', async () => {
    const staff = await signInOperator(t, 'alpha', 'staff@alpha.example');
    const before = await countScans();
    expect((await call('alpha', staff, 'GET', '/plates/COV123')).statusCode).toBe(403);
    expect((await call('alpha', staff, 'GET', '/snapshot')).statusCode).toBe(403);
    expect((await call('alpha', staff, 'POST', '/scans', { scans: [scan('staff-1')] })).statusCode).toBe(403);
    expect(await countScans()).toBe(before);
  });

  it('answers 401 to another tenant’s officer, on the bare host, and to a customer, writing nothing', async () => {
    const betaOfficer = await signInOperator(t, 'beta', 'officer@beta.example');
    const alphaOfficer = await signInOperator(t, 'alpha', 'officer@alpha.example');
    const customer = await signIn(t, 'alpha', 'driver@alpha.example');
    const before = await countScans();
    const attempts = [
      call('alpha', betaOfficer, 'GET', '/plates/BETA1'),
      call('alpha', betaOfficer, 'GET', '/snapshot'),
      call('alpha', betaOfficer, 'POST', '/scans', { scans: [scan('beta-on-alpha')] }),
      call(null, alphaOfficer, 'GET', '/plates/COV123'),
      call(null, alphaOfficer, 'POST', '/scans', { scans: [scan('alpha-on-bare')] }),
      call('alpha', customer, 'GET', '/snapshot'),
      call('alpha', customer, 'POST', '/scans', { scans: [scan('customer')] }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.statusCode).toBe(401);
      expect(answer.body).not.toContain('COV');
    }
    expect(await countScans()).toBe(before);
  });

  it('lasts a shift (JWT_TTL_SECONDS, 12 hours) and no longer', async () => {
    const officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
    t.clock.set(new Date(Date.parse(TEST_NOW) + 12 * 3600_000 - 60_000));
    expect((await call('alpha', officer, 'GET', '/plates/COV123')).statusCode).toBe(200);
    t.clock.set(new Date(Date.parse(TEST_NOW) + 12 * 3600_000 + 60_000));
    expect((await call('alpha', officer, 'GET', '/plates/COV123')).statusCode).toBe(401);
    t.clock.set(new Date(TEST_NOW));
  });
});

describe('GET /enforcement/snapshot', () => {
  it('holds keyed hashes with validity windows, limited by the age setting, and no readable plate', async () => {
    const officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
    const answer = await call('alpha', officer, 'GET', '/snapshot');
    expect(answer.statusCode).toBe(200);
    const snapshot = answer.json();
    expect(snapshot.generatedAt).toBe(TEST_NOW);
    expect(snapshot.usableUntil).toBe(
      new Date(Date.parse(TEST_NOW) + MAX_AGE_MINUTES * 60_000).toISOString(),
    );
    const covers = Object.fromEntries(
      ['COV123', 'SOON1', 'LATER1', 'OVER1', 'WAIT1', 'BETA1'].map((plate) => [
        plate,
        snapshot.covers.filter(
          (cover: { plateHash: string }) => cover.plateHash === hashOf(snapshot.hashKey, plate),
        ),
      ]),
    );
    expect(covers.COV123).toEqual([
      {
        plateHash: hashOf(snapshot.hashKey, 'COV123'),
        validFrom: '2026-11-20T08:00:00.000Z',
        validUntil: '2026-11-21T08:00:00.000Z',
        permitName: PRODUCT,
      },
    ]);
    expect(covers.SOON1).toHaveLength(1);
    for (const plate of ['LATER1', 'OVER1', 'WAIT1', 'BETA1']) expect(covers[plate]).toEqual([]);
    expect(snapshot.covers).toHaveLength(2);
    // NOPE1 has the notices the session tests above wrote; the paid notice's plate is absent.
    expect(snapshot.notices).toContainEqual({ plateHash: hashOf(snapshot.hashKey, 'OWES1'), openNotices: 2 });
    expect(snapshot.notices.map((entry: { plateHash: string }) => entry.plateHash)).not.toContain(
      hashOf(snapshot.hashKey, 'PAIDUP1'),
    );
    const pass = (await call('alpha', officer, 'GET', '/plates/COV123')).json().passes[0];
    for (const secret of [
      'COV123',
      'SOON1',
      'OWES1',
      'NOTICESECRET',
      'driver@',
      'PAIDUP1',
      pass.customerPermitId,
      pass.permitIssuedUUID,
    ]) {
      expect(answer.body.toUpperCase()).not.toContain(secret.toUpperCase());
    }
    expect(Object.keys(snapshot).sort()).toEqual(
      [
        'covers',
        'generatedAt',
        'hashKey',
        'notices',
        'repeatOffenderRule',
        'repeatOffenders',
        'timeZone',
        'usableUntil',
      ].sort(),
    );
  });

  it('flags the repeat offenders by hash with what the online check says of them (issue 31)', async () => {
    const officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
    const snapshot = (await call('alpha', officer, 'GET', '/snapshot')).json();
    expect(snapshot.repeatOffenderRule).toEqual({
      repeatOffenderNoticeCount: 2,
      repeatOffenderOverdueDays: null,
    });
    const online = (await call('alpha', officer, 'GET', '/plates/OWES1')).json();
    expect(online).toMatchObject({ isRepeatOffender: true, unpaidNoticeCount: 2 });
    expect(online.unpaidTotal).toBeGreaterThan(0);
    expect(snapshot.repeatOffenders).toContainEqual({
      plateHash: hashOf(snapshot.hashKey, 'OWES1'),
      unpaidNoticeCount: 2,
      unpaidTotal: online.unpaidTotal,
      oldestUnpaidDays: online.oldestUnpaidDays,
    });
    // Every plate listed meets the rule; a plate with one notice, or none, is not listed.
    const withNotices = snapshot.notices.map((entry: { plateHash: string }) => entry.plateHash);
    for (const offender of snapshot.repeatOffenders) {
      expect(offender.unpaidNoticeCount).toBeGreaterThanOrEqual(2);
      expect(withNotices).toContain(offender.plateHash);
    }
    expect(snapshot.repeatOffenders.map((entry: { plateHash: string }) => entry.plateHash)).not.toContain(
      hashOf(snapshot.hashKey, 'COV123'),
    );
    expect(answerFromSnapshot(snapshot, hashOf(snapshot.hashKey, 'OWES1'), new Date(TEST_NOW))).toMatchObject(
      {
        kind: 'answer',
        openNotices: 2,
        repeatOffender: { message: online.repeatOffenderMessage, unpaidTotal: online.unpaidTotal },
      },
    );
  });

  it('makes a new key for every snapshot, so hashes of one cannot be matched with another', async () => {
    const officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
    const [first, second] = await Promise.all([
      call('alpha', officer, 'GET', '/snapshot'),
      call('alpha', officer, 'GET', '/snapshot'),
    ]);
    expect(first.json().hashKey).not.toBe(second.json().hashKey);
    expect(first.json().covers[0].plateHash).not.toBe(second.json().covers[0].plateHash);
  });

  it('gives each tenant only its own plates, to its officer’s session and to its API key alike', async () => {
    const betaOfficer = await signInOperator(t, 'beta', 'officer@beta.example');
    const snapshot = (await call('beta', betaOfficer, 'GET', '/snapshot')).json();
    expect(snapshot.covers.map((cover: { plateHash: string }) => cover.plateHash)).toEqual([
      hashOf(snapshot.hashKey, 'BETA1'),
    ]);
    expect(snapshot.notices).toEqual([]);
    // Beta's rule is off: nothing is flagged, offline as online.
    expect(snapshot.repeatOffenders).toEqual([]);
    expect(snapshot.repeatOffenderRule).toEqual({
      repeatOffenderNoticeCount: null,
      repeatOffenderOverdueDays: null,
    });
  });
});

describe('the patrol app’s manifest', () => {
  it('names the tenant’s app, opens /patrol standalone in its colour, and is 404 on the bare host', async () => {
    const answer = await t.request('alpha', { method: 'GET', url: '/patrol/manifest.webmanifest' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(answer.json()).toMatchObject({
      name: `${alpha.brandTitle} Patrol`,
      short_name: 'Patrol',
      start_url: '/patrol',
      scope: '/patrol',
      display: 'standalone',
    });
    expect(answer.json().icons.length).toBeGreaterThan(0);
    expect((await t.request(null, { method: 'GET', url: '/patrol/manifest.webmanifest' })).statusCode).toBe(
      404,
    );
  });
});
