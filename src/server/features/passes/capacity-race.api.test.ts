import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, buildTenant } from '../../../../tests/support/factories';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import { issuedPasses, passProducts } from '../../db/schema';

/**
 * Issuing raced against cancels on a small capacity (issue 27, decision 233): while the holders
 * of a sold-out product's 4 places cancel (each twice), 30 guests check out. No moment holds
 * more passes than places (0 oversold), every 200 is a pass and every 409 wrote nothing, and every
 * place a cancel freed is there to sell afterwards (0 lost): the product ends exactly full.
 */
const CAPACITY = 4;
const BUYERS = 30;
let t: TestApp;
let productId: string;

const checkout = (n: number) =>
  t.request('race', {
    method: 'POST',
    url: '/api/v1/permits/checkout/guest/free',
    payload: {
      permitProductUUID: productId,
      subdomain: 'race',
      email: `race${n}@example.com`,
      date: TEST_NOW,
      vehicle: { plate: `RACE ${n}` },
    },
  });
const cancel = (passId: string) =>
  t.request('race', { method: 'PUT', url: `/api/v1/permits/issued/${passId}/cancel` });

const holdingPlaces = async () => {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(issuedPasses)
    .where(and(eq(issuedPasses.productId, productId), eq(issuedPasses.paidStatus, 'paid')));
  return row?.n ?? 0;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...buildTenant({ subdomain: 'race' }),
        products: [buildProduct({ name: 'Four places', capacity: CAPACITY })],
      },
    ],
  });
  productId = (await t.db.select({ id: passProducts.id }).from(passProducts))[0]!.id;
});
afterAll(() => t.close());

describe('issuing raced against cancels on 4 places', () => {
  it('never oversells and loses no freed place', async () => {
    const first = await Promise.all(Array.from({ length: CAPACITY }, (_, n) => checkout(1000 + n)));
    expect(first.map((answer) => answer.statusCode)).toEqual(Array(CAPACITY).fill(200));
    const firstIds = first.map((answer) => answer.json().permitIssuedUUID as string);
    expect((await checkout(999)).statusCode).toBe(409);

    const cancels = [...firstIds, ...firstIds].map((id) => cancel(id));
    const buyers = Array.from({ length: BUYERS }, (_, n) => checkout(n));
    const [cancelled, bought] = await Promise.all([Promise.all(cancels), Promise.all(buyers)]);

    // Each pass is canceled once; its second cancel finds it canceled already.
    expect(cancelled.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(CAPACITY);
    expect(cancelled.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    const canceledRows = await t.db
      .select({ status: issuedPasses.paidStatus })
      .from(issuedPasses)
      .where(inArray(issuedPasses.id, firstIds));
    expect(canceledRows.map((row) => row.status)).toEqual(Array(CAPACITY).fill('canceled'));

    // Every answer is a pass or a sold out; the passes answered are exactly those written.
    expect(bought.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    const soldIds = bought
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json().permitIssuedUUID as string);
    expect(soldIds.length).toBeLessThanOrEqual(CAPACITY);
    expect(await holdingPlaces()).toBe(soldIds.length);

    // Whatever the race left free is still for sale, and no more: the product ends exactly full.
    let n = BUYERS;
    while ((await checkout(n++)).statusCode === 200) expect(n).toBeLessThan(BUYERS + 2 * CAPACITY);
    expect(await holdingPlaces()).toBe(CAPACITY);
  });
});
