import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildReport,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import {
  cancelConsolePassContract,
  createApiKeyContract,
  createConsoleProductContract,
  generateAccessCodesContract,
  getConsolePassContract,
  getConsoleProductContract,
  listAccessCodesContract,
  listApiKeysContract,
  listConsolePassesContract,
  listConsoleProductsContract,
  listConsoleReportsContract,
  type ProductEditorInput,
  type RouteContract,
  refundConsolePassContract,
  revokeAccessCodeContract,
  revokeApiKeyContract,
  updateConsoleProductContract,
} from '../../../shared/contract';
import { queryRows } from '../../db/client';
import { auditLog, issuedPasses, passAccessCodes, passProducts, paymentSessions } from '../../db/schema';
import { can, operatorActor } from '../permissions';

/**
 * The console's pass calls (issue 11): every role of tenant A against every call, tenant B's
 * admin against A's records, bad input, and the refund clicked twice.
 */
const alpha = buildTenant({
  subdomain: 'alpha',
  customers: [buildCustomer({ email: 'dana@alpha.example', fullname: 'Dana Whitfield' })],
  operators: [
    buildOperator({ email: 'admin@alpha.example' }),
    buildOperator({ email: 'staff@alpha.example', role: 'staff' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
  products: [
    buildProduct({ name: 'Resident monthly', amount: 4500, accessCodes: ['RES-USED-1', 'RES-FREE-1'] }),
    buildProduct({ name: 'Visitor day', isAutoApproved: false }),
  ],
  passes: [
    buildPass('Resident monthly', {
      customerPermitId: '700001',
      customerEmail: 'dana@alpha.example',
      amount: 4500,
      vehicle: buildVehicle({ plate: 'KXY4410' }),
    }),
    buildPass('Visitor day', {
      customerPermitId: '700002',
      paidStatus: 'waiting',
      vehicle: buildVehicle({ plate: 'WAIT123' }),
      permitHolder: { name: 'Vera Visitor', email: 'vera@visitors.example' },
    }),
  ],
  reports: [buildReport({ plate: 'KXY4410' })],
});
const beta = buildTenant({
  subdomain: 'beta',
  operators: [buildOperator({ email: 'admin@beta.example' })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens: Record<string, string> = {};
const operatorToken = (subdomain: string, email: string) => signInOperator(t, subdomain, email);

beforeAll(async () => {
  tokens.admin = await operatorToken('alpha', 'admin@alpha.example');
  tokens.staff = await operatorToken('alpha', 'staff@alpha.example');
  tokens.officer = await operatorToken('alpha', 'officer@alpha.example');
  tokens.betaAdmin = await operatorToken('beta', 'admin@beta.example');
});

function call(
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  host = 'alpha',
) {
  return t.request(host, {
    method,
    url: `/api/v1${url}`,
    headers: { authorization: tokens[who] ?? '' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function productBody(overrides: Partial<ProductEditorInput> = {}): ProductEditorInput {
  return {
    name: 'Garage overnight',
    description: 'Level 2, any bay',
    amount: 1250,
    billingType: 'ONE TIME',
    billingPeriod: 'NONE',
    permitDuration: 12,
    permitDurationUnit: 'HOUR',
    timeSelectionType: 1,
    chosenDate: null,
    chosenEndDate: null,
    advancedType: 0,
    isAutoApproved: true,
    isEmailVerify: false,
    isSignupCodeRequired: false,
    isRegImgRequired: false,
    needsGuestCode: false,
    guestFieldsType: 1,
    guestNeedsPermitHolderInfo: false,
    isMinPermitHolderInfo: false,
    labelDescriptor: 'None',
    documentUploadCopy: null,
    isPlateOnly: false,
    footerCopy: '<p>Park <strong>only</strong> in marked bays.</p><script>alert(1)</script>',
    footerCopyAboveCheckout: null,
    formFields: [{ label: 'Unit number', value: '' }],
    images: [],
    isVisitorOnly: false,
    isBusinessProduct: false,
    capacity: 40,
    maxVehiclesPerPermit: 2,
    maxActiveVehiclesPerPermit: 1,
    canEditTimes: true,
    residencyRule: null,
    rules: { weekdays: [1, 2, 3, 4, 5], hoursFrom: '06:00', hoursTo: '22:00', blackoutDates: ['2026-12-25'] },
    isArchived: false,
    ...overrides,
  };
}

async function productId(name: string): Promise<string> {
  const [row] = await t.db
    .select({ id: passProducts.id })
    .from(passProducts)
    .where(and(eq(passProducts.tenantId, alpha.uuid), eq(passProducts.name, name)));
  return row!.id;
}

async function passId(number: string): Promise<string> {
  const [row] = await t.db
    .select({ id: issuedPasses.id })
    .from(issuedPasses)
    .where(and(eq(issuedPasses.tenantId, alpha.uuid), eq(issuedPasses.customerPermitId, number)));
  return row!.id;
}

async function countRows(table: 'pass_products' | 'pass_access_codes' | 'api_keys' | 'audit_log') {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE tenant_id = ${alpha.uuid}`,
  );
  return row?.n ?? 0;
}

describe('roles: each operator role of the tenant against every console pass call', () => {
  const roles = {
    admin: { id: 'a', tenantId: alpha.uuid, role: 'tenant_admin' },
    staff: { id: 's', tenantId: alpha.uuid, role: 'staff' },
    officer: { id: 'o', tenantId: alpha.uuid, role: 'enforcement' },
  } as const;

  /** A call that changes nothing when refused, with what the test needs to make it. */
  async function requestsFor(): Promise<
    Array<[RouteContract, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]>
  > {
    const product = await productId('Visitor day');
    const pass = await passId('700002');
    const missingKey = '00000000-0000-4000-8000-000000000000';
    return [
      [listConsoleProductsContract, 'GET', '/dashboard/products'],
      [getConsoleProductContract, 'GET', `/dashboard/products/${product}`],
      [createConsoleProductContract, 'POST', '/dashboard/products', productBody({ name: 'Role probe' })],
      [
        updateConsoleProductContract,
        'PUT',
        `/dashboard/products/${product}`,
        productBody({ name: 'Visitor day' }),
      ],
      [listAccessCodesContract, 'GET', `/dashboard/products/${product}/access-codes`],
      [generateAccessCodesContract, 'POST', `/dashboard/products/${product}/access-codes`, { count: 1 }],
      [revokeAccessCodeContract, 'DELETE', `/dashboard/products/${product}/access-codes/NO-SUCH-CODE`],
      [listConsolePassesContract, 'GET', '/dashboard/passes'],
      [getConsolePassContract, 'GET', `/dashboard/passes/${pass}`],
      [refundConsolePassContract, 'POST', `/dashboard/passes/${pass}/refund`, { reason: 'Role probe' }],
      [cancelConsolePassContract, 'POST', `/dashboard/passes/${pass}/cancel`],
      [listConsoleReportsContract, 'GET', '/dashboard/reports'],
      [listApiKeysContract, 'GET', '/dashboard/api-keys'],
      [createApiKeyContract, 'POST', '/dashboard/api-keys', { name: 'Role probe' }],
      [revokeApiKeyContract, 'DELETE', `/dashboard/api-keys/${missingKey}`],
    ];
  }

  for (const role of ['admin', 'staff', 'officer'] as const) {
    it(`answers ${role} 403 exactly where the role lacks the permission`, async () => {
      for (const [contract, method, url, payload] of await requestsFor()) {
        const allowed = can(operatorActor({ ...roles[role], id: roles[role].id }), contract.permission!, {
          tenantId: alpha.uuid,
        });
        if (allowed) continue;
        const before = await countRows('audit_log');
        const response = await call(role, method, url, payload);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(await countRows('audit_log')).toBe(before);
      }
    });
  }

  it('lets admins do everything and staff manage codes, passes and reports but not products or keys', async () => {
    const product = await productId('Visitor day');
    expect((await call('staff', 'GET', '/dashboard/products')).statusCode).toBe(200);
    expect((await call('staff', 'GET', `/dashboard/products/${product}`)).statusCode).toBe(403);
    expect((await call('staff', 'GET', `/dashboard/products/${product}/access-codes`)).statusCode).toBe(200);
    expect((await call('staff', 'GET', '/dashboard/passes?status=waiting')).statusCode).toBe(200);
    expect((await call('officer', 'GET', '/dashboard/passes')).statusCode).toBe(200);
    expect((await call('officer', 'GET', '/dashboard/reports')).statusCode).toBe(200);
    expect((await call('staff', 'GET', '/dashboard/api-keys')).statusCode).toBe(403);
    expect((await call('admin', 'GET', '/dashboard/api-keys')).statusCode).toBe(200);
  });

  it('refuses callers without an operator token', async () => {
    const response = await t.request('alpha', { method: 'GET', url: '/api/v1/dashboard/passes' });
    expect(response.statusCode).toBe(401);
  });
});

describe("tenant B's admin against tenant A's records", () => {
  it('answers 404 and changes nothing', async () => {
    const product = await productId('Resident monthly');
    const pass = await passId('700001');
    const key = await call('admin', 'POST', '/dashboard/api-keys', { name: 'Alpha patrol' });
    const keyId = key.json().apiKey.uuid as string;
    const before = await countRows('audit_log');
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', `/dashboard/products/${product}`],
      ['PUT', `/dashboard/products/${product}`, productBody({ name: 'Stolen' })],
      ['GET', `/dashboard/products/${product}/access-codes`],
      ['POST', `/dashboard/products/${product}/access-codes`, { count: 2 }],
      ['DELETE', `/dashboard/products/${product}/access-codes/RES-FREE-1`],
      ['GET', `/dashboard/passes/${pass}`],
      ['POST', `/dashboard/passes/${pass}/refund`, { reason: 'Stolen' }],
      ['POST', `/dashboard/passes/${pass}/cancel`],
      ['DELETE', `/dashboard/api-keys/${keyId}`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call('betaAdmin', method, url, payload, 'beta');
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Resident monthly');
    }
    // B's token on A's host is not an operator of A at all.
    expect((await call('betaAdmin', 'GET', `/dashboard/passes/${pass}`)).statusCode).toBe(401);
    expect(await countRows('audit_log')).toBe(before);
    const passes = await call('betaAdmin', 'GET', '/dashboard/passes?q=KXY', undefined, 'beta');
    expect(passes.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('pass products', () => {
  it('creates a product with every field, sanitises the footer and logs it', async () => {
    const response = await call('admin', 'POST', '/dashboard/products', productBody());
    expect(response.statusCode).toBe(200);
    const product = response.json();
    expect(product).toMatchObject({
      name: 'Garage overnight',
      amount: 1250,
      permitDuration: 12,
      permitDurationUnit: 'HOUR',
      capacity: 40,
      canEditTimes: true,
      formFields: [{ label: 'Unit number', value: '' }],
      rules: {
        weekdays: [1, 2, 3, 4, 5],
        hoursFrom: '06:00',
        hoursTo: '22:00',
        blackoutDates: ['2026-12-25'],
      },
      isArchived: false,
    });
    expect(product.footerCopy).toBe('<p>Park <strong>only</strong> in marked bays.</p>');
    // The portal sells it.
    const catalogue = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/portal/permit/product/${product.uuid}`,
    });
    expect(catalogue.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, alpha.uuid), eq(auditLog.entityId, product.uuid)));
    expect(entry).toMatchObject({ action: 'product.create', actorLabel: 'admin@alpha.example' });
  });

  it('updates every field, keeping before and after in the audit log, and archives', async () => {
    const id = await productId('Garage overnight');
    const response = await call(
      'admin',
      'PUT',
      `/dashboard/products/${id}`,
      productBody({
        amount: 1500,
        billingType: 'RECURRING',
        billingPeriod: 'MONTH',
        isVisitorOnly: true,
        formFields: [],
        rules: { quota: { count: 2, period: 'MONTH', periodLength: 1, per: 'plate', measure: 'passes' } },
        isArchived: true,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      amount: 1500,
      billingPeriod: 'MONTH',
      isArchived: true,
      formFields: [],
    });
    expect(response.json().rules).toMatchObject({ weekdays: null, quota: { count: 2, per: 'plate' } });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'product.update')));
    expect(entry?.before).toMatchObject({ amount: 1250, isArchived: false });
    expect(entry?.after).toMatchObject({ amount: 1500, isArchived: true });
    // Archived: no longer sold on the portal.
    const portal = await t.request('alpha', { method: 'GET', url: `/api/v1/portal/permit/product/${id}` });
    expect(portal.statusCode).toBe(404);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = { products: await countRows('pass_products'), audit: await countRows('audit_log') };
    const bad: Array<Partial<ProductEditorInput> | Record<string, unknown>> = [
      { name: '   ' },
      { amount: -1 },
      { amount: 12.5 },
      { billingType: 'RECURRING', billingPeriod: 'NONE' },
      { timeSelectionType: 2 },
      { maxVehiclesPerPermit: 1, maxActiveVehiclesPerPermit: 2 },
      { rules: { hoursFrom: '25:00', hoursTo: '26:00' } },
      { rules: { salesStart: '2026-12-01T00:00:00Z', salesEnd: '2026-11-01T00:00:00Z' } },
      { images: ['https://evil.example/x.png'] },
      { capacity: -3 },
    ];
    for (const overrides of bad) {
      const response = await call(
        'admin',
        'POST',
        '/dashboard/products',
        productBody({ name: 'Bad one', ...overrides }),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toMatch(/^[A-Z].*\.$/);
    }
    expect(await countRows('pass_products')).toBe(before.products);
    expect(await countRows('audit_log')).toBe(before.audit);
  });

  it('answers 409 for a name another product has (any case)', async () => {
    const response = await call(
      'admin',
      'POST',
      '/dashboard/products',
      productBody({ name: 'resident MONTHLY' }),
    );
    expect(response.statusCode).toBe(409);
  });
});

describe('access codes', () => {
  it('generates a batch, lists it and revokes an unused code; a used one stays', async () => {
    const id = await productId('Resident monthly');
    await t.db
      .update(passAccessCodes)
      .set({ usedAt: new Date('2026-11-19T10:00:00Z'), usedByPassId: await passId('700001') })
      .where(and(eq(passAccessCodes.tenantId, alpha.uuid), eq(passAccessCodes.code, 'RES-USED-1')));
    const generated = await call('staff', 'POST', `/dashboard/products/${id}/access-codes`, {
      count: 25,
      prefix: ' spring- ',
    });
    expect(generated.statusCode).toBe(200);
    const codes = generated.json().codes as string[];
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(/^SPRING-[A-Z2-9]{10}$/);

    const list = await call('staff', 'GET', `/dashboard/products/${id}/access-codes`);
    expect(list.json().items).toHaveLength(27);

    expect(
      (await call('staff', 'DELETE', `/dashboard/products/${id}/access-codes/res-used-1`)).statusCode,
    ).toBe(409);
    const revoked = await call('staff', 'DELETE', `/dashboard/products/${id}/access-codes/${codes[0]}`);
    expect(revoked.statusCode).toBe(200);
    expect(
      (await call('staff', 'DELETE', `/dashboard/products/${id}/access-codes/${codes[0]}`)).statusCode,
    ).toBe(409);
    expect(
      (await call('staff', 'DELETE', `/dashboard/products/${id}/access-codes/NOT-A-CODE`)).statusCode,
    ).toBe(404);
    const statuses = (await call('staff', 'GET', `/dashboard/products/${id}/access-codes`)).json().items;
    expect(statuses.find((item: { code: string }) => item.code === codes[0]).status).toBe('revoked');
    expect(statuses.find((item: { code: string }) => item.code === 'RES-USED-1').status).toBe('used');
    // A revoked code no longer opens the product on the portal.
    const customer = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/dashboard/permit/${id}/access-codes/${codes[0]}/checkcode`,
    });
    expect(customer.statusCode).not.toBe(200);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, alpha.uuid), eq(auditLog.entityId, id)));
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['access-code.generate', 'access-code.revoke']),
    );
  });

  it('refuses a bad batch with a 400 and writes nothing', async () => {
    const id = await productId('Resident monthly');
    const before = await countRows('pass_access_codes');
    for (const payload of [
      { count: 0 },
      { count: 1001 },
      { count: 1.5 },
      { count: 3, prefix: 'NO SPACES?' },
      {},
    ]) {
      const response = await call('admin', 'POST', `/dashboard/products/${id}/access-codes`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await countRows('pass_access_codes')).toBe(before);
  });
});

describe('the pass search', () => {
  const numbers = async (query: string) => {
    const response = await call('staff', 'GET', `/dashboard/passes${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json().items as Array<{ customerPermitId: string }>).map(
      (item) => item.customerPermitId,
    );
  };

  it('finds passes by plate, name, email and pass number, and filters the approvals queue', async () => {
    expect(await numbers('?q=kxy 44')).toEqual(['700001']);
    expect(await numbers('?q=whitf')).toEqual(['700001']);
    expect(await numbers('?q=Dana%20Whit')).toEqual(['700001']);
    expect(await numbers('?q=vera%40visitors')).toEqual(['700002']);
    expect(await numbers('?q=700002')).toEqual(['700002']);
    expect(await numbers('?status=waiting')).toEqual(['700002']);
    expect(await numbers('?status=active')).toEqual(['700001']);
    expect(await numbers('?q=NOSUCHPLATE')).toEqual([]);
    expect(await numbers('?q=100%25')).toEqual([]);
    const page = await call('staff', 'GET', '/dashboard/passes?page=1');
    expect(page.json()).toMatchObject({ total: 2, page: 1, pageSize: 25 });
  });

  it('sorts on the server by pass number, issue and expiry, either way', async () => {
    expect(await numbers('?sort=number&order=asc')).toEqual(['700001', '700002']);
    expect(await numbers('?sort=number&order=desc')).toEqual(['700002', '700001']);
    const instants = async (query: string, field: 'expiresAt' | 'issuedOn') =>
      (
        (await call('staff', 'GET', `/dashboard/passes${query}`)).json().items as Record<string, string>[]
      ).map((item) => Date.parse(item[field] as string));
    const ascending = (values: number[]) =>
      values.every((value, i) => i === 0 || (values[i - 1] ?? 0) <= value);
    expect(ascending(await instants('?sort=expires&order=asc', 'expiresAt'))).toBe(true);
    expect(ascending((await instants('?sort=expires&order=desc', 'expiresAt')).reverse())).toBe(true);
    expect(ascending(await instants('?sort=issued&order=asc', 'issuedOn'))).toBe(true);
    expect(ascending((await instants('?sort=issued', 'issuedOn')).reverse())).toBe(true);
  });

  it('refuses a bad query with a 400', async () => {
    for (const query of [
      '?status=bogus',
      '?page=0',
      '?page=x',
      `?q=${'A'.repeat(101)}`,
      '?sort=holder',
      '?order=sideways',
    ]) {
      expect((await call('staff', 'GET', `/dashboard/passes${query}`)).statusCode, query).toBe(400);
    }
  });

  it('shows one pass with holder, vehicles, times and payments', async () => {
    const response = await call('officer', 'GET', `/dashboard/passes/${await passId('700002')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      permit: { customerPermitId: '700002', paidStatus: 'waiting', vehicle: { plate: 'WAIT123' } },
      payments: [],
      isRefundable: false,
    });
  });
});

describe('refunds', () => {
  it('refunds a paid pass exactly once under a double click, cancels it and logs it', async () => {
    const id = await passId('700001');
    await t.db.insert(paymentSessions).values({
      tenantId: alpha.uuid,
      provider: 'sandbox',
      providerSessionId: 'sbx_cs_refund_1',
      purpose: 'pass',
      subjectId: id,
      amount: 4500,
      currency: 'usd',
      description: 'Resident monthly',
      status: 'paid',
      successUrl: 'https://alpha.example/ok',
      cancelUrl: 'https://alpha.example/cancel',
      paidAt: new Date('2026-11-20T09:00:00Z'),
      providerPaymentId: 'sbx_pi_refund_1',
    });
    const view = await call('staff', 'GET', `/dashboard/passes/${id}`);
    expect(view.json().isRefundable).toBe(true);

    const [first, second] = await Promise.all([
      call('staff', 'POST', `/dashboard/passes/${id}/refund`, { reason: 'Moved away' }),
      call('admin', 'POST', `/dashboard/passes/${id}/refund`, { reason: 'Moved away' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const done = first.statusCode === 200 ? first.json() : second.json();
    expect(done).toMatchObject({ permit: { paidStatus: 'canceled' }, isRefundable: false });
    expect(done.payments[0]).toMatchObject({ status: 'refunded', amount: 4500 });

    const sessions = await t.db.select().from(paymentSessions).where(eq(paymentSessions.subjectId, id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ status: 'refunded', refundReason: 'operator' });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'pass.refund')));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.after).toMatchObject({
      paidStatus: 'canceled',
      refundAmount: 4500,
      reason: 'Moved away',
    });
  });

  it('answers 409 for a pass with nothing paid', async () => {
    const response = await call('admin', 'POST', `/dashboard/passes/${await passId('700002')}/refund`, {
      reason: 'Nothing paid',
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('cancel', () => {
  it('cancels a pass without a refund, twice harmlessly, logged once; an officer may not', async () => {
    const id = await passId('700002');
    expect((await call('officer', 'POST', `/dashboard/passes/${id}/cancel`)).statusCode).toBe(403);
    const first = await call('staff', 'POST', `/dashboard/passes/${id}/cancel`);
    expect(first.statusCode).toBe(200);
    expect(first.json().permit.paidStatus).toBe('canceled');
    const second = await call('admin', 'POST', `/dashboard/passes/${id}/cancel`);
    expect(second.statusCode).toBe(200);
    expect(second.json().permit.paidStatus).toBe('canceled');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'pass.cancel')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      before: { paidStatus: 'waiting' },
      after: { paidStatus: 'canceled' },
    });
  });
});

describe('reports and enforcement API keys', () => {
  it("lists the tenant's reports newest first", async () => {
    const created = await call('officer', 'POST', '/dashboard/reports', {
      startDate: '2026-11-01',
      endDate: '2026-11-20',
      plate: null,
    });
    expect(created.statusCode).toBe(200);
    const list = await call('officer', 'GET', '/dashboard/reports');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(2);
    expect(list.json().items[0]).toMatchObject({
      uuid: created.json().uuid,
      createdBy: 'officer@alpha.example',
    });
  });

  it('creates a key shown once, lists it by prefix, revokes it once, and the key stops working', async () => {
    const created = await call('admin', 'POST', '/dashboard/api-keys', { name: '  Handheld 7 ' });
    expect(created.statusCode).toBe(200);
    const { apiKey, key } = created.json();
    expect(apiKey).toMatchObject({ name: 'Handheld 7', revokedAt: null });
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    const plateCheck = () =>
      t.request('alpha', {
        method: 'GET',
        url: '/api/v1/enforcement/plates/KXY4410',
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await plateCheck()).statusCode).toBe(200);

    const list = await call('admin', 'GET', '/dashboard/api-keys');
    expect(list.body).not.toContain(key);
    expect(list.json().items.map((item: { uuid: string }) => item.uuid)).toContain(apiKey.uuid);

    const revoked = await call('admin', 'DELETE', `/dashboard/api-keys/${apiKey.uuid}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).toBeTruthy();
    expect((await call('admin', 'DELETE', `/dashboard/api-keys/${apiKey.uuid}`)).statusCode).toBe(409);
    expect((await plateCheck()).statusCode).toBe(401);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, apiKey.uuid));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['apikey.create', 'apikey.revoke']);
    expect(JSON.stringify(entries)).not.toContain(key);
  });

  it('refuses a blank key name with a 400 and writes nothing', async () => {
    const before = await countRows('api_keys');
    for (const payload of [{ name: '   ' }, { name: 'x'.repeat(101) }, {}]) {
      expect((await call('admin', 'POST', '/dashboard/api-keys', payload)).statusCode).toBe(400);
    }
    expect(await countRows('api_keys')).toBe(before);
  });
});
