import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { useTestApp } from '../../../../tests/support/test-app';

const CITATION = '5a1e0000-0000-4000-8000-00000000a001';
const OTHER_CITATION = '5a1e0000-0000-4000-8000-00000000a002';

const t = useTestApp({
  env: { PUBLIC_BASE_URL: 'https://www.parking.example' },
  seed: {
    tenants: [
      {
        ...buildTenant({ subdomain: 'qralpha' }),
        citations: [buildCitation({ uuid: CITATION }), buildCitation({ uuid: OTHER_CITATION })],
      },
      { ...buildTenant({ subdomain: 'qrbeta' }), citations: [] },
    ],
  },
});

const qr = (host: string | null, uuid: string) =>
  t.request(host, { method: 'GET', url: `/api/v1/portal/citation/${uuid}/qrcode.png` });

async function decodedTarget(host: string, uuid: string): Promise<string> {
  const image = PNG.sync.read((await qr(host, uuid)).rawPayload);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? '';
}

const verify = (host: string | null, uuid: string, signature: string) =>
  t.request(host, { method: 'GET', url: `/api/v1/portal/citation/${uuid}/verify/${signature}` });

describe('GET /portal/citation/{uuid}/verify/{signature}', () => {
  it('confirms the notice of a printed QR code: issuer, number, plate and amount', async () => {
    const signature = (await decodedTarget('qralpha', CITATION)).split('/').at(-1)!;
    const response = await verify('qralpha', CITATION, signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issuer: expect.stringMatching(/^Tenant \d+$/),
      notice: {
        uuid: CITATION,
        citationNumber: expect.any(String),
        plate: expect.any(String),
        amountDue: 5000,
      },
    });
  });

  it('is a 404 for a forged, altered or borrowed signature, and on another tenant', async () => {
    const signature = (await decodedTarget('qralpha', CITATION)).split('/').at(-1)!;
    const altered = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect((await verify('qralpha', CITATION, altered)).statusCode).toBe(404);
    expect((await verify('qralpha', CITATION, 'A'.repeat(32))).statusCode).toBe(404);
    expect((await verify('qralpha', OTHER_CITATION, signature)).statusCode).toBe(404);
    expect((await verify('qrbeta', CITATION, signature)).statusCode).toBe(404);
    expect((await verify(null, CITATION, signature)).statusCode).toBe(404);
    expect((await verify('qralpha', CITATION, 'bad!sig')).statusCode).toBe(400);
  });
});

describe('GET /portal/citation/{uuid}/qrcode.png', () => {
  it("draws a QR code that decodes to the notice's signed verify page on the configured tenant address", async () => {
    // The Host header says something else: the code must not follow it.
    const response = await qr('qralpha', CITATION);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(await decodedTarget('qralpha', CITATION)).toMatch(
      new RegExp(`^https://qralpha\\.parking\\.example/verify/${CITATION}/[A-Za-z0-9_-]{32}$`),
    );
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
