import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildProduct, buildTenant } from '../../../../tests/support/factories';
import { allRouteContracts } from '../../../../tests/support/route-contracts';
import { signIn } from '../../../../tests/support/sessions';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { idempotencyMessages } from '../../../shared/messages/idempotency';
import { emailOutbox, idempotencyKeys, issuedPasses, passProducts, tenants } from '../../db/schema';
import { deleteExpiredKeys } from '../../http/idempotency-store';

/**
 * Issue 27, "once, and only once" (decision 176): a checkout sent again (the same
 * Idempotency-Key, or without one the same email, product, plate and start) answers the first
 * pass and sends one email, also when the copies arrive at the same moment.
 */
const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'once',
        products: [
          buildProduct({ name: 'Free day', capacity: 50 }),
          buildProduct({ name: 'Second', capacity: 50 }),
        ],
        customers: [buildCustomer({ email: 'dana@example.com' })],
      }),
      buildTenant({ subdomain: 'other', products: [buildProduct({ name: 'Other free day' })] }),
    ],
  },
});

let productId: string;
let secondProductId: string;
let otherProductId: string;
beforeAll(async () => {
  const rows = await t.db.select({ id: passProducts.id, name: passProducts.name }).from(passProducts);
  productId = rows.find((row) => row.name === 'Free day')!.id;
  secondProductId = rows.find((row) => row.name === 'Second')!.id;
  otherProductId = rows.find((row) => row.name === 'Other free day')!.id;
});

const checkoutBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  permitProductUUID: productId,
  subdomain: 'once',
  email,
  date: TEST_NOW,
  vehicle: { plate: 'ONCE 1' },
  ...overrides,
});

const checkout = (body: object, key?: string, subdomain = 'once') =>
  t.request(subdomain, {
    method: 'POST',
    url: '/api/v1/permits/checkout/guest/free',
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });

async function passesOf(email: string) {
  return t.db
    .select({ id: issuedPasses.id })
    .from(issuedPasses)
    .where(sql`lower(${issuedPasses.customerEmail}) = ${email}`);
}

async function emailsTo(email: string) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = ${email}`);
  return row?.n ?? 0;
}

describe('Idempotency-Key on the checkouts', () => {
  it('answers a replay with the first result: one pass, one email', async () => {
    const body = checkoutBody('replay@example.com');
    const first = await checkout(body, 'key-replay-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await checkout(body, 'key-replay-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await passesOf('replay@example.com')).toHaveLength(1);
    expect(await emailsTo('replay@example.com')).toBe(1);
  });

  it('runs three identical checkouts sent at the same moment once', async () => {
    const body = checkoutBody('race-key@example.com', { vehicle: { plate: 'RACE 1' } });
    const answers = await Promise.all([1, 2, 3].map(() => checkout(body, 'key-race-1')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((answer) => answer.json().permitIssuedUUID));
    expect(ids.size).toBe(1);
    expect(await passesOf('race-key@example.com')).toHaveLength(1);
    expect(await emailsTo('race-key@example.com')).toBe(1);
  });

  it('refuses the same key with another body (422) and writes nothing', async () => {
    expect((await checkout(checkoutBody('reuse@example.com'), 'key-reuse')).statusCode).toBe(200);
    const other = await checkout(checkoutBody('reuse-other@example.com'), 'key-reuse');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ code: 'idempotency_key_reused', message: idempotencyMessages.keyReused });
    expect(await passesOf('reuse-other@example.com')).toHaveLength(0);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const [tenant] = await t.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'once'));
    const body = checkoutBody('running@example.com');
    const first = await checkout(body, 'key-running');
    // The first request's claim, as a request still running holds it.
    await t.db
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null })
      .where(
        and(eq(idempotencyKeys.tenantId, tenant!.id), eq(idempotencyKeys.idempotencyKey, 'key-running')),
      );
    const started = Date.now();
    const again = await checkout(body, 'key-running');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'idempotency_key_in_use', message: idempotencyMessages.keyInUse });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(first.statusCode).toBe(200);
  }, 30_000);

  it('gives the key back when the first request fails, so a retry runs', async () => {
    const refused = await checkout(checkoutBody('retry@example.com', { vehicle: undefined }), 'key-retry');
    expect(refused.statusCode).toBe(400);
    expect(await passesOf('retry@example.com')).toHaveLength(0);
    const fixed = await checkout(checkoutBody('retry@example.com'), 'key-retry');
    expect(fixed.statusCode).toBe(200);
    expect(await passesOf('retry@example.com')).toHaveLength(1);
  });

  it('runs a key again once it has expired', async () => {
    const body = checkoutBody('expired@example.com', { vehicle: { plate: 'EXP 1' } });
    const first = await checkout(body, 'key-expiry');
    await t.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.parse(TEST_NOW) - 1000) })
      .where(eq(idempotencyKeys.idempotencyKey, 'key-expiry'));
    const later = await checkout(body, 'key-expiry');
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    // The duplicate guard still recognises the checkout: the same pass, not a second one.
    expect(later.json().permitIssuedUUID).toBe(first.json().permitIssuedUUID);
  });

  it('refuses a malformed key with a 400 and writes nothing', async () => {
    const answer = await checkout(checkoutBody('bad-key@example.com'), 'x'.repeat(256));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(idempotencyMessages.keyInvalid);
    expect(await passesOf('bad-key@example.com')).toHaveLength(0);
  });

  it("keeps keys per tenant: another tenant's key does not answer this one's result", async () => {
    const body = {
      ...checkoutBody('tenant-key@example.com'),
      permitProductUUID: otherProductId,
      subdomain: 'other',
    };
    const onOther = await checkout(body, 'key-shared', 'other');
    expect(onOther.statusCode).toBe(200);
    const onOnce = await checkout(checkoutBody('tenant-key@example.com'), 'key-shared');
    expect(onOnce.statusCode).toBe(200);
    expect(onOnce.json().permitIssuedUUID).not.toBe(onOther.json().permitIssuedUUID);
  });

  it("keeps keys per caller: a signed-in customer's key is not a guest's", async () => {
    const authorization = await signIn(t, 'once', 'dana@example.com');
    const body = checkoutBody('dana@example.com', {
      permitProductUUID: secondProductId,
      vehicle: { plate: 'DANA 1' },
      holderName: 'Dana',
    });
    const asDana = () =>
      t.request('once', {
        method: 'POST',
        url: '/api/v1/permits/checkout/guest/free',
        payload: body,
        headers: { authorization, 'idempotency-key': 'key-caller' },
      });
    const first = await asDana();
    expect(first.json()).toMatchObject({ outcome: 'issued' });
    const again = await asDana();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // The same key and body from a guest is a key of its own (the guest's pass is then the
    // duplicate checkout of Dana's, recognised without a key).
    const guest = await checkout(body, 'key-caller');
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('the documentation and the sweep', () => {
  it('lists the Idempotency-Key header on every idempotent call in OpenAPI, and its 409 and 422', async () => {
    const document = (await t.request(null, { method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { parameters?: Array<{ in: string; name: string }>; responses: object }>
      >;
    };
    for (const contract of allRouteContracts().map((entry) => entry.contract)) {
      const operation =
        document.paths[`/api/v1${contract.path}`.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[
          contract.method.toLowerCase()
        ];
      const headers = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'header');
      const names = headers.map((parameter) => parameter.name.toLowerCase());
      expect(names.includes('idempotency-key'), contract.path).toBe(contract.idempotent === true);
      if (contract.idempotent)
        expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['409', '422']));
    }
  });

  it('deletes expired keys and keeps the others', async () => {
    const base = Date.parse(TEST_NOW);
    await checkout(checkoutBody('sweep@example.com', { vehicle: { plate: 'SWEEP 1' } }), 'key-sweep');
    expect(await deleteExpiredKeys(t.db, new Date(base + 23 * 3_600_000))).toBe(0);
    expect(await deleteExpiredKeys(t.db, new Date(base + 24 * 3_600_000))).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.idempotencyKey, 'key-sweep'));
    expect(left).toHaveLength(0);
  });
});

describe('identical checkouts without a key', () => {
  it('answer the first pass when sent at the same moment: one pass, one email', async () => {
    const body = checkoutBody('race@example.com', { vehicle: { plate: 'AB-123' } });
    const variants = [
      body,
      { ...body, vehicle: { plate: 'ab 123' } },
      { ...body, email: 'RACE@example.com' },
    ];
    const answers = await Promise.all(variants.map((variant) => checkout(variant)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().permitIssuedUUID)).size).toBe(1);
    expect(await passesOf('race@example.com')).toHaveLength(1);
    expect(await emailsTo('race@example.com')).toBe(1);
  });

  // These products start now (a later start is refused), so "another start" is another moment:
  // the window test below.
  it('issue a second pass for another plate or product', async () => {
    const body = checkoutBody('distinct@example.com', { vehicle: { plate: 'DIS 1' } });
    const answers = [
      await checkout(body),
      await checkout({ ...body, vehicle: { plate: 'DIS 2' } }),
      await checkout({ ...body, permitProductUUID: secondProductId }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().permitIssuedUUID)).size).toBe(3);
  });

  it('issue a new pass once the window has passed', async () => {
    const body = checkoutBody('later@example.com', { vehicle: { plate: 'LATE 1' }, date: TEST_NOW });
    const first = await checkout(body);
    t.clock.set(new Date(Date.parse(TEST_NOW) + 61_000));
    try {
      const again = await checkout(body);
      const soonAfter = await checkout(body);
      expect(again.json().permitIssuedUUID).not.toBe(first.json().permitIssuedUUID);
      expect(soonAfter.json().permitIssuedUUID).toBe(again.json().permitIssuedUUID);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });
});
