import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { jpegLikeBytes, pngBytes } from '../../../../tests/support/files';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import { uploadThroughApi } from '../../../../tests/support/uploads';
import { emailOutbox } from '../../db/schema';

let t: TestApp;
// TEST_NOW is 2026-11-20 10:00 in New York.
const alpha = buildTenant({ subdomain: 'alpha', timezone: 'America/New_York' });
const beta = buildTenant({ subdomain: 'beta' });
const short = buildTenant({ subdomain: 'short', appealWindowDays: 3 });

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...alpha,
        citations: [
          buildCitation({ citationNumber: 'A1', createdOn: '2026-11-18T15:00:00Z' }),
          // Oct 30 in New York: 21 days before Nov 20 — the last day.
          buildCitation({ citationNumber: 'DAY21', createdOn: '2026-10-31T03:30:00Z' }),
          // Oct 29, 23:30 in New York (already Oct 30 in UTC): 22 days.
          buildCitation({ citationNumber: 'DAY22', createdOn: '2026-10-30T03:30:00Z' }),
          buildCitation({ citationNumber: 'VOID1', voidDate: '2026-11-19T12:00:00Z' }),
          buildCitation({ citationNumber: 'ARCH1', paymentStatus: 'Archived' }),
          buildCitation({ citationNumber: 'PAID1', paymentStatus: 'Paid', datePaid: '2026-11-19T12:00:00Z' }),
          buildCitation({ citationNumber: 'DONE1' }),
          buildCitation({ citationNumber: 'FORM1' }),
          buildCitation({ citationNumber: 'PHOTO1' }),
          buildCitation({ citationNumber: 'PHOTO2' }),
          buildCitation({ citationNumber: 'RACE1' }),
          buildCitation({ citationNumber: 'CLOCK1', createdOn: TEST_NOW }),
        ],
        appeals: [
          {
            citationNumber: 'DONE1',
            name: 'Sam',
            email: 'sam@example.com',
            phoneNumber: '555',
            address: '1 Elm',
            reason: 'Broken meter',
            submissionDate: '2026-11-19T12:00:00Z',
          },
        ],
      },
      { ...beta, citations: [buildCitation({ citationNumber: 'B1' })] },
      { ...short, citations: [buildCitation({ citationNumber: 'S1', createdOn: '2026-11-16T15:00:00Z' })] },
    ],
  });
});
afterAll(() => t.close());

/** The confirmation tokens emailed to an address for one notice, oldest first. */
async function confirmationTokens(to: string, citationUUID: string): Promise<string[]> {
  const emails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
  return emails
    .map((email) => new URL(email.content.action?.url ?? 'http://x/').searchParams.get('confirm'))
    .filter(
      (token, index): token is string =>
        Boolean(token) &&
        (emails[index]?.content.action?.url ?? '').includes(`/noticeappeal/${citationUUID}?`),
    );
}

/** Follows the newest confirmation link emailed for the notice, as the appellant would. */
async function confirmLatest(host: string, citationUUID: string, to: string) {
  const token = (await confirmationTokens(to, citationUUID)).at(-1);
  const response = await t.request(host, {
    method: 'POST',
    url: '/api/v1/portal/appeal/confirm',
    payload: { citationUUID, token },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const byNumber = (host: string | null, number: string) =>
  t.request(host, { method: 'GET', url: `/api/v1/portal/citation/number/${number}` });

async function uuidOf(host: string, number: string): Promise<string> {
  const response = await t.request(host, {
    method: 'GET',
    url: `/api/v1/portal/citation/p/blank/n/${number}/o/${host}`,
  });
  return response.json()[0].uuid;
}

const form = {
  name: 'Dana Driver',
  email: 'dana@example.com',
  phoneNumber: '555-0100',
  address: '1 Main St',
  reason: 'The sign was covered.',
};

async function submit(host: string, number: string, overrides: Record<string, unknown> = {}) {
  return t.request(host, {
    method: 'PUT',
    url: '/api/v1/portal/appeal',
    payload: { citationUUID: await uuidOf(host, number), citationNumber: number, ...form, ...overrides },
  });
}

describe('GET /portal/citation/number/{number}', () => {
  it('answers an appealable notice, normalising the number', async () => {
    const response = await byNumber('alpha', ' a1 ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ citationNumber: 'A1', uuid: expect.any(String) });
  });

  it('allows day 21 and refuses day 22 in the tenant time zone with a 403', async () => {
    expect((await byNumber('alpha', 'DAY21')).statusCode).toBe(200);
    const late = await byNumber('alpha', 'DAY22');
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({
      code: 'appeal_window_expired',
      message: 'Appeal window has expired. This violation is no longer eligible for appeal.',
    });
  });

  it('uses the tenant window setting', async () => {
    expect((await byNumber('short', 'S1')).statusCode).toBe(403);
  });

  it('is a 404 for no record, an appealed, a voided, an archived and a paid notice', async () => {
    for (const number of ['NOPE', 'DONE1', 'VOID1', 'ARCH1', 'PAID1', 'blank']) {
      const response = await byNumber('alpha', number);
      expect(response.statusCode, number).toBe(404);
      expect(response.json().message).toMatch(/cannot be appealed/);
    }
  });

  it("does not find tenant B's notice on tenant A's host, but does on B's, and not on a bare host", async () => {
    expect((await byNumber('alpha', 'B1')).statusCode).toBe(404);
    expect((await byNumber('beta', 'B1')).statusCode).toBe(200);
    expect((await byNumber(null, 'B1')).statusCode).toBe(404);
  });

  it('is a 400 for a 10 kB number', async () => {
    expect((await byNumber('alpha', 'X'.repeat(10_240))).statusCode).toBe(400);
  });

  it('decides with the server clock: a fresh notice expires once the clock moves past day 21', async () => {
    expect((await byNumber('alpha', 'CLOCK1')).statusCode).toBe(200);
    t.clock.advanceDays(22);
    try {
      expect((await byNumber('alpha', 'CLOCK1')).statusCode).toBe(403);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });
});

describe('PUT /portal/appeal and GET /portal/appeal/id/{uuid}/n/{number}', () => {
  it('checks the fields in the spec order with its messages, and writes nothing', async () => {
    const blank = { name: ' ', email: 'not-an-email', phoneNumber: '', address: '', reason: '' };
    const response = await submit('alpha', 'FORM1', blank);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter your name.');
    expect((await submit('alpha', 'FORM1', { ...blank, name: 'X' })).json().message).toBe(
      'Please enter a valid email.',
    );
    expect((await submit('alpha', 'FORM1', { reason: '' })).json().message).toBe(
      'Please enter an appeal reason.',
    );
    const uuid = await uuidOf('alpha', 'FORM1');
    const appeal = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/portal/appeal/id/${uuid}/n/FORM1`,
    });
    expect(appeal.statusCode).toBe(404);
  });

  it('is a 400 for an overlong reason and for five photos', async () => {
    expect((await submit('alpha', 'FORM1', { reason: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await submit('alpha', 'FORM1', { imageURLs: ['a', 'b', 'c', 'd', 'e'] })).statusCode).toBe(400);
  });

  it('submits; once confirmed by the emailed link the appeal reads back pending; a second submission is a 409', async () => {
    const first = await submit('alpha', 'A1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      citationNumber: 'A1',
      isPending: true,
      isApproved: null,
      is_approved: null,
      name: 'Dana Driver',
      submissionDate: TEST_NOW,
      imageURLs: [],
      isEmailConfirmed: false,
    });
    const uuid = await uuidOf('alpha', 'A1');
    await confirmLatest('alpha', uuid, form.email);
    const read = await t.request('alpha', { method: 'GET', url: `/api/v1/portal/appeal/id/${uuid}/n/a1` });
    expect(read.statusCode).toBe(200);
    expect(read.json().uuid).toBe(first.json().uuid);
    const again = await submit('alpha', 'A1');
    expect(again.statusCode).toBe(409);
    expect((await byNumber('alpha', 'A1')).statusCode).toBe(404);
  });

  it('lets only one of two simultaneous confirmations through', async () => {
    const results = await Promise.all([submit('alpha', 'RACE1'), submit('alpha', 'RACE1')]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200]);
    const uuid = await uuidOf('alpha', 'RACE1');
    const tokens = await confirmationTokens(form.email, uuid);
    expect(tokens).toHaveLength(2);
    const confirmations = await Promise.all(
      tokens.map((token) =>
        t.request('alpha', {
          method: 'POST',
          url: '/api/v1/portal/appeal/confirm',
          payload: { citationUUID: uuid, token },
        }),
      ),
    );
    expect(confirmations.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses voided and paid notices with a 403, and day 22 with the window message', async () => {
    expect((await submit('alpha', 'VOID1')).statusCode).toBe(403);
    expect((await submit('alpha', 'PAID1')).statusCode).toBe(403);
    const late = await submit('alpha', 'DAY22');
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('appeal_window_expired');
  });

  it('answers the appeal GET with 403 for a notice that can no longer be appealed and has none', async () => {
    const uuid = await uuidOf('alpha', 'DAY22');
    const response = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/portal/appeal/id/${uuid}/n/DAY22`,
    });
    expect(response.statusCode).toBe(403);
  });

  it("is a 404 for tenant A's notice on B's host, for reads and writes, and 200 on A's", async () => {
    const uuid = await uuidOf('alpha', 'DONE1');
    const onBeta = await t.request('beta', {
      method: 'GET',
      url: `/api/v1/portal/appeal/id/${uuid}/n/DONE1`,
    });
    expect(onBeta.statusCode).toBe(404);
    const onAlpha = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/portal/appeal/id/${uuid}/n/DONE1`,
    });
    expect(onAlpha.statusCode).toBe(200);
    const write = await t.request('beta', {
      method: 'PUT',
      url: '/api/v1/portal/appeal',
      payload: { citationUUID: await uuidOf('alpha', 'FORM1'), citationNumber: 'FORM1', ...form },
    });
    expect(write.statusCode).toBe(404);
  });

  it('is a 404 when the number does not belong to the uuid', async () => {
    const uuid = await uuidOf('alpha', 'DONE1');
    const response = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/portal/appeal/id/${uuid}/n/A1`,
    });
    expect(response.statusCode).toBe(404);
  });

  it('takes photos uploaded through this tenant, and marks them used', async () => {
    const one = await uploadThroughApi(t, 'alpha', pngBytes());
    const two = await uploadThroughApi(t, 'alpha', jpegLikeBytes(), {
      contentType: 'image/jpeg',
      fileName: 'IMG_0001.JPG',
      confirm: false,
    });
    expect(one.put.statusCode).toBe(204);
    const response = await submit('alpha', 'PHOTO1', { imageURLs: [one.fileUrl, two.fileUrl] });
    expect(response.statusCode).toBe(200);
    expect(response.json().imageURLs).toEqual([one.fileUrl, two.fileUrl]);
    expect(two.fileUrl).toMatch(/\.jpg$/);
    const served = await t.request('alpha', { method: 'GET', url: one.fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f]{32}\.png"$/);
    expect(Buffer.compare(served.rawPayload, pngBytes())).toBe(0);
    // The same photo cannot back a second appeal.
    const reuse = await submit('alpha', 'PHOTO2', { imageURLs: [one.fileUrl] });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('Photo 1 is already attached to another record.');
  });

  it('refuses a foreign image URL, another tenant’s upload and an upload that never arrived', async () => {
    const foreign = await submit('alpha', 'PHOTO2', { imageURLs: ['https://evil.example/x.jpg'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Photo 1 was not uploaded through this portal.');
    const betaPhoto = await uploadThroughApi(t, 'beta', pngBytes());
    const crossTenant = await submit('alpha', 'PHOTO2', { imageURLs: [betaPhoto.fileUrl] });
    expect(crossTenant.statusCode).toBe(400);
    // Tenant A's host does not serve tenant B's file either.
    expect((await t.request('alpha', { method: 'GET', url: betaPhoto.fileUrl })).statusCode).toBe(404);
    const issued = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/uploads',
      payload: { purpose: 'appeal-photo', fileName: 'a.png', contentType: 'image/png', size: 10 },
    });
    const missing = await submit('alpha', 'PHOTO2', { imageURLs: [issued.json().fileUrl] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('upload_missing');
    // Nothing was written for PHOTO2.
    const uuid = await uuidOf('alpha', 'PHOTO2');
    expect(
      (await t.request('alpha', { method: 'GET', url: `/api/v1/portal/appeal/id/${uuid}/n/PHOTO2` }))
        .statusCode,
    ).toBe(404);
  });
});
