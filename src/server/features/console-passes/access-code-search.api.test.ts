import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { planUnderTenantPolicy } from '../../../../tests/support/query-plan';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { issuedPasses, passAccessCodes, passProducts } from '../../db/schema';
import { parseCsv } from '../lists/parse-csv';
import { accessCodeSearchWhere } from './access-code-search';

/**
 * The access codes list (issue 33): searched by code or by the pass a code issued (number, plate,
 * holder), filtered by status, paged with its total and counts, exported as filtered, and "select
 * all N matching" of the bulk revoke over the same search; another tenant's product is a 404.
 */
const PAGE_CODES = Array.from({ length: 60 }, (_, index) => `PAGE-${String(index).padStart(3, '0')}`);
const alpha = buildTenant({
  subdomain: 'alpha',
  operators: [
    buildOperator({ email: 'admin@alpha.example' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
  products: [
    buildProduct({
      name: 'Resident monthly',
      accessCodes: ['SPRING-A1', 'SPRING-B2', 'AUTUMN-1', 'USED-1', 'REV-1', ...PAGE_CODES],
    }),
  ],
  passes: [
    buildPass('Resident monthly', {
      customerPermitId: '700001',
      vehicle: buildVehicle({ plate: 'KXY4410' }),
      permitHolder: { name: 'Dana Whitfield', email: 'dana@alpha.example' },
    }),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  operators: [buildOperator({ email: 'admin@beta.example' })],
  products: [buildProduct({ name: 'Beta monthly', accessCodes: ['SPRING-BETA'] })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens: Record<string, string> = {};
let productId = '';
let betaProductId = '';

async function productOf(tenantId: string): Promise<string> {
  const [row] = await t.db
    .select({ id: passProducts.id })
    .from(passProducts)
    .where(eq(passProducts.tenantId, tenantId));
  return row!.id;
}

beforeAll(async () => {
  tokens.admin = await signInOperator(t, 'alpha', 'admin@alpha.example');
  tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
  tokens.betaAdmin = await signInOperator(t, 'beta', 'admin@beta.example');
  productId = await productOf(alpha.uuid);
  betaProductId = await productOf(beta.uuid);
  const [pass] = await t.db
    .select({ id: issuedPasses.id })
    .from(issuedPasses)
    .where(and(eq(issuedPasses.tenantId, alpha.uuid), eq(issuedPasses.customerPermitId, '700001')));
  const spend = (code: string, usedByPassId: string | null) =>
    t.db
      .update(passAccessCodes)
      .set({ usedAt: new Date('2026-11-19T10:00:00Z'), usedByPassId })
      .where(and(eq(passAccessCodes.tenantId, alpha.uuid), eq(passAccessCodes.code, code)));
  await spend('USED-1', pass!.id);
  await spend('REV-1', null);
});

function get(who: string, url: string, host = 'alpha') {
  return t.request(host, {
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { authorization: tokens[who] ?? '' },
  });
}

async function search(query: string, who = 'admin') {
  const response = await get(who, `/dashboard/products/${productId}/access-codes${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: { code: string; status: string; passNumber: string | null; plate: string | null }[];
    total: number;
    isTotalExact: boolean;
    page: number;
    pageSize: number;
    counts: { unused: number; used: number; revoked: number };
  };
}
const csvRows = (body: string) => parseCsv(body).records.map((record) => record.fields);
const codesOf = async (query: string) => (await search(query)).items.map((item) => item.code).sort();

describe('GET /dashboard/products/{uuid}/access-codes', () => {
  it('pages every code with the total and the counts of each status', async () => {
    const first = await search('');
    expect(first).toMatchObject({
      total: 65,
      isTotalExact: true,
      page: 1,
      pageSize: 50,
      counts: { unused: 63, used: 1, revoked: 1 },
    });
    expect(first.items).toHaveLength(50);
    const second = await search('?page=2');
    expect(second.items).toHaveLength(15);
    const seen = new Set([...first.items, ...second.items].map((item) => item.code));
    expect(seen.size).toBe(65);
  });

  it('finds codes by their start, in any case and with spaces', async () => {
    expect(await codesOf('?q=spring')).toEqual(['SPRING-A1', 'SPRING-B2']);
    expect(await codesOf('?q=%20Spr%20ing-b')).toEqual(['SPRING-B2']);
    expect(await codesOf('?q=PRING')).toEqual([]);
  });

  it('finds a used code by its pass: number, plate, holder name or email', async () => {
    for (const q of ['700001', 'kxy 44', 'dana whi', 'DANA@ALPHA']) {
      const found = await search(`?q=${encodeURIComponent(q)}`);
      expect(found.items, q).toEqual([
        expect.objectContaining({ code: 'USED-1', status: 'used', passNumber: '700001', plate: 'KXY4410' }),
      ]);
    }
  });

  it('filters by status, counting the search in every status', async () => {
    expect(await codesOf('?status=used')).toEqual(['USED-1']);
    expect(await codesOf('?status=revoked')).toEqual(['REV-1']);
    const unusedSpring = await search('?q=spring&status=unused');
    expect(unusedSpring.total).toBe(2);
    expect((await search('?q=u&status=all')).counts).toEqual({ unused: 0, used: 1, revoked: 0 });
  });

  it('refuses bad input with a sentence', async () => {
    for (const query of ['?status=lost', '?page=0', '?page=201', '?page=two', `?q=${'x'.repeat(101)}`]) {
      const response = await get('admin', `/dashboard/products/${productId}/access-codes${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('is read from indexes under row-level security', async () => {
    const query = t.db
      .select({ code: passAccessCodes.code })
      .from(passAccessCodes)
      .where(accessCodeSearchWhere(alpha.uuid, productId, { q: 'spring', status: 'all' }));
    const plan = await planUnderTenantPolicy(t.db, alpha.uuid, query);
    // The product's codes (at most 10,000) are an index range; both of the search's conditions are
    // leakproof (`^@` on the code, `=` on the pass id), so none is left to a LIKE or lower().
    expect(plan).toMatch(/pass_access_codes_\w+_idx[\s\S]*?Index Cond: [^\n]*product_id = /);
    expect(plan).toMatch(/code \^@ 'SPRING'|code ~>=~ 'SPRING'/);
    expect(plan).not.toMatch(/~~|lower\(/);
  });
});

describe('the tenant wall', () => {
  it("answers 404 for another tenant's product, and serves that tenant its own", async () => {
    for (const path of ['access-codes', 'access-codes?q=spring', 'access-codes/export']) {
      const refused = await get('betaAdmin', `/dashboard/products/${productId}/${path}`, 'beta');
      expect(refused.statusCode, path).toBe(404);
    }
    const own = await get('betaAdmin', `/dashboard/products/${betaProductId}/access-codes?q=spring`, 'beta');
    expect(own.statusCode).toBe(200);
    expect(own.json().items.map((item: { code: string }) => item.code)).toEqual(['SPRING-BETA']);
    // Alpha's pass number finds nothing among beta's codes.
    const crossed = await get(
      'betaAdmin',
      `/dashboard/products/${betaProductId}/access-codes?q=700001`,
      'beta',
    );
    expect(crossed.json().items).toEqual([]);
  });

  it('refuses a role without access-code.manage', async () => {
    expect((await get('officer', `/dashboard/products/${productId}/access-codes`)).statusCode).toBe(403);
  });
});

describe('GET /dashboard/products/{uuid}/access-codes/export', () => {
  it('writes what the search matches, every row, in the list order', async () => {
    const response = await get('admin', `/dashboard/products/${productId}/access-codes/export?q=700001`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const rows = csvRows(response.body);
    expect(rows[0]).toEqual(['code', 'status', 'createdAt', 'usedAt', 'passNumber', 'plate', 'passUUID']);
    expect(rows.slice(1).map((row) => row.slice(0, 2).concat(row.slice(4, 6)))).toEqual([
      ['USED-1', 'used', '700001', 'KXY4410'],
    ]);
    const all = csvRows((await get('admin', `/dashboard/products/${productId}/access-codes/export`)).body);
    expect(all).toHaveLength(66);
  });

  it('refuses a bad status with a 400', async () => {
    const response = await get('admin', `/dashboard/products/${productId}/access-codes/export?status=lost`);
    expect(response.statusCode).toBe(400);
  });
});

describe('bulk revoke over the search', () => {
  it('revokes "all N matching" the search and nothing else', async () => {
    const response = await t.request('alpha', {
      method: 'POST',
      url: `/api/v1/dashboard/products/${productId}/access-codes/bulk/revoke`,
      headers: { authorization: tokens.admin ?? '' },
      payload: { selection: { matching: { q: 'spring' } } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json()
        .changed.map((row: { label: string }) => row.label)
        .sort(),
    ).toEqual(['SPRING-A1', 'SPRING-B2']);
    expect((await search('?status=unused')).total).toBe(61);
    expect(await codesOf('?q=spring&status=revoked')).toEqual(['SPRING-A1', 'SPRING-B2']);
  });
});
