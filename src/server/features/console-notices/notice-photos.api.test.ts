import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOperator, buildTenant } from '../../../../tests/support/factories';
import { jpegLikeBytes, pngBytes } from '../../../../tests/support/files';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { uploadThroughApi } from '../../../../tests/support/uploads';
import { MAX_NOTICE_PHOTOS } from '../../../shared/contract';
import { queryRows } from '../../db/client';

/**
 * A notice written in the console takes photos through the storage port (issue 33, "Field and
 * desk"), as an appeal's evidence does: uploaded for 'notice-photo', checked (tenant, purpose,
 * bytes), claimed by the notice in its transaction, shown on the console's notice and the public one.
 */
const alpha = buildTenant({
  subdomain: 'alpha',
  citationCodes: [{ name: 'EXPIRED METER', amount: 4500 }],
  operators: [buildOperator({ email: 'staff@alpha.example', role: 'staff' })],
});
const beta = buildTenant({
  subdomain: 'beta',
  citationCodes: [{ name: 'EXPIRED METER', amount: 2000 }],
  operators: [buildOperator({ email: 'admin@beta.example' })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

let staff = '';
let codeUUID = '';
beforeAll(async () => {
  staff = await signInOperator(t, 'alpha', 'staff@alpha.example');
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT c.id FROM citation_codes c JOIN tenants t ON t.id = c.tenant_id WHERE t.subdomain = 'alpha'`,
  );
  codeUUID = row!.id;
});

const createNotice = (body: Record<string, unknown>) =>
  t.request('alpha', {
    method: 'POST',
    url: '/api/v1/dashboard/notices',
    headers: { authorization: staff },
    payload: { citationCodeUUID: codeUUID, ...body },
  });

const countNotices = async () =>
  Number((await queryRows<{ n: string }>(t.db, sql`SELECT count(*)::text AS n FROM citations`))[0]!.n);
const uploadStatus = async (fileUrl: string) =>
  (await queryRows<{ status: string }>(t.db, sql`SELECT status FROM uploads WHERE file_url = ${fileUrl}`))[0]
    ?.status;

describe('photos of a notice written in the console', () => {
  it('are stored with the notice, claimed, and shown on the console notice and the public one', async () => {
    const one = await uploadThroughApi(t, 'alpha', pngBytes(), { purpose: 'notice-photo' });
    const two = await uploadThroughApi(t, 'alpha', jpegLikeBytes(), {
      purpose: 'notice-photo',
      contentType: 'image/jpeg',
      fileName: 'IMG_0002.JPG',
      // Not confirmed by the browser: the notice confirms it, as an appeal does.
      confirm: false,
    });
    const response = await createNotice({ plate: 'PHOTO1', imageURLs: [one.fileUrl, two.fileUrl] });
    expect(response.statusCode, response.body).toBe(200);
    const { citation } = response.json();
    expect(citation.imageURLs).toEqual([one.fileUrl, two.fileUrl]);
    expect(await uploadStatus(one.fileUrl)).toBe('attached');
    expect(await uploadStatus(two.fileUrl)).toBe('attached');

    const console = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/dashboard/notices/${citation.uuid}`,
      headers: { authorization: staff },
    });
    expect(console.json().citation.imageURLs).toEqual([one.fileUrl, two.fileUrl]);
    const publicNotice = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/portal/citation/${citation.uuid}`,
    });
    expect(publicNotice.json().imageURLs).toEqual([one.fileUrl, two.fileUrl]);
    // The photo itself is served from the tenant's storage.
    const photo = await t.request('alpha', { method: 'GET', url: one.fileUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toContain('image/png');
  });

  it('are refused with a 400 that writes nothing: another purpose, another tenant, reused, too many, bad bytes', async () => {
    const appealPhoto = await uploadThroughApi(t, 'alpha', pngBytes(), { purpose: 'appeal-photo' });
    const betaPhoto = await uploadThroughApi(t, 'beta', pngBytes(), { purpose: 'notice-photo' });
    const used = await uploadThroughApi(t, 'alpha', pngBytes(), { purpose: 'notice-photo' });
    expect((await createNotice({ plate: 'PHOTO2', imageURLs: [used.fileUrl] })).statusCode).toBe(200);
    // Bytes that are not the PNG they claim to be.
    const fake = await uploadThroughApi(
      t,
      'alpha',
      Buffer.from('<script>alert(1)</script>'.padEnd(64, ' ')),
      {
        purpose: 'notice-photo',
        confirm: false,
      },
    );
    const fresh = await uploadThroughApi(t, 'alpha', pngBytes(), { purpose: 'notice-photo' });
    const before = await countNotices();
    for (const [imageURLs, message] of [
      [[appealPhoto.fileUrl], /Photo 1/],
      [[betaPhoto.fileUrl], /Photo 1/],
      [[fresh.fileUrl, used.fileUrl], /Photo 2/],
      [[fresh.fileUrl, fresh.fileUrl], /./],
      [[fake.fileUrl], /./],
      [
        Array.from({ length: MAX_NOTICE_PHOTOS + 1 }, () => fresh.fileUrl),
        new RegExp(`photos must be ${MAX_NOTICE_PHOTOS} or fewer`),
      ],
    ] as const) {
      const response = await createNotice({ plate: 'PHOTO3', imageURLs });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(await countNotices()).toBe(before);
    // The fresh photo was not claimed by any refused notice: it can still be used.
    expect(await uploadStatus(fresh.fileUrl)).toBe('stored');
    expect((await createNotice({ plate: 'PHOTO3', imageURLs: [fresh.fileUrl] })).statusCode).toBe(200);
  });

  it('take only the photo types a browser shows, within the size limit', async () => {
    const ask = (payload: Record<string, unknown>) =>
      t.request('alpha', {
        method: 'POST',
        url: '/api/v1/uploads',
        payload: { purpose: 'notice-photo', ...payload },
      });
    const heic = await ask({ fileName: 'IMG.HEIC', contentType: 'image/heic', size: 1000 });
    expect(heic.statusCode).toBe(400);
    expect(heic.json().message).toContain('JPEG, PNG or WebP');
    const pdf = await ask({ fileName: 'ticket.pdf', contentType: 'application/pdf', size: 1000 });
    expect(pdf.statusCode).toBe(400);
    const huge = await ask({ fileName: 'big.jpg', contentType: 'image/jpeg', size: 5_000_001 });
    expect(huge.statusCode).toBe(400);
    expect((await ask({ fileName: 'ok.webp', contentType: 'image/webp', size: 1000 })).statusCode).toBe(200);
  });
});
