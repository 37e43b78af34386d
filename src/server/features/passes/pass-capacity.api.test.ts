import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, buildTenant } from '../../../../tests/support/factories';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import { passMessages } from '../../../shared/messages/passes';
import { issuedPasses, passProducts } from '../../db/schema';

/**
 * Capacity under load: 200 guests check out at once for a product with 10 places. The product
 * row lock in the issuing transaction makes exactly 10 of them win, on PostgreSQL (real
 * concurrency, `npm run test:api:postgres`) as on PGlite.
 */
let t: TestApp;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...buildTenant({ subdomain: 'rush' }),
        products: [buildProduct({ name: 'Ten places', capacity: 10 })],
      },
    ],
  });
  productId = (await t.db.select({ id: passProducts.id }).from(passProducts))[0]!.id;
});
afterAll(() => t.close());

describe('capacity under 200 concurrent checkouts', () => {
  it('issues exactly 10 passes; every other checkout is a 409 sold out', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        t.request('rush', {
          method: 'POST',
          url: '/api/v1/permits/checkout/guest/free',
          payload: {
            permitProductUUID: productId,
            subdomain: 'rush',
            email: `rush${n}@example.com`,
            date: TEST_NOW,
            vehicle: { plate: `RUSH ${n}` },
          },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(190);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toEqual({
      code: 'sold_out',
      message: passMessages.soldOut,
    });
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(issuedPasses)
      .where(eq(issuedPasses.productId, productId));
    expect(row?.n).toBe(10);
  });
});
