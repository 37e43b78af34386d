import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { jpegLikeBytes, pngBytes } from '../../../../tests/support/files';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { uploadThroughApi } from '../../../../tests/support/uploads';
import { uploads } from '../../db/schema';

const t = useTestApp({
  seed: { tenants: [buildTenant({ subdomain: 'alpha' }), buildTenant({ subdomain: 'beta' })] },
});

const issue = (payload: Record<string, unknown>, host = 'alpha') =>
  t.request(host, {
    method: 'POST',
    url: '/api/v1/uploads',
    payload: {
      purpose: 'appeal-photo',
      fileName: 'photo.png',
      contentType: 'image/png',
      size: 100,
      ...payload,
    },
  });

/** Every file the local adapter holds, whatever its folder. */
function storedFiles(): string[] {
  const root = path.join(t.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
}

describe('POST /uploads (local adapter)', () => {
  it('issues a signed PUT under the tenant prefix with a random name that keeps the extension', async () => {
    const response = await issue({ fileName: 'My Photo.JPEG', contentType: 'image/jpeg' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.target.method).toBe('PUT');
    expect(body.target.url).toMatch(
      /^\/api\/v1\/storage\/local\/upload\/[0-9a-f-]{36}\/appeal-photo\/[0-9a-f]{32}\.jpeg\?/,
    );
    expect(body.fileUrl).toContain(`/appeal-photo/`);
    // The storage takes the declared size, not the 5 MB limit.
    expect(body.maxBytes).toBe(100);
    expect(body.target.url).toContain('max=100&');
  });

  it.each([
    [{ size: 5_000_001 }, 'file_too_large'],
    [{ contentType: 'image/gif', fileName: 'a.gif' }, 'unsupported_type'],
    [{ contentType: 'application/pdf', fileName: 'a.pdf' }, 'unsupported_type'],
    [{ fileName: '../../etc/passwd.png' }, 'bad_file_name'],
    [{ fileName: 'dir\\photo.png' }, 'bad_file_name'],
    [{ fileName: '.png' }, 'bad_file_name'],
    [{ fileName: 'photo.jpg' }, 'bad_file_name'],
  ])('refuses %j with a 400 %s', async (payload, code) => {
    const response = await issue(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
  });

  it('accepts a PDF for a pass proof', async () => {
    const response = await issue({
      purpose: 'pass-proof',
      contentType: 'application/pdf',
      fileName: 'lease.pdf',
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['appeal-photo', 'application/pdf', 'Only JPEG, PNG, WebP or HEIC photos can be attached.'],
    ['brand-logo', 'application/pdf', 'Only JPEG, PNG or WebP logos can be attached.'],
    ['brand-logo', 'image/heic', 'Only JPEG, PNG or WebP logos can be attached.'],
    ['product-image', 'application/pdf', 'Only JPEG, PNG or WebP images can be attached.'],
    ['pass-proof', 'image/gif', 'Only JPEG, PNG, WebP, HEIC or PDF files can be attached.'],
  ])(
    'refuses a %s of type %s naming exactly what that purpose takes',
    async (purpose, contentType, message) => {
      // From an address of its own: the file's other tests share the per-client upload budget.
      const response = await t.request('alpha', {
        method: 'POST',
        url: '/api/v1/uploads',
        remoteAddress: '192.0.2.90',
        payload: { purpose, contentType, fileName: 'a.file', size: 100 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'unsupported_type', message });
    },
  );

  it('refuses a patrol photo: only the enforcement API may create those, and nothing is written', async () => {
    const before = await t.db.select().from(uploads);
    const response = await issue({
      purpose: 'patrol-photo',
      fileName: 'scan.jpg',
      contentType: 'image/jpeg',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/purpose/);
    expect(await t.db.select().from(uploads)).toHaveLength(before.length);
  });

  it('is a 404 on a bare host and a 400 for a bad body', async () => {
    expect((await issue({}, 'www')).statusCode).toBe(404);
    expect((await issue({ purpose: 'selfie' })).statusCode).toBe(400);
    expect((await issue({ size: -1 })).statusCode).toBe(400);
  });
});

describe('PUT to a local upload URL', () => {
  it('stores a real file once: the URL cannot be used again', async () => {
    const { upload, put, confirmed } = await uploadThroughApi(t, 'alpha', pngBytes());
    expect(put.statusCode).toBe(204);
    expect(confirmed?.json()).toMatchObject({ contentType: 'image/png', size: pngBytes().length });
    const again = await t.request('alpha', {
      method: 'PUT',
      url: upload.target.url,
      headers: upload.target.headers,
      payload: pngBytes(4, 4),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This upload link has already been used.');
  });

  it('refuses a file over the limit and stores nothing', async () => {
    const before = storedFiles().length;
    const { target } = (await issue({ size: 5_000_000 })).json();
    const big = Buffer.concat([pngBytes(), Buffer.alloc(5_000_000)]);
    const response = await t.request('alpha', {
      method: 'PUT',
      url: target.url,
      headers: target.headers,
      payload: big,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('file_too_large');
    expect(storedFiles().length).toBe(before);
  });

  it('refuses bytes that are not of the announced type, and a different Content-Type', async () => {
    const before = storedFiles().length;
    const { target } = (await issue({ size: jpegLikeBytes().length })).json();
    const jpegAsPng = await t.request('alpha', {
      method: 'PUT',
      url: target.url,
      headers: target.headers,
      payload: jpegLikeBytes(),
    });
    expect(jpegAsPng.statusCode).toBe(400);
    expect(jpegAsPng.json().message).toMatch(/not a PNG file/);
    const script = await t.request('alpha', {
      method: 'PUT',
      url: target.url,
      headers: { 'content-type': 'text/html' },
      payload: '<script>alert(1)</script>',
    });
    expect(script.statusCode).toBe(400);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses an expired URL with a 403', async () => {
    const { target } = (await issue({})).json();
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + 301_000));
    try {
      const response = await t.request('alpha', {
        method: 'PUT',
        url: target.url,
        headers: target.headers,
        payload: pngBytes(),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('upload_url_expired');
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('refuses a tampered URL: another limit, another name, a path-like name', async () => {
    const { target } = (await issue({})).json();
    const bigger = target.url.replace('max=100&', 'max=9000000&');
    const response = await t.request('alpha', {
      method: 'PUT',
      url: bigger,
      headers: target.headers,
      payload: pngBytes(),
    });
    expect(response.statusCode).toBe(403);
    const renamed = target.url.replace(/[0-9a-f]{32}\.png/, `${'0'.repeat(32)}.png`);
    expect(
      (
        await t.request('alpha', {
          method: 'PUT',
          url: renamed,
          headers: target.headers,
          payload: pngBytes(),
        })
      ).statusCode,
    ).toBe(403);
    const pathLike = target.url.replace(/[0-9a-f]{32}\.png/, '..%2F..%2Fescape.png');
    expect(
      (
        await t.request('alpha', {
          method: 'PUT',
          url: pathLike,
          headers: target.headers,
          payload: pngBytes(),
        })
      ).statusCode,
    ).toBe(400);
  });

  it("confirms only the host tenant's uploads", async () => {
    const { upload } = await uploadThroughApi(t, 'alpha', pngBytes(), { confirm: false });
    const onBeta = await t.request('beta', {
      method: 'POST',
      url: `/api/v1/uploads/${upload.uploadUUID}/confirm`,
    });
    expect(onBeta.statusCode).toBe(404);
    const onAlpha = await t.request('alpha', {
      method: 'POST',
      url: `/api/v1/uploads/${upload.uploadUUID}/confirm`,
    });
    expect(onAlpha.statusCode).toBe(200);
  });

  it('serves a PDF proof as an attachment', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    const { fileUrl, put } = await uploadThroughApi(t, 'alpha', pdf, {
      purpose: 'pass-proof',
      contentType: 'application/pdf',
      fileName: 'lease.pdf',
    });
    expect(put.statusCode).toBe(204);
    const served = await t.request('alpha', { method: 'GET', url: fileUrl });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f]{32}\.pdf"$/);
  });
});
