import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCitation,
  buildOperator,
  buildPass,
  buildProduct,
  buildScan,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { plateMessages } from '../../../shared/messages/plates';

// The test clock reads 2026-11-20T15:00Z (10:00 in New York).
const PLATE = 'DESK42';
const alpha = buildTenant({
  subdomain: 'alpha',
  // Two unpaid notices make a repeat offender: DESK42 is one, OTHER1 (one notice) is not.
  repeatOffenderNoticeCount: 2,
  operators: [
    buildOperator({ email: 'admin@alpha.example' }),
    buildOperator({ email: 'staff@alpha.example', role: 'staff' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
  products: [buildProduct({ name: 'Resident' }), buildProduct({ name: 'Day pass' })],
  passes: [
    // Covers now until tomorrow.
    buildPass('Resident', {
      issuedOn: '2026-11-01T05:00:00Z',
      expiresAt: '2026-12-01T05:00:00Z',
      vehicle: buildVehicle({ plate: 'desk-42' }),
      permitHolder: { name: 'Dana Desk', email: 'dana@alpha.example' },
    }),
    // Ended yesterday.
    buildPass('Day pass', {
      issuedOn: '2026-11-18T09:00:00Z',
      expiresAt: '2026-11-19T09:00:00Z',
      vehicle: buildVehicle({ plate: PLATE }),
    }),
    // Waiting for approval: listed, not covering.
    buildPass('Day pass', { paidStatus: 'waiting', vehicle: buildVehicle({ plate: PLATE }) }),
    // Another plate.
    buildPass('Day pass', { vehicle: buildVehicle({ plate: 'OTHER1' }) }),
  ],
  citations: [
    // Ten days old with a late tier after 7 days: 5000 + 1000 due today.
    buildCitation({
      citationNumber: 'DESKOPEN1',
      plate: PLATE,
      createdOn: '2026-11-10T14:00:00Z',
      lateAmount1: 1000,
      lateDays1: 7,
    }),
    buildCitation({
      citationNumber: 'DESKOPEN2',
      plate: PLATE,
      createdOn: '2026-11-19T14:00:00Z',
      amount: 2500,
    }),
    buildCitation({ citationNumber: 'DESKPAID', plate: PLATE, paymentStatus: 'Paid', datePaid: TEST_NOW }),
    buildCitation({ citationNumber: 'DESKVOID', plate: PLATE, paymentStatus: 'Void', voidDate: TEST_NOW }),
    buildCitation({ citationNumber: 'OTHEROPEN', plate: 'OTHER1' }),
  ],
  scans: [
    buildScan({ plate: PLATE, capturedAt: '2026-11-20T13:00:00Z', alertMessage: 'Blocking a hydrant' }),
    buildScan({ plate: PLATE, capturedAt: '2026-11-19T13:00:00Z' }),
    buildScan({ plate: 'OTHER1', capturedAt: '2026-11-20T14:00:00Z' }),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  operators: [buildOperator({ email: 'admin@beta.example' })],
  products: [buildProduct({ name: 'Day pass' })],
  passes: [buildPass('Day pass', { vehicle: buildVehicle({ plate: 'BETA1' }) })],
  citations: [buildCitation({ citationNumber: 'BETAOPEN', plate: PLATE })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens = { admin: '', staff: '', officer: '', beta: '' };
beforeAll(async () => {
  tokens.admin = await signInOperator(t, 'alpha', 'admin@alpha.example');
  tokens.staff = await signInOperator(t, 'alpha', 'staff@alpha.example');
  tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
  tokens.beta = await signInOperator(t, 'beta', 'admin@beta.example');
});

const lookUp = (plate: string, authorization = tokens.admin, subdomain = 'alpha') =>
  t.request(subdomain, {
    method: 'GET',
    url: `/api/v1/dashboard/plates/${encodeURIComponent(plate)}`,
    headers: { authorization },
  });

describe('GET /dashboard/plates/:plate', () => {
  it('answers cover, passes (covering first), open notices with what they cost today, and recent scans', async () => {
    // Typed as a person would: lower case with a separator.
    const response = await lookUp('desk 42');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      plate: PLATE,
      checkedAt: TEST_NOW,
      isCovered: true,
      coveredUntil: '2026-12-01T05:00:00.000Z',
      openNoticeCount: 2,
      openNoticeTotal: 6000 + 2500,
      isRepeatOffender: true,
      repeatOffenderMessage: 'Repeat offender: 2 unpaid notices.',
    });
    expect(
      body.passes.map((pass: { permitName: string; paidStatus: string; isCovering: boolean }) => [
        pass.permitName,
        pass.paidStatus,
        pass.isCovering,
      ]),
    ).toEqual([
      ['Resident', 'paid', true],
      ['Day pass', 'waiting', false],
      ['Day pass', 'paid', false],
    ]);
    expect(body.passes[0]).toMatchObject({ holderName: 'Dana Desk', holderEmail: 'dana@alpha.example' });
    expect(
      body.openNotices.map((notice: { citationNumber: string; amountDue: number }) => [
        notice.citationNumber,
        notice.amountDue,
      ]),
    ).toEqual([
      ['DESKOPEN2', 2500],
      ['DESKOPEN1', 6000],
    ]);
    expect(body.recentScans).toEqual([
      expect.objectContaining({
        plate: PLATE,
        capturedAt: '2026-11-20T13:00:00.000Z',
        alertMessage: 'Blocking a hydrant',
      }),
      expect.objectContaining({ plate: PLATE, capturedAt: '2026-11-19T13:00:00.000Z' }),
    ]);
  });

  it('answers a plate with nothing as not covered and empty', async () => {
    const response = await lookUp('NOTHING9');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      plate: 'NOTHING9',
      checkedAt: TEST_NOW,
      isCovered: false,
      coveredUntil: null,
      passes: [],
      openNotices: [],
      openNoticeCount: 0,
      openNoticeTotal: 0,
      isRepeatOffender: false,
      repeatOffenderMessage: null,
      recentScans: [],
    });
  });

  it('is open to every operator role of the tenant', async () => {
    expect((await lookUp(PLATE, tokens.staff)).statusCode).toBe(200);
    expect((await lookUp(PLATE, tokens.officer)).statusCode).toBe(200);
    expect(
      (await t.request('alpha', { method: 'GET', url: `/api/v1/dashboard/plates/${PLATE}` })).statusCode,
    ).toBe(401);
  });

  it("never shows another tenant's records: each tenant sees only its own", async () => {
    const betaView = await lookUp(PLATE, tokens.beta, 'beta');
    expect(betaView.statusCode).toBe(200);
    expect(betaView.json()).toMatchObject({
      isCovered: false,
      passes: [],
      recentScans: [],
      openNoticeCount: 1,
    });
    expect(betaView.json().openNotices[0].citationNumber).toBe('BETAOPEN');
    expect(JSON.stringify(betaView.json())).not.toContain('DESKOPEN');
    // Beta's token on alpha's host is refused.
    expect((await lookUp(PLATE, tokens.beta, 'alpha')).statusCode).toBe(401);
    const alphaView = await lookUp('BETA1');
    expect(alphaView.json()).toMatchObject({ isCovered: false, passes: [] });
  });

  it('refuses a plate that is not a plate with a 400 in plain words', async () => {
    const response = await lookUp('ab*cd');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(plateMessages.plateInvalid);
    expect((await lookUp('A'.repeat(30))).statusCode).toBe(400);
  });
});
