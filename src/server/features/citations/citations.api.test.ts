import { describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { useTestApp } from '../../../../tests/support/test-app';

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'alpha',
        timezone: 'America/Los_Angeles',
        citations: [
          buildCitation({ citationNumber: 'A100', plate: 'SHARED1', amount: 4000 }),
          buildCitation({ citationNumber: 'A101', plate: 'SHARED1', amount: 2500, amountOverride: 1000 }),
          buildCitation({
            citationNumber: 'A102',
            plate: 'LATE1',
            amount: 5000,
            createdOn: '2026-10-01T12:00:00Z',
            lateDays1: 14,
            lateAmount1: 1500,
            lateDays2: 30,
            lateAmount2: 2500,
          }),
        ],
      }),
      buildTenant({
        subdomain: 'beta',
        citations: [buildCitation({ citationNumber: 'B200', plate: 'SHARED1', amount: 9900 })],
      }),
    ],
  },
});

const search = (host: string | null, plate: string, number: string, subdomain: string) =>
  t.request(host, { method: 'GET', url: `/api/v1/portal/citation/p/${plate}/n/${number}/o/${subdomain}` });

describe('GET /portal/citation/p/{plate}/n/{number}/o/{subdomain}', () => {
  it('finds every notice of the tenant that shares a plate, newest first, and none of another tenant', async () => {
    const response = await search('alpha', 'SHARED1', 'blank', 'alpha');
    expect(response.statusCode).toBe(200);
    const numbers = response.json().map((c: { citationNumber: string }) => c.citationNumber);
    expect(numbers.sort()).toEqual(['A100', 'A101']);
  });

  it('finds a notice by number, normalising case', async () => {
    const response = await search('alpha', 'blank', 'a100', 'alpha');
    expect(response.json()).toHaveLength(1);
    expect(response.json()[0]).toMatchObject({ citationNumber: 'A100', amount: 4000, amountDue: 4000 });
  });

  it('with both a plate and a number, finds only the notice that has both', async () => {
    const both = (await search('alpha', 'shared1', 'A101', 'alpha')).json();
    expect(both.map((c: { citationNumber: string }) => c.citationNumber)).toEqual(['A101']);
    expect((await search('alpha', 'LATE1', 'A101', 'alpha')).json()).toEqual([]);
  });

  it('adds the late-penalty tiers reached by the tenant-local date', async () => {
    const [late] = (await search('alpha', 'LATE1', 'blank', 'alpha')).json();
    expect(late).toMatchObject({ lateFee: 4000, amountDue: 9000 });
  });

  it('answers an empty list when nothing matches', async () => {
    const response = await search('alpha', 'NOPE', 'blank', 'alpha');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('works from a bare host for any tenant named in the path', async () => {
    const response = await search(null, 'SHARED1', 'blank', 'beta');
    expect(response.json().map((c: { citationNumber: string }) => c.citationNumber)).toEqual(['B200']);
  });

  it("refuses another tenant's subdomain on a tenant's host with a 404", async () => {
    const response = await search('alpha', 'SHARED1', 'blank', 'beta');
    expect(response.statusCode).toBe(404);
  });

  it('is a 404 for an unknown tenant', async () => {
    const response = await search(null, 'SHARED1', 'blank', 'nosuchtenant');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('is a 400 with a message when both terms are blank', async () => {
    const response = await search('alpha', 'blank', 'blank', 'alpha');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/notice number or a license plate/);
  });

  it('is a 400, not a 500, for a 10 kB plate', async () => {
    const response = await search('alpha', 'X'.repeat(10_240), 'blank', 'alpha');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/plate/);
  });

  it('is a 400 for a subdomain that is not a DNS label', async () => {
    const response = await search(null, 'SHARED1', 'blank', 'bad%20tenant!');
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /portal/citation/{uuid}', () => {
  async function uuidOf(subdomain: string, number: string): Promise<string> {
    return (await search(subdomain, 'blank', number, subdomain)).json()[0].uuid;
  }

  it("answers the host tenant's notice with the override in force", async () => {
    const uuid = await uuidOf('alpha', 'A101');
    const response = await t.request('alpha', { method: 'GET', url: `/api/v1/portal/citation/${uuid}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      uuid,
      amountOverride: 1000,
      amountDue: 1000,
      entityUUID: expect.any(String),
    });
  });

  it("is a 404 for tenant A's notice on tenant B's host, and 200 on A's", async () => {
    const uuid = await uuidOf('alpha', 'A100');
    expect(
      (await t.request('beta', { method: 'GET', url: `/api/v1/portal/citation/${uuid}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.request('alpha', { method: 'GET', url: `/api/v1/portal/citation/${uuid}` })).statusCode,
    ).toBe(200);
  });

  it('is a 400 for a malformed uuid', async () => {
    const response = await t.request('alpha', { method: 'GET', url: '/api/v1/portal/citation/not-a-uuid' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request' });
  });

  it('is a 404 on a bare host, which has no tenant', async () => {
    const uuid = await uuidOf('alpha', 'A100');
    expect(
      (await t.request(null, { method: 'GET', url: `/api/v1/portal/citation/${uuid}` })).statusCode,
    ).toBe(404);
  });
});
