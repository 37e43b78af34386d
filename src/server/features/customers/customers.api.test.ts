import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildTenant, TEST_PASSWORD } from '../../../../tests/support/factories';
import { signIn } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { accountMessages } from '../../../shared/messages';
import { customers, emailOutbox, tenants } from '../../db/schema';
import { consumeGuestCode } from './guest-codes';

let dana: string;
let sam: string;

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'homes',
        customers: [
          buildCustomer({
            fullname: 'Dana Home',
            email: 'dana@example.com',
            building: 'Tower A',
            unit: '12',
            signupCode: 'welcome1',
            isGuestCodesActive: true,
            guestCode: 'GQ7K2P',
          }),
          buildCustomer({ fullname: 'Sam Home', email: 'sam@example.com', customerEntityName: 'Acme Fleet' }),
        ],
      }),
      buildTenant({
        subdomain: 'away',
        customers: [buildCustomer({ fullname: 'Ann Away', email: 'ann@example.com' })],
      }),
    ],
  },
});
beforeAll(async () => {
  dana = await signIn(t, 'homes', 'dana@example.com');
  sam = await signIn(t, 'homes', 'sam@example.com');
});

const get = (url: string, authorization?: string, subdomain = 'homes') =>
  t.request(subdomain, { method: 'GET', url, headers: authorization ? { authorization } : {} });
const put = (payload: unknown, authorization = dana, subdomain = 'homes') =>
  t.request(subdomain, {
    method: 'PUT',
    url: '/api/v1/portal/customer',
    payload: payload as Record<string, unknown>,
    headers: { authorization },
  });

describe('GET /portal/customer', () => {
  it('answers the Customer fields and nothing secret', async () => {
    const response = await get('/api/v1/portal/customer', dana);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      fullname: 'Dana Home',
      email: 'dana@example.com',
      building: 'Tower A',
      unit: '12',
      signupCode: 'WELCOME1',
      customerEntityName: null,
      isGuestCodesActive: true,
      guestCode: 'GQ7K2P',
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'building',
        'customerEntityName',
        'customerEntityUUID',
        'customerPublicId',
        'email',
        'entityUUID',
        'fullname',
        'guestCode',
        'isEmailVerified',
        'isGuestCodesActive',
        'language',
        'signupCode',
        'unit',
        'uuid',
      ].sort(),
    );
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('answers the business name of a business account', async () => {
    expect((await get('/api/v1/portal/customer', sam)).json().customerEntityName).toBe('Acme Fleet');
  });
});

describe('GET /portal/customer/{uuid}', () => {
  it('answers the signed-in customer, and 404 for anybody else, in any tenant', async () => {
    const own = (await get('/api/v1/portal/customer', dana)).json();
    expect((await get(`/api/v1/portal/customer/${own.uuid}`, dana)).statusCode).toBe(200);
    expect((await get(`/api/v1/portal/customer/${own.uuid}`, sam)).statusCode).toBe(404);
    const ann = await signIn(t, 'away', 'ann@example.com');
    expect((await get(`/api/v1/portal/customer/${own.uuid}`, ann, 'away')).statusCode).toBe(404);
    expect((await get(`/api/v1/portal/customer/${own.uuid}`)).statusCode).toBe(401);
    expect((await get('/api/v1/portal/customer/not-a-uuid', dana)).statusCode).toBe(400);
  });
});

describe('PUT /portal/customer', () => {
  it('changes the location, then the name, reloading the customer each time', async () => {
    const location = await put({ subdomain: 'homes', building: ' Tower B ', unit: '7' });
    expect(location.statusCode).toBe(200);
    expect(location.json()).toMatchObject({ building: 'Tower B', unit: '7', fullname: 'Dana Home' });
    const name = await put({ subdomain: 'homes', fullname: 'Dana Renamed' });
    expect(name.json()).toMatchObject({ building: 'Tower B', unit: '7', fullname: 'Dana Renamed' });
    const cleared = await put({ subdomain: 'homes', unit: null });
    expect(cleared.json()).toMatchObject({ building: 'Tower B', unit: null });
  });

  it("is a 409 with the spec's text when the email belongs to another account, in any case", async () => {
    const response = await put({
      subdomain: 'homes',
      email: 'SAM@example.com',
      currentPassword: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(accountMessages.emailInUse);
  });

  it('asks for the current password to change the email, and changes nothing without it', async () => {
    const missing = await put({ subdomain: 'homes', email: 'new-dana@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(accountMessages.currentPasswordRequired);
    const wrong = await put({
      subdomain: 'homes',
      email: 'new-dana@example.com',
      currentPassword: 'Wrong#Pass1',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(accountMessages.wrongCurrentPassword);
    expect((await get('/api/v1/portal/customer', dana)).json().email).toBe('dana@example.com');
  });

  it('changes the email: asks to verify it, tells the old address, signs other sessions out', async () => {
    const otherDevice = await signIn(t, 'homes', 'dana@example.com', TEST_PASSWORD);
    const response = await put({
      subdomain: 'homes',
      email: 'ann@example.com',
      currentPassword: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'ann@example.com', isEmailVerified: false });
    const fresh = `Bearer ${response.json().jwtToken}`;
    // Every earlier token is revoked; this session goes on with the fresh one.
    expect((await get('/api/v1/portal/customer', otherDevice)).statusCode).toBe(401);
    expect((await get('/api/v1/portal/customer', dana)).statusCode).toBe(401);
    expect((await get('/api/v1/portal/customer', fresh)).statusCode).toBe(200);
    const notices = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'dana@example.com'));
    expect(notices.map((email) => email.subject)).toContain(accountMessages.emailChangedSubject);
    const back = await put(
      { subdomain: 'homes', email: 'dana@example.com', currentPassword: TEST_PASSWORD },
      fresh,
    );
    expect(back.statusCode).toBe(200);
    dana = `Bearer ${back.json().jwtToken}`;
    // Other changes need no password and keep the session.
    expect((await put({ subdomain: 'homes', fullname: 'Dana Home' })).json().jwtToken).toBeUndefined();
  });

  it('is a 404 when the body names another tenant', async () => {
    expect((await put({ subdomain: 'away', fullname: 'X' })).statusCode).toBe(404);
  });

  it.each([
    ['nothing to change', { subdomain: 'homes' }],
    ['an invalid email', { subdomain: 'homes', email: 'nope' }],
    ['an empty name', { subdomain: 'homes', fullname: '  ' }],
    ['a name of 5000 characters', { subdomain: 'homes', fullname: 'x'.repeat(5000) }],
    ['a number as unit', { subdomain: 'homes', unit: 12 }],
    ['no subdomain', { fullname: 'X' }],
    ['an array body', [1, 2]],
  ])('is a 400 for %s, and changes nothing', async (_name, payload) => {
    const before = (await get('/api/v1/portal/customer', dana)).json();
    const response = await put(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request' });
    expect((await get('/api/v1/portal/customer', dana)).json()).toEqual(before);
  });

  it('is a 401 without a token', async () => {
    expect(
      (
        await t.request('homes', {
          method: 'PUT',
          url: '/api/v1/portal/customer',
          payload: { subdomain: 'homes', fullname: 'X' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST /portal/customer/refreshguestcode', () => {
  const refresh = (authorization: string) =>
    t.request('homes', {
      method: 'POST',
      url: '/api/v1/portal/customer/refreshguestcode',
      headers: { authorization },
    });

  it('issues a new code to a permit holder with guest codes', async () => {
    const response = await refresh(dana);
    expect(response.statusCode).toBe(200);
    expect(response.json().guestCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(response.json().guestCode).not.toBe('GQ7K2P');
  });

  it("is a 403 with the spec's text for an account without guest codes", async () => {
    const response = await refresh(sam);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(accountMessages.guestCodeRefused);
  });

  it('changes the code after each use (consumeGuestCode, for the pass checkout)', async () => {
    const [homes] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'homes'));
    const [away] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'away'));
    const code = (await get('/api/v1/portal/customer', dana)).json().guestCode as string;
    expect(
      await t.db.transaction((tx) => consumeGuestCode(tx, { tenantId: away?.id ?? '', code })),
    ).toBeNull();
    const owner = await t.db.transaction((tx) =>
      consumeGuestCode(tx, { tenantId: homes?.id ?? '', code: ` ${code.toLowerCase()} ` }),
    );
    expect(owner?.fullname).toBeTruthy();
    const [after] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.id, owner?.id ?? ''));
    expect(after?.guestCode).not.toBe(code);
    expect(
      await t.db.transaction((tx) => consumeGuestCode(tx, { tenantId: homes?.id ?? '', code })),
    ).toBeNull();
  });
});
