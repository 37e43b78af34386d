import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { type FakeS3, startFakeS3 } from '../../../../tests/support/fake-s3';
import { jpegLikeBytes, pngBytes } from '../../../../tests/support/files';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import {
  ABANDONED_UPLOAD_AGE_MS,
  sweepAbandonedUploads,
} from '../../features/uploads/sweep-abandoned-uploads';

const BUCKET = 'appeal-photos';
const credentials = { accessKeyId: 'test-key', secretAccessKey: 'test-secret-key-0123456789' };
let s3: FakeS3;
let t: TestApp;
const alpha = buildTenant({ subdomain: 'alpha' });

beforeAll(async () => {
  s3 = await startFakeS3({ bucket: BUCKET, ...credentials });
  t = await createTestApp({
    env: {
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
  await t.seed({ tenants: [{ ...alpha, citations: [buildCitation({ citationNumber: 'S3A' })] }] });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function issue(bytes: Buffer, contentType = 'image/png', fileName = 'photo.png', size = bytes.length) {
  const response = await t.request('alpha', {
    method: 'POST',
    url: '/api/v1/uploads',
    payload: { purpose: 'appeal-photo', fileName, contentType, size },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** What a browser does with a presigned POST: the signed fields, then the file. */
function postToBucket(target: { url: string; fields: Record<string, string> }, bytes: Buffer, type: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'upload');
  return fetch(target.url, { method: 'POST', body: form });
}

describe('S3 adapter against an S3-compatible server', () => {
  it('issues a presigned POST under the tenant prefix; the upload is stored, confirmed and appealable', async () => {
    const upload = await issue(pngBytes());
    expect(upload.target.method).toBe('POST');
    expect(upload.target.url).toBe(`${s3.endpoint}/${BUCKET}`);
    expect(upload.target.fields.key).toMatch(/^[0-9a-f-]{36}\/appeal-photo\/[0-9a-f]{32}\.png$/);
    expect(upload.fileUrl).toBe(`${s3.endpoint}/${BUCKET}/${upload.target.fields.key}`);
    const posted = await postToBucket(upload.target, pngBytes(), 'image/png');
    expect(posted.status).toBe(204);
    const confirmed = await t.request('alpha', {
      method: 'POST',
      url: `/api/v1/uploads/${upload.uploadUUID}/confirm`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().size).toBe(pngBytes().length);

    const citation = (
      await t.request('alpha', { method: 'GET', url: '/api/v1/portal/citation/number/S3A' })
    ).json();
    const appeal = await t.request('alpha', {
      method: 'PUT',
      url: '/api/v1/portal/appeal',
      payload: {
        citationUUID: citation.uuid,
        citationNumber: 'S3A',
        name: 'A',
        email: 'a@example.com',
        phoneNumber: '1',
        address: '2',
        reason: '3',
        imageURLs: [upload.fileUrl],
      },
    });
    expect(appeal.statusCode).toBe(200);
  });

  it('lets the bucket refuse a file larger than the declared size', async () => {
    const upload = await issue(pngBytes(), 'image/png', 'photo.png', 1000);
    const policy = JSON.parse(Buffer.from(upload.target.fields.Policy, 'base64').toString('utf8'));
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 1000]);
    const big = Buffer.concat([pngBytes(), Buffer.alloc(1000)]);
    const posted = await postToBucket(upload.target, big, 'image/png');
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('EntityTooLarge');
    expect(s3.objects.has(upload.target.fields.key)).toBe(false);
  });

  it('sweeps an abandoned upload out of the bucket after an hour', async () => {
    const upload = await issue(pngBytes());
    expect((await postToBucket(upload.target, pngBytes(), 'image/png')).status).toBe(204);
    expect(s3.objects.has(upload.target.fields.key)).toBe(true);
    const swept = await sweepAbandonedUploads({
      db: t.db,
      storage: t.storage,
      now: new Date(t.clock.now().getTime() + ABANDONED_UPLOAD_AGE_MS + 1000),
    });
    expect(swept).toBeGreaterThan(0);
    expect(s3.objects.has(upload.target.fields.key)).toBe(false);
  });

  it('lets the bucket refuse another content type than the signed one', async () => {
    const upload = await issue(pngBytes());
    const tampered = { ...upload.target, fields: { ...upload.target.fields, 'Content-Type': 'text/html' } };
    const posted = await postToBucket(tampered, Buffer.from('<script>x</script>'), 'text/html');
    expect(posted.status).toBe(403);
    expect(s3.objects.has(upload.target.fields.key)).toBe(false);
  });

  it('lets the bucket refuse an expired policy', async () => {
    const upload = await issue(pngBytes());
    s3.advanceSeconds(301);
    try {
      const posted = await postToBucket(upload.target, pngBytes(), 'image/png');
      expect(posted.status).toBe(403);
      expect(await posted.text()).toContain('Policy expired');
    } finally {
      s3.advanceSeconds(-301);
    }
  });

  it('deletes a stored file whose bytes are not of its type, and refuses it', async () => {
    const upload = await issue(jpegLikeBytes(), 'image/png');
    expect((await postToBucket(upload.target, jpegLikeBytes(), 'image/png')).status).toBe(204);
    const confirmed = await t.request('alpha', {
      method: 'POST',
      url: `/api/v1/uploads/${upload.uploadUUID}/confirm`,
    });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().code).toBe('content_mismatch');
    expect(s3.objects.has(upload.target.fields.key)).toBe(false);
  });

  it('says when nothing has arrived', async () => {
    const upload = await issue(pngBytes());
    const confirmed = await t.request('alpha', {
      method: 'POST',
      url: `/api/v1/uploads/${upload.uploadUUID}/confirm`,
    });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().code).toBe('upload_missing');
  });

  it("allows the bucket origin in the pages' Content-Security-Policy", async () => {
    const page = await t.request('alpha', { method: 'GET', url: '/citations' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${s3.endpoint}`));
    expect(csp).toMatch(new RegExp(`form-action 'self' ${s3.endpoint}`));
  });
});
