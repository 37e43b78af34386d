import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCitation,
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import {
  auditLog,
  citations,
  emailOutbox,
  issuedPasses,
  passAccessCodes,
  passProducts,
} from '../../db/schema';

/**
 * Bulk void, cancel and revoke (issue 33, decision 224): one call per action that changes every
 * row it can, names the rest with the reason (another tenant's rows are "not found"), and writes
 * one audit entry per row changed plus one for the batch.
 */
const alpha = buildTenant({
  subdomain: 'alpha',
  customers: [
    buildCustomer({ email: 'one@holders.example' }),
    buildCustomer({ email: 'two@holders.example' }),
    buildCustomer({ email: 'three@holders.example' }),
    buildCustomer({ email: 'four@holders.example' }),
  ],
  operators: [
    buildOperator({ email: 'admin@alpha.example' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
  citations: [
    buildCitation({ citationNumber: 'BV1', plate: 'BULK1' }),
    buildCitation({ citationNumber: 'BV2', plate: 'BULK2' }),
    buildCitation({
      citationNumber: 'BV3',
      plate: 'BULK3',
      paymentStatus: 'Paid',
      datePaid: '2026-11-12T10:00:00Z',
    }),
    buildCitation({ citationNumber: 'MX1', plate: 'MATCH1' }),
    buildCitation({ citationNumber: 'MX2', plate: 'MATCH2' }),
  ],
  products: [
    buildProduct({ name: 'Resident monthly', accessCodes: ['BULK-A', 'BULK-B', 'BULK-C', 'BULK-USED'] }),
  ],
  passes: [
    buildPass('Resident monthly', {
      customerPermitId: '930001',
      customerEmail: 'one@holders.example',
      vehicle: buildVehicle({ plate: 'CAN1' }),
    }),
    buildPass('Resident monthly', {
      customerPermitId: '930002',
      customerEmail: 'two@holders.example',
      vehicle: buildVehicle({ plate: 'CAN2' }),
    }),
    buildPass('Resident monthly', {
      customerPermitId: '930003',
      paidStatus: 'canceled',
      vehicle: buildVehicle({ plate: 'CAN3' }),
    }),
    buildPass('Resident monthly', {
      customerPermitId: '930004',
      customerEmail: 'three@holders.example',
      vehicle: buildVehicle({ plate: 'ALLM1' }),
    }),
    buildPass('Resident monthly', {
      customerPermitId: '930005',
      customerEmail: 'four@holders.example',
      vehicle: buildVehicle({ plate: 'ALLM2' }),
    }),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  citations: [buildCitation({ citationNumber: 'BETA1' })],
  products: [buildProduct({ name: 'Beta pass' })],
  passes: [buildPass('Beta pass', { customerPermitId: '939999', vehicle: buildVehicle({ plate: 'BETA9' }) })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });
const tokens: Record<string, string> = {};
beforeAll(async () => {
  tokens.admin = await signInOperator(t, 'alpha', 'admin@alpha.example');
  tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
});

const post = (who: string, url: string, payload: Record<string, unknown>) =>
  t.request('alpha', {
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: tokens[who] ?? '' },
    payload,
  });
const noticeIds = async (...numbers: string[]) => {
  const rows = await t.db
    .select({ id: citations.id, number: citations.citationNumber })
    .from(citations)
    .where(inArray(citations.citationNumber, numbers));
  return numbers.map((number) => rows.find((row) => row.number === number)!.id);
};
const passIds = async (...numbers: string[]) => {
  const rows = await t.db
    .select({ id: issuedPasses.id, number: issuedPasses.customerPermitId })
    .from(issuedPasses)
    .where(inArray(issuedPasses.customerPermitId, numbers));
  return numbers.map((number) => rows.find((row) => row.number === number)!.id);
};
const mailsTo = (...addresses: string[]) =>
  t.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));
const audit = (action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, alpha.uuid), eq(auditLog.action, action)));

describe('POST /dashboard/notices/bulk/void', () => {
  it('voids what it can, names a paid notice and another tenant’s as not changed, logs each and the batch', async () => {
    const [one, two, paid, other] = await noticeIds('BV1', 'BV2', 'BV3', 'BETA1');
    const answer = await post('admin', '/dashboard/notices/bulk/void', {
      selection: { uuids: [one, two, paid, other] },
      reason: 'Meter was broken',
    });
    expect(answer.statusCode).toBe(200);
    const result = answer.json();
    expect(result.changed.map((row: { label: string }) => row.label).sort()).toEqual(['BV1', 'BV2']);
    expect(result.notChanged).toEqual([
      { uuid: paid, label: 'BV3', reason: 'This notice is paid: refund the payment before voiding it.' },
      { uuid: other, label: other, reason: 'This record was not found.' },
    ]);
    const [betaNotice] = await t.db.select().from(citations).where(eq(citations.id, other!));
    expect(betaNotice!.paymentStatus).toBe('Open');
    const voids = await audit('notice.void');
    expect(voids.map((entry) => entry.entityId).sort()).toEqual([one, two].sort());
    expect(voids[0]!.after).toMatchObject({ paymentStatus: 'Void', reason: 'Meter was broken' });
    const [batch] = await audit('notice.bulk-void');
    expect(batch).toMatchObject({ entityType: 'batch' });
    expect(batch!.after).toMatchObject({ count: 2, reason: 'Meter was broken' });
    // The batch names what it left as well as what it changed, with why.
    expect(batch!.after).toMatchObject({
      notChanged: [
        { record: 'BV3', reason: 'This notice is paid: refund the payment before voiding it.' },
        { record: other, reason: 'This record was not found.' },
      ],
    });
  });

  it('resolves "select all matching" from the list’s filter on the server', async () => {
    const answer = await post('admin', '/dashboard/notices/bulk/void', {
      selection: { matching: { q: 'MATCH', status: 'Open' } },
      reason: 'Wrong lot',
    });
    expect(answer.statusCode).toBe(200);
    expect(
      answer
        .json()
        .changed.map((row: { label: string }) => row.label)
        .sort(),
    ).toEqual(['MX1', 'MX2']);
    expect(answer.json().notChanged).toEqual([]);
  });

  it('refuses an officer (403) and a missing reason (400, in words), changing nothing', async () => {
    const [one] = await noticeIds('MX1');
    const officer = await post('officer', '/dashboard/notices/bulk/void', {
      selection: { uuids: [one] },
      reason: 'x',
    });
    expect(officer.statusCode).toBe(403);
    const noReason = await post('admin', '/dashboard/notices/bulk/void', { selection: { uuids: [one] } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Say why the notices are voided.');
  });
});

describe('POST /dashboard/passes/bulk/cancel', () => {
  it('cancels what it can, emails each holder, names the canceled and another tenant’s passes', async () => {
    const [one, two, canceled, other] = await passIds('930001', '930002', '930003', '939999');
    const answer = await post('admin', '/dashboard/passes/bulk/cancel', {
      selection: { uuids: [one, two, canceled, other] },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().changed.map((row: { label: string }) => row.label)).toEqual(['930001', '930002']);
    expect(answer.json().notChanged).toEqual([
      { uuid: canceled, label: '930003', reason: 'This pass is already canceled.' },
      { uuid: other, label: other, reason: 'This record was not found.' },
    ]);
    const [betaPass] = await t.db.select().from(issuedPasses).where(eq(issuedPasses.id, other!));
    expect(betaPass!.paidStatus).toBe('paid');
    expect((await audit('pass.cancel')).map((entry) => entry.entityId).sort()).toEqual([one, two].sort());
    const [batch] = await audit('pass.bulk-cancel');
    expect(batch!.after).toMatchObject({
      count: 2,
      changed: ['930001', '930002'],
      notChanged: [
        { record: '930003', reason: 'This pass is already canceled.' },
        { record: other, reason: 'This record was not found.' },
      ],
    });
    // Each holder is told, once, about their own pass.
    const mails = await mailsTo('one@holders.example', 'two@holders.example');
    expect(mails.map((mail) => [mail.toAddress, mail.subject]).sort()).toEqual([
      ['one@holders.example', 'Your parking permit was canceled'],
      ['two@holders.example', 'Your parking permit was canceled'],
    ]);
    expect(JSON.stringify(mails.find((mail) => mail.toAddress === 'one@holders.example')!.content)).toContain(
      '930001',
    );
  });

  it('cancels "all matching" the list’s search, emailing each holder and logging each and the batch', async () => {
    const [three, four] = await passIds('930004', '930005');
    const answer = await post('admin', '/dashboard/passes/bulk/cancel', {
      selection: { matching: { q: 'ALLM', status: 'all' } },
    });
    expect(answer.statusCode).toBe(200);
    expect(
      answer
        .json()
        .changed.map((row: { label: string }) => row.label)
        .sort(),
    ).toEqual(['930004', '930005']);
    const cancels = (await audit('pass.cancel')).map((entry) => entry.entityId);
    expect(cancels).toEqual(expect.arrayContaining([three, four]));
    expect(await audit('pass.bulk-cancel')).toHaveLength(2);
    expect(await mailsTo('three@holders.example', 'four@holders.example')).toHaveLength(2);
  });

  it('changes nothing and writes no batch entry when no pass can change', async () => {
    const [canceled] = await passIds('930003');
    const before = (await audit('pass.bulk-cancel')).length;
    const answer = await post('admin', '/dashboard/passes/bulk/cancel', { selection: { uuids: [canceled] } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      changed: [],
      notChanged: [{ uuid: canceled, label: '930003', reason: 'This pass is already canceled.' }],
    });
    expect(await audit('pass.bulk-cancel')).toHaveLength(before);
  });

  it('refuses a role without pass.cancel (403) and an empty selection (400, in words)', async () => {
    const [one] = await passIds('930001');
    const officer = await post('officer', '/dashboard/passes/bulk/cancel', { selection: { uuids: [one] } });
    expect(officer.statusCode).toBe(403);
    const empty = await post('admin', '/dashboard/passes/bulk/cancel', { selection: { uuids: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose at least one pass.');
  });
});

describe('POST /dashboard/products/{uuid}/access-codes/bulk/revoke', () => {
  it('revokes unused codes, names used and unknown ones, logs each and the batch', async () => {
    const [product] = await t.db
      .select({ id: passProducts.id })
      .from(passProducts)
      .where(eq(passProducts.name, 'Resident monthly'));
    await t.db
      .update(passAccessCodes)
      .set({ usedAt: new Date('2026-11-19T10:00:00Z') })
      .where(eq(passAccessCodes.code, 'BULK-USED'));
    const url = `/dashboard/products/${product!.id}/access-codes/bulk/revoke`;
    const answer = await post('admin', url, { selection: { codes: ['bulk-a', 'BULK-USED', 'NOPE-1'] } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().changed.map((row: { label: string }) => row.label)).toEqual(['BULK-A']);
    expect(answer.json().notChanged).toEqual([
      expect.objectContaining({ label: 'BULK-USED', reason: 'This code was already used or revoked.' }),
      { uuid: 'NOPE-1', label: 'NOPE-1', reason: 'This record was not found.' },
    ]);
    // "All unused" from the server: the two left.
    const rest = await post('admin', url, { selection: { matching: { status: 'unused' } } });
    expect(
      rest
        .json()
        .changed.map((row: { label: string }) => row.label)
        .sort(),
    ).toEqual(['BULK-B', 'BULK-C']);
    expect(await audit('access-code.revoke')).toHaveLength(3);
    const batches = await audit('access-code.bulk-revoke');
    expect(batches).toHaveLength(2);
    expect(batches.map((entry) => entry.after)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          count: 1,
          changed: ['BULK-A'],
          notChanged: [
            { record: 'BULK-USED', reason: 'This code was already used or revoked.' },
            { record: 'NOPE-1', reason: 'This record was not found.' },
          ],
          product: 'Resident monthly',
        }),
      ]),
    );
    // Another tenant's product is not found at all.
    const betaProduct = await t.db
      .select({ id: passProducts.id })
      .from(passProducts)
      .where(eq(passProducts.name, 'Beta pass'));
    const refused = await post(
      'admin',
      `/dashboard/products/${betaProduct[0]!.id}/access-codes/bulk/revoke`,
      {
        selection: { matching: { status: 'unused' } },
      },
    );
    expect(refused.statusCode).toBe(404);
  });
});
