import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { expectPerClientLimit } from '../../../../tests/support/rate-limits';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

/** A small PLATE_SUGGESTIONS_RATE_LIMIT_PER_CLIENT, so the limit is reached in a few calls. */
const SUGGESTIONS_PER_MINUTE = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { PLATE_SUGGESTIONS_RATE_LIMIT_PER_CLIENT: String(SUGGESTIONS_PER_MINUTE) },
  });
  await t.seed({
    tenants: [
      {
        ...buildTenant({ subdomain: 'plates' }),
        citations: [
          buildCitation({ plate: 'B0S1234', amount: 4321, location: 'Secret Lot 9' }),
          buildCitation({ plate: 'ABC1234' }),
          buildCitation({ plate: 'ABC1234' }),
        ],
      },
      { ...buildTenant({ subdomain: 'otherplates' }), citations: [buildCitation({ plate: 'ABC5678' })] },
    ],
  });
});
afterAll(() => t.close());

/** Each call comes from an address of its own unless one is given: only the limit test shares one. */
let addresses = 0;
const freshAddress = () => `203.0.113.${++addresses}`;

const suggest = (host: string | null, plate: string, subdomain: string, ip = freshAddress()) =>
  t.request(host, {
    method: 'GET',
    url: `/api/v1/portal/citation/suggest/p/${encodeURIComponent(plate)}/o/${subdomain}`,
    remoteAddress: ip,
  });

describe('GET /portal/citation/suggest/p/{plate}/o/{subdomain}', () => {
  it('offers the plates a misread search may have meant, and nothing but the plates', async () => {
    const response = await suggest('plates', '8OS-1234', 'plates');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ plates: ['B0S1234'] });
    expect(response.body).not.toContain('Secret');
    expect((await suggest('plates', 'ABC-1234', 'plates')).json()).toEqual({ plates: ['ABC1234'] });
    expect((await suggest('plates', 'A8C1234', 'plates')).json()).toEqual({ plates: ['ABC1234'] });
  });

  it("offers nothing of another tenant's plates", async () => {
    expect((await suggest('plates', 'A8C5678', 'plates')).json()).toEqual({ plates: [] });
    expect((await suggest('plates', 'A8C5678', 'otherplates')).statusCode).toBe(404);
    expect((await suggest('otherplates', 'A8C5678', 'otherplates')).json()).toEqual({ plates: ['ABC5678'] });
  });

  it('is a 400 for a blank or oversized plate', async () => {
    expect((await suggest('plates', 'blank', 'plates')).statusCode).toBe(400);
    expect((await suggest('plates', 'X'.repeat(200), 'plates')).statusCode).toBe(400);
  });

  it('answers PLATE_SUGGESTIONS_RATE_LIMIT_PER_CLIENT suggestions per client address a minute, then a 429', async () => {
    expect(t.config.PLATE_SUGGESTIONS_RATE_LIMIT_PER_CLIENT).toBe(SUGGESTIONS_PER_MINUTE);
    const refused = await expectPerClientLimit((ip) => suggest('plates', 'A8C1234', 'plates', ip), {
      limit: SUGGESTIONS_PER_MINUTE,
      status: 200,
      clients: ['198.51.100.20', '198.51.100.21'],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
