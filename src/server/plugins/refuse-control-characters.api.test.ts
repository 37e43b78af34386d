import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
let citationUuid: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      buildTenant({
        subdomain: 'nul',
        citations: [buildCitation({ citationNumber: 'NUL1', plate: 'NUL1' })],
        customers: [{ fullname: 'Nell', email: 'nell@example.com', password: 'Parking#2026' }],
      }),
    ],
  });
  const found = await t.request('nul', {
    method: 'GET',
    url: '/api/v1/portal/citation/p/NUL1/n/blank/o/nul',
  });
  citationUuid = found.json()[0].uuid;
});
afterAll(() => t.close());

/** A 400 that names the field for clients and tells the person in a sentence (issue 33). */
const expectRefused = (response: { statusCode: number; json(): unknown }, field: string, label: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    code: 'bad_request',
    field,
    message: `The ${label} holds an invisible character (such as a line break) that it cannot take.`,
  });
};

describe('control characters in any request text', () => {
  it('refuses them in a path parameter (the notice search)', async () => {
    expectRefused(
      await t.request('nul', { method: 'GET', url: '/api/v1/portal/citation/p/AB%00C/n/blank/o/nul' }),
      'plate',
      'license plate',
    );
  });

  it('refuses them in body fields: sign-in, sign-up, appeal', async () => {
    expectRefused(
      await t.request('nul', {
        method: 'POST',
        url: '/api/v1/auth/customer/login',
        payload: { email: 'nell\u0000@example.com', password: 'x', entitySubdomain: 'nul' },
      }),
      'email',
      'email address',
    );
    expectRefused(
      await t.request('nul', {
        method: 'POST',
        url: '/api/v1/auth/customer/signup',
        payload: {
          email: 'new@example.com',
          password: 'Parking#2026',
          fullname: 'New\u001b[31m',
          entitySubdomain: 'nul',
        },
      }),
      'fullname',
      'full name',
    );
    expectRefused(
      await t.request('nul', {
        method: 'PUT',
        url: '/api/v1/portal/appeal',
        payload: {
          citationUUID: citationUuid,
          citationNumber: 'NUL1',
          name: 'A',
          email: 'a@example.com',
          phoneNumber: '1',
          address: 'Street\u0000',
          reason: 'Line one\nline two\twith a tab',
          imageURLs: [],
        },
      }),
      'address',
      'address',
    );
  });

  it('refuses them in the account screen and keeps tab and new lines elsewhere', async () => {
    const token = await signIn(t, 'nul', 'nell@example.com', 'Parking#2026');
    expectRefused(
      await t.request('nul', {
        method: 'PUT',
        url: '/api/v1/portal/customer',
        headers: { authorization: token },
        payload: { subdomain: 'nul', fullname: 'Nell\u007f' },
      }),
      'fullname',
      'full name',
    );
    const ok = await t.request('nul', {
      method: 'PUT',
      url: '/api/v1/portal/customer',
      headers: { authorization: token },
      payload: { subdomain: 'nul', building: 'North\twing' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses them in a query string (the development mailbox filter) and in keys', async () => {
    expectRefused(
      await t.request(null, { method: 'GET', url: '/dev/mailbox?to=a%00@example.com' }),
      'to',
      // The development mailbox is no contract: its `to` (a recipient) shares the trends' label.
      'end date',
    );
    const response = await t.request('nul', {
      method: 'POST',
      url: '/api/v1/auth/customer/login',
      payload: { 'email\u0000': 'x', email: 'a@example.com', password: 'x', entitySubdomain: 'nul' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("the router's own refusals", () => {
  it('answer a sentence for a path parameter over the length or a malformed escape', async () => {
    const tooLong = await t.request('nul', {
      method: 'GET',
      url: `/api/v1/portal/citation/p/${'A'.repeat(20_000)}/n/blank/o/nul`,
    });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      code: 'bad_request',
      message: 'What was sent could not be read. Please check the form and try again.',
    });
    const malformed = await t.request('nul', {
      method: 'GET',
      url: '/api/v1/portal/citation/p/%E0%A4%A/n/blank/o/nul',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(
      'What was sent could not be read. Please check the form and try again.',
    );
  });
});
