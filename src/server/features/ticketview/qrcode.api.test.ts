import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { useTestApp } from '../../../../tests/support/test-app';

const CITATION = '5a1e0000-0000-4000-8000-00000000a001';

const t = useTestApp({
  env: { PUBLIC_BASE_URL: 'https://www.parking.example' },
  seed: {
    tenants: [
      buildTenant({ subdomain: 'qralpha', citations: [buildCitation({ uuid: CITATION })] }),
      buildTenant({ subdomain: 'qrbeta' }),
    ],
  },
});

const qr = (host: string | null, uuid: string) =>
  t.request(host, { method: 'GET', url: `/api/v1/portal/citation/${uuid}/qrcode.png` });

describe('GET /portal/citation/{uuid}/qrcode.png', () => {
  it("draws a QR code that decodes to the notice's page on the configured tenant address", async () => {
    // The Host header says something else: the code must not follow it.
    const response = await qr('qralpha', CITATION);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const image = PNG.sync.read(response.rawPayload);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(`https://qralpha.parking.example/citations/${CITATION}`);
  });

  it("is a 404 for tenant A's notice on tenant B's host or a bare host, and 200 on A's", async () => {
    expect((await qr('qrbeta', CITATION)).statusCode).toBe(404);
    expect((await qr(null, CITATION)).statusCode).toBe(404);
    expect((await qr('qralpha', CITATION)).statusCode).toBe(200);
  });

  it('is a 400 for a malformed uuid and a 404 for an unknown one', async () => {
    expect((await qr('qralpha', 'nope')).statusCode).toBe(400);
    expect((await qr('qralpha', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
