import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCitation, buildCustomer, buildProduct, buildTenant } from '../../../../tests/support/factories';
import { signIn } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { passMessages } from '../../../shared/messages/passes';
import { plateMessages } from '../../../shared/messages/plates';
import { canonicalPlate } from '../../../shared/rules/plates';
import { queryRows } from '../../db/client';
import { customerVehicles, issuedPasses, passProducts } from '../../db/schema';
import { createApiKey } from '../enforcement/api-keys';
import { findTenantBySubdomain } from '../tenancy/queries';

/**
 * One plate, everywhere (issue 27, decision 174): the forms a person types of one plate meet in
 * every match, what is not a plate is a 400 that writes nothing, and a saved plate is not saved
 * twice.
 */
const alpha = buildTenant({ subdomain: 'alpha' });
const t = useTestApp({
  seed: {
    tenants: [
      {
        ...alpha,
        products: [buildProduct({ name: 'Resident' })],
        customers: [buildCustomer({ email: 'driver@example.com' })],
        citations: [buildCitation({ plate: 'ABC123', citationNumber: 'N-100' })],
      },
    ],
  },
});

let token: string;
let apiKey: string;
let productId: string;
beforeAll(async () => {
  token = await signIn(t, 'alpha', 'driver@example.com');
  const tenant = await findTenantBySubdomain(t.db, 'alpha');
  apiKey = (await createApiKey(t.db, { tenantId: tenant!.id, name: 'Truck 1' })).key;
  productId = (await t.db.select({ id: passProducts.id }).from(passProducts))[0]!.id;
});

const car = { state: 'NY', make: 'TOYOTA', model: 'COROLLA', color: 'BLUE' };
const guestCheckout = (plate: string) =>
  t.request('alpha', {
    method: 'POST',
    url: '/api/v1/permits/checkout/guest/free',
    payload: {
      permitProductUUID: productId,
      subdomain: 'alpha',
      email: 'guest@example.com',
      fullname: 'Gus Guest',
      date: t.clock.now().toISOString(),
      vehicle: { plate, ...car },
    },
  });
const checkPlate = (plate: string) =>
  t.request('alpha', {
    method: 'GET',
    url: `/api/v1/enforcement/plates/${encodeURIComponent(plate)}`,
    headers: { authorization: `Bearer ${apiKey}` },
  });
const addVehicle = (vehicle: Record<string, unknown>) =>
  t.request('alpha', {
    method: 'POST',
    url: '/api/v1/portal/permit/vehicle',
    headers: { authorization: token },
    payload: vehicle,
  });
const savedVehicles = () => t.db.select().from(customerVehicles).orderBy(customerVehicles.createdAt);
const passCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(issuedPasses))[0]!.n;

describe('a plate registered in any spelling meets the officer’s check', () => {
  beforeEach(async () => {
    await t.db.delete(issuedPasses);
  });

  it.each(['ab c-12 3', 'ABC-123', 'AB C123', 'abc.123'])(
    'a pass for %s is covered when the officer checks ABC123, and keeps the plate as typed',
    async (typed) => {
      expect((await guestCheckout(typed)).statusCode).toBe(200);
      const check = await checkPlate('ABC123');
      expect(check.statusCode).toBe(200);
      expect(check.json()).toMatchObject({ plate: 'ABC123', isCovered: true });
      expect(check.json().passes[0].plate).toBe(typed.toUpperCase());
      // The officer may type a separator too.
      expect((await checkPlate('abc-123')).json()).toMatchObject({ plate: 'ABC123', isCovered: true });
    },
  );

  it('finds the plate’s notices in any spelling, and a notice number keeps its dash', async () => {
    for (const plate of ['ABC-123', 'abc.123', 'AB C123']) {
      const response = await t.request('alpha', {
        method: 'GET',
        url: `/api/v1/portal/citation/p/${encodeURIComponent(plate)}/n/blank/o/alpha`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().map((notice: { citationNumber: string }) => notice.citationNumber)).toEqual([
        'N-100',
      ]);
    }
    const byNumber = await t.request('alpha', {
      method: 'GET',
      url: '/api/v1/portal/citation/p/blank/n/N-100/o/alpha',
    });
    expect(byNumber.json()).toHaveLength(1);
    expect((await checkPlate('ab-c 123')).json().openNotices).toHaveLength(1);
  });
});

describe('what is not a plate is a 400 with the plate message, and nothing is written', () => {
  it.each(['!!!', '😀😀', '<b>AB1</b>', 'AB\n12'])(
    'refuses %j in a checkout, a saved vehicle and a check',
    async (bad) => {
      const passesBefore = await passCount();
      const vehiclesBefore = (await savedVehicles()).length;
      const checkout = await guestCheckout(bad);
      expect(checkout.statusCode).toBe(400);
      expect(checkout.json().message).toContain(plateMessages.plateInvalid);
      const saved = await addVehicle({ plate: bad, ...car });
      expect(saved.statusCode).toBe(400);
      expect(saved.json().message).toContain(plateMessages.plateInvalid);
      expect((await checkPlate(bad)).statusCode).toBe(400);
      expect(await passCount()).toBe(passesBefore);
      expect(await savedVehicles()).toHaveLength(vehiclesBefore);
    },
  );
});

describe('saved vehicles (POST /portal/permit/vehicle)', () => {
  it('refuses a plate the customer already saved, in any spelling, with a 409 that changes nothing', async () => {
    const first = await addVehicle({ plate: 'ab c-12 3', ...car });
    expect(first.statusCode).toBe(200);
    for (const again of ['ABC-123', 'AB C123', 'abc123']) {
      const response = await addVehicle({
        plate: again,
        state: 'CA',
        make: 'HONDA',
        model: 'CIVIC',
        color: 'RED',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'conflict', message: plateMessages.duplicateVehicle });
    }
    const rows = await savedVehicles();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first.json().uuid,
      plate: 'AB C-12 3',
      make: 'TOYOTA',
      color: 'BLUE',
    });
  });

  it.each(['state', 'make', 'model', 'color'])('requires the %s, as the spec’s call does', async (field) => {
    const before = (await savedVehicles()).length;
    const response = await addVehicle({ plate: 'NEW 1', ...car, [field]: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(passMessages.vehicleFieldsRequired);
    expect(await savedVehicles()).toHaveLength(before);
    expect(await t.db.select().from(customerVehicles).where(eq(customerVehicles.plate, 'NEW 1'))).toEqual([]);
  });
});

describe('the database’s canonical plate', () => {
  it('is canonicalPlate() for the forms people type', async () => {
    for (const typed of ['ab c-12 3', 'ABC-123', 'abc.123', 'ＡＢＣ１２３', 'мк 123', 'AB‐12−3·4']) {
      const [row] = await queryRows<{ plate: string }>(t.db, sql`SELECT canonical_plate(${typed}) AS plate`);
      expect(row!.plate, typed).toBe(canonicalPlate(typed));
    }
  });
});
