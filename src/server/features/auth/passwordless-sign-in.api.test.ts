import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

/** Guest and invited accounts have no password (yet): sign-in refuses them like a wrong password. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...buildTenant({ subdomain: 'nopass', contactEmail: 'help@nopass.example' }),
        customers: [
          { fullname: 'Gale Guest', email: 'guest@nopass.example' },
          { fullname: 'Ivy Invited', email: 'invited@nopass.example', createdVia: 'invited' },
          buildCustomer({ email: 'member@nopass.example', password: 'Parking#2026' }),
        ],
      },
    ],
  });
});
afterAll(() => t.close());

const logIn = (email: string, password: string) =>
  t.request('nopass', {
    method: 'POST',
    url: '/api/v1/auth/customer/login',
    payload: { email, password, entitySubdomain: 'nopass' },
  });

describe('sign-in of an account without a password', () => {
  it('answers the same 401 as a wrong password, for a guest and an invited account', async () => {
    const wrongPassword = await logIn('member@nopass.example', 'Wrong#2026x');
    expect(wrongPassword.statusCode).toBe(401);
    for (const email of ['guest@nopass.example', 'invited@nopass.example']) {
      for (const password of ['Parking#2026', '']) {
        const response = await logIn(email, password);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        if (password) expect(response.json()).toEqual(wrongPassword.json());
      }
    }
  });

  it('still signs in an account that has a password', async () => {
    const response = await logIn('member@nopass.example', 'Parking#2026');
    expect(response.statusCode).toBe(200);
    expect(response.json().jwtToken).toEqual(expect.any(String));
  });
});
