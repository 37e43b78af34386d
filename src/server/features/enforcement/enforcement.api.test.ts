import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCitation,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { pngBytes } from '../../../../tests/support/files';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import { queryRows } from '../../db/client';
import { findTenantBySubdomain } from '../tenancy/queries';
import { announceRevokedKey, createApiKey, revokeApiKey } from './api-keys';

let t: TestApp;
// Los Angeles: the pass ends at local midnight, 08:00 UTC.
const alpha = buildTenant({ subdomain: 'alpha', timezone: 'America/Los_Angeles' });
const beta = buildTenant({ subdomain: 'beta' });
const PRODUCT = 'Resident';
const LOCAL_MIDNIGHT = '2026-11-21T08:00:00.000Z';
let alphaKey: string;
let betaKey: string;
let revokedKey: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...alpha,
        citationCodes: [
          { name: 'EXPIRED METER', amount: 4500, lateAmount1: 1000, lateDays1: 14 },
          { name: 'NO PRICE', description: 'A code nobody priced yet' },
        ],
        products: [buildProduct({ name: PRODUCT })],
        passes: [
          buildPass(PRODUCT, {
            issuedOn: '2026-11-20T08:00:00Z',
            expiresAt: LOCAL_MIDNIGHT,
            vehicle: buildVehicle({ plate: 'ABC123' }),
            secondaryVehicles: [{ ...buildVehicle({ plate: 'SLEEP1' }), isActive: false }],
          }),
          buildPass(PRODUCT, { paidStatus: 'waiting', vehicle: buildVehicle({ plate: 'WAIT1' }) }),
        ],
        citations: [
          buildCitation({ plate: 'ABC123', citationNumber: 'OPEN1', citationName: 'EXPIRED METER' }),
          buildCitation({
            plate: 'ABC123',
            citationNumber: 'PAID1',
            paymentStatus: 'Paid',
            datePaid: TEST_NOW,
          }),
        ],
        operators: [
          buildOperator({ email: 'admin@alpha.example' }),
          buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
        ],
      },
      { ...beta, products: [buildProduct({ name: PRODUCT })] },
    ],
  });
  const alphaRow = await findTenantBySubdomain(t.db, 'alpha');
  const betaRow = await findTenantBySubdomain(t.db, 'beta');
  alphaKey = (await createApiKey(t.db, { tenantId: alphaRow!.id, name: 'Truck 1' })).key;
  betaKey = (await createApiKey(t.db, { tenantId: betaRow!.id, name: 'Beta truck' })).key;
  const revoked = await createApiKey(t.db, { tenantId: alphaRow!.id, name: 'Lost phone' });
  await revokeApiKey(t.db, { tenantId: alphaRow!.id, keyId: revoked.row.id, now: t.clock.now() });
  revokedKey = revoked.key;
});
afterAll(() => t.close());

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const checkPlate = (plate: string, key = alphaKey, host: string | null = 'alpha') =>
  t.request(host, {
    method: 'GET',
    url: `/api/v1/enforcement/plates/${encodeURIComponent(plate)}`,
    headers: bearer(key),
  });
const postScans = (scans: unknown[], key = alphaKey, host: string | null = 'alpha') =>
  t.request(host, {
    method: 'POST',
    url: '/api/v1/enforcement/scans',
    headers: bearer(key),
    payload: { scans },
  });
const countScans = async () =>
  Number((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM patrol_scans`))[0]!.n);

let scanSequence = 0;
const scan = (overrides: Record<string, unknown> = {}) => ({
  clientId: `dev-1-${++scanSequence}`,
  capturedAt: '2026-11-20T14:30:00Z',
  plate: 'XYZ 987',
  fullname: 'Pat Patrol',
  userEmail: 'pat@alpha.example',
  alertMessage: null,
  fullImageURL: 'https://images.example.com/1.jpg',
  latitude: 40.75,
  longitude: -73.98,
  ...overrides,
});

describe('API keys', () => {
  it('stops accepting a key the moment its revocation is announced, though keys are kept a few seconds', async () => {
    const alphaRow = await findTenantBySubdomain(t.db, 'alpha');
    const phone = await createApiKey(t.db, { tenantId: alphaRow!.id, name: 'Spare phone' });
    expect((await checkPlate('ABC123', phone.key)).statusCode).toBe(200);
    await revokeApiKey(t.db, { tenantId: alphaRow!.id, keyId: phone.row.id, now: t.clock.now() });
    await announceRevokedKey(t.db, phone.row.id);
    expect((await checkPlate('ABC123', phone.key)).statusCode).toBe(401);
  });

  it.each([
    ['no key', {}],
    ['a malformed key', { authorization: 'Bearer not-a-key' }],
    ['a revoked key', { authorization: 'Bearer REVOKED' }],
    ['another tenant’s key', { authorization: 'Bearer BETA' }],
    ['a customer-style scheme', { authorization: 'Basic abc' }],
  ])('answers 401 and writes nothing with %s', async (_name, headers) => {
    const authorization = (headers as { authorization?: string }).authorization
      ?.replace('REVOKED', revokedKey)
      .replace('BETA', betaKey);
    const before = await countScans();
    const answers = await Promise.all([
      t.request('alpha', {
        method: 'POST',
        url: '/api/v1/enforcement/scans',
        headers: authorization ? { authorization } : {},
        payload: { scans: [scan()] },
      }),
      t.request('alpha', {
        method: 'GET',
        url: '/api/v1/enforcement/plates/ABC123',
        headers: authorization ? { authorization } : {},
      }),
      t.request('alpha', {
        method: 'POST',
        url: '/api/v1/enforcement/citations',
        headers: authorization ? { authorization } : {},
        payload: { clientId: 'x1', citationName: 'EXPIRED METER', plate: 'AAA1' },
      }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe('unauthorized');
    }
    expect(await countScans()).toBe(before);
  });

  it('names its tenant on the bare host, and only its own', async () => {
    const answer = await checkPlate('ABC123', betaKey, null);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().isCovered).toBe(false);
    expect(answer.json().openNotices).toEqual([]);
  });

  it('writes last_used_at at most once a minute', async () => {
    const lastUsed = async () =>
      (
        await queryRows<{ at: string | null }>(
          t.db,
          sql`SELECT last_used_at::text AS at FROM api_keys WHERE name = 'Truck 1'`,
        )
      )[0]!.at;
    await checkPlate('ABC123');
    const first = await lastUsed();
    expect(first).not.toBeNull();
    t.clock.set(new Date(Date.parse(TEST_NOW) + 30_000));
    await checkPlate('ABC123');
    expect(await lastUsed()).toBe(first);
    t.clock.set(new Date(Date.parse(TEST_NOW) + 61_000));
    await checkPlate('ABC123');
    expect(await lastUsed()).not.toBe(first);
    t.clock.set(new Date(TEST_NOW));
  });
});

describe('GET /enforcement/plates/{plate}', () => {
  it('answers the covering pass, its product, until when, and open notices only', async () => {
    const answer = await checkPlate('abc 123');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ plate: 'ABC123', isCovered: true, coveredUntil: LOCAL_MIDNIGHT });
    expect(body.passes).toHaveLength(1);
    expect(body.passes[0]).toMatchObject({
      permitName: PRODUCT,
      plate: 'ABC123',
      expiresAt: LOCAL_MIDNIGHT,
      expiresAtLocal: 'Nov 21, 2026 12:00 AM',
    });
    expect(body.openNotices.map((notice: { citationNumber: string }) => notice.citationNumber)).toEqual([
      'OPEN1',
    ]);
  });

  it('is covered until the last millisecond before the end in the tenant’s time zone, not at it', async () => {
    t.clock.set(new Date(Date.parse(LOCAL_MIDNIGHT) - 1));
    expect((await checkPlate('ABC123')).json().isCovered).toBe(true);
    t.clock.set(new Date(LOCAL_MIDNIGHT));
    expect((await checkPlate('ABC123')).json().isCovered).toBe(false);
    t.clock.set(new Date('2026-11-20T07:59:59.999Z'));
    expect((await checkPlate('ABC123')).json().isCovered).toBe(false);
    t.clock.set(new Date(TEST_NOW));
  });

  it('does not count an inactive vehicle, a waiting pass or another tenant’s pass', async () => {
    expect((await checkPlate('SLEEP1')).json().isCovered).toBe(false);
    expect((await checkPlate('WAIT1')).json().isCovered).toBe(false);
    expect((await checkPlate('ABC123', betaKey, 'beta')).json().isCovered).toBe(false);
  });

  it('refuses an over-long plate with a 400', async () => {
    const answer = await checkPlate('A'.repeat(10_000));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      field: 'plate',
      message: expect.stringMatching(/a plate has at most 16 characters\.$/),
    });
  });
});

describe('POST /enforcement/scans', () => {
  it('keeps the good items, reports the bad by index and field, and records a retry once', async () => {
    const before = await countScans();
    const batch = [scan(), scan({ latitude: 91 }), scan({ alertMessage: 'No permit' })];
    const first = await postScans(batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: 2, duplicates: 0, rejected: 1 });
    expect(first.json().results[1]).toMatchObject({
      index: 1,
      status: 'rejected',
      errors: [{ field: 'latitude', message: 'The latitude must be between -90 and 90.' }],
    });
    const retry = await postScans(batch);
    expect(retry.json()).toMatchObject({ created: 0, duplicates: 2, rejected: 1 });
    expect(await countScans()).toBe(before + 2);
  });

  it('treats a clientId repeated inside one batch with the same content as a duplicate', async () => {
    const item = scan();
    const answer = await postScans([item, { ...item }]);
    expect(answer.json()).toMatchObject({ created: 1, duplicates: 1 });
  });

  it('answers 409 naming both versions when a clientId comes again with other content, writing nothing', async () => {
    const item = scan({ plate: 'KEEP 1' });
    const before = await countScans();
    const inOneBatch = await postScans([scan(), item, { ...item, plate: 'OTHER 2' }]);
    expect(inOneBatch.statusCode).toBe(409);
    expect(inOneBatch.json().message).toContain(
      `scans[2]: the clientId '${item.clientId}' of scans[1] (plate KEEP 1, captured 2026-11-20T14:30:00.000Z) is sent again with other content (plate OTHER 2, captured 2026-11-20T14:30:00.000Z)`,
    );
    expect(await countScans()).toBe(before);

    expect((await postScans([item])).json()).toMatchObject({ created: 1 });
    const changed = await postScans([{ ...item, capturedAt: '2026-11-20T14:31:00Z' }, scan()]);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toContain(
      `scans[0]: the clientId '${item.clientId}' was recorded for plate KEEP 1, captured 2026-11-20T14:30:00.000Z; this try sends other content (plate KEEP 1, captured 2026-11-20T14:31:00.000Z)`,
    );
    expect(await countScans()).toBe(before + 1);
    // The true retry is still a duplicate.
    expect((await postScans([item])).json()).toMatchObject({ created: 0, duplicates: 1 });
  });

  it.each([
    [
      'bad coordinates',
      scan({ longitude: -181 }),
      'scans.0.longitude',
      'Scan 1: The longitude must be between -180 and 180.',
    ],
    [
      'half a position',
      scan({ longitude: undefined }),
      'scans.0.longitude',
      'Scan 1: The longitude must be given with the latitude, or neither of them.',
    ],
    [
      'a future time',
      scan({ capturedAt: '2026-11-20T15:10:00Z' }),
      'scans.0.capturedAt',
      'Scan 1: The time of the scan must not be in the future.',
    ],
    [
      'a 10 kB plate',
      scan({ plate: 'P'.repeat(10_240) }),
      'scans.0.plate',
      'Scan 1: Please add your vehicle info: a plate has at most 16 characters.',
    ],
    [
      'a missing clientId',
      { ...scan(), clientId: undefined },
      'scans.0.clientId',
      'Scan 1: Please enter the device.',
    ],
  ])(
    'answers 400 naming the item and field for %s, writing nothing',
    async (_name, item, field, sentence) => {
      const before = await countScans();
      const answer = await postScans([item]);
      expect(answer.statusCode).toBe(400);
      // The device keeps the field's path; the officer reads sentences (issue 33).
      expect(answer.json().field).toBe(field);
      expect(answer.json().message).toContain(`No scan was recorded. ${sentence}`);
      expect(await countScans()).toBe(before);
    },
  );

  it('records a scan without a position when the officer’s phone gives none (issue 29)', async () => {
    const withoutPosition = scan({ plate: 'NO GPS 1', latitude: undefined, longitude: undefined });
    const withNulls = scan({ plate: 'NO GPS 2', latitude: null, longitude: null });
    const answer = await postScans([withoutPosition, withNulls]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ created: 2, rejected: 0 });
    const rows = await queryRows<{ plate: string; latitude: number | null; longitude: number | null }>(
      t.db,
      sql`SELECT plate, latitude, longitude FROM patrol_scans WHERE plate LIKE 'NO GPS %' ORDER BY plate`,
    );
    expect(rows).toEqual([
      { plate: 'NO GPS 1', latitude: null, longitude: null },
      { plate: 'NO GPS 2', latitude: null, longitude: null },
    ]);
    // A retry is the same scan, whether the position was left out or sent as null.
    expect((await postScans([withoutPosition])).json()).toMatchObject({ created: 0, duplicates: 1 });
  });

  it('accepts a small clock skew', async () => {
    expect((await postScans([scan({ capturedAt: '2026-11-20T15:02:00Z' })])).statusCode).toBe(200);
  });

  it('refuses 501 items whole', async () => {
    const before = await countScans();
    const answer = await postScans(Array.from({ length: 501 }, () => scan()));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'scans', message: 'The scans may hold at most 500 items.' });
    expect(await countScans()).toBe(before);
  });

  it('takes a photo uploaded through the storage port', async () => {
    const bytes = pngBytes();
    const issued = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/enforcement/uploads',
      headers: bearer(alphaKey),
      payload: { fileName: 'plate.png', contentType: 'image/png', size: bytes.length },
    });
    expect(issued.statusCode).toBe(200);
    const upload = issued.json();
    expect(upload.fileUrl).toContain('/patrol-photo/');
    await t.request('alpha', {
      method: 'PUT',
      url: upload.target.url,
      headers: upload.target.headers,
      payload: bytes,
    });
    const answer = await postScans([scan({ fullImageURL: null, photoUploadUUID: upload.uploadUUID })]);
    expect(answer.json()).toMatchObject({ created: 1 });
    const [row] = await queryRows<{ url: string }>(
      t.db,
      sql`SELECT full_image_url AS url FROM patrol_scans WHERE upload_id = ${upload.uploadUUID}`,
    );
    expect(row?.url).toBe(upload.fileUrl);
    // Another tenant's key cannot use it.
    const foreign = await postScans(
      [scan({ fullImageURL: null, photoUploadUUID: upload.uploadUUID })],
      betaKey,
      'beta',
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      field: 'scans.0.photoUploadUUID',
      message: 'No scan was recorded. Scan 1: A photo was not uploaded to this portal as a patrol photo.',
    });
  });
});

describe('POST /enforcement/citations', () => {
  const write = (payload: Record<string, unknown>, key = alphaKey) =>
    t.request('alpha', {
      method: 'POST',
      url: '/api/v1/enforcement/citations',
      headers: bearer(key),
      payload,
    });
  const notice = {
    clientId: 'notice-1',
    citationName: 'EXPIRED METER',
    plate: 'fld 42',
    stateProv: 'CA',
    location: '5th and Main',
    comments: 'Meter expired 20 minutes ago',
    make: 'HONDA',
    color: 'BLUE',
  };

  it('writes a notice priced by its code, found by the public lookup at once, once per clientId', async () => {
    const first = await write(notice);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      isNew: true,
      citation: { plate: 'FLD42', amount: 4500, lateAmount1: 1000, lateDays1: 14, paymentStatus: 'Open' },
    });
    const search = await t.request('alpha', {
      method: 'GET',
      url: '/api/v1/portal/citation/p/FLD42/n/blank/o/alpha',
    });
    expect(search.json().map((found: { uuid: string }) => found.uuid)).toEqual([first.json().citation.uuid]);
    const retry = await write(notice);
    expect(retry.json()).toMatchObject({ isNew: false, citation: { uuid: first.json().citation.uuid } });
    const again = await t.request('alpha', {
      method: 'GET',
      url: '/api/v1/portal/citation/p/FLD42/n/blank/o/alpha',
    });
    expect(again.json()).toHaveLength(1);
  });

  it('answers 409 naming both versions when a clientId comes again with another notice, writing nothing', async () => {
    const first = await write({ ...notice, clientId: 'n-changed' });
    expect(first.statusCode).toBe(200);
    const number = first.json().citation.citationNumber;
    const changed = await write({
      ...notice,
      clientId: 'n-changed',
      plate: 'OTHER 7',
      comments: 'Another car',
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      code: 'conflict',
      message: `The clientId 'n-changed' already wrote notice ${number} (plate FLD42); this try sends other content (plate OTHER7). A retry must send the same content; new content needs a new clientId.`,
    });
    const search = await t.request('alpha', {
      method: 'GET',
      url: '/api/v1/portal/citation/p/OTHER7/n/blank/o/alpha',
    });
    expect(search.statusCode === 404 || search.json().length === 0).toBe(true);
    expect((await write({ ...notice, clientId: 'n-changed' })).json()).toMatchObject({ isNew: false });
  });

  it('answers 404 for an unknown code and 400 for bad input, writing nothing', async () => {
    expect((await write({ ...notice, clientId: 'n-2', citationName: 'NOPE' })).statusCode).toBe(404);
    const unpriced = await write({ ...notice, clientId: 'n-5', citationName: 'NO PRICE' });
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json().message).toContain('NO PRICE');
    const tooMany = await write({
      ...notice,
      clientId: 'n-3',
      photoUploadUUIDs: Array.from({ length: 5 }, () => crypto.randomUUID()),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field).toBe('photoUploadUUIDs');
    const foreignPhoto = await write({ ...notice, clientId: 'n-4', photoUploadUUIDs: [crypto.randomUUID()] });
    expect(foreignPhoto.statusCode).toBe(400);
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM citations WHERE client_id IN ('n-2', 'n-3', 'n-4', 'n-5')`,
    );
    expect(count!.n).toBe(0);
  });
});
