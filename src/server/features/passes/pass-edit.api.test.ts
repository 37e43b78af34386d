import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { submitSandboxCheckout } from '../../../../tests/support/sandbox-checkout';
import { signIn, signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { passMessages } from '../../../shared/messages/passes';
import { plateMessages } from '../../../shared/messages/plates';
import {
  auditLog,
  customers,
  customerVehicles,
  emailOutbox,
  issuedPasses,
  passVehicles,
  permitHolders,
  subscriptions,
} from '../../db/schema';

/**
 * Living with a pass, the edit half of issue 10: the calls of the edit page, the vehicles screen
 * and the invite by email, with every status they answer. The test clock is TEST_NOW, Friday
 * 2026-11-20 10:00 in New York; the seeded passes run from 09:00 that day for a day.
 */
const ids = {
  owner: randomUUID(),
  guest: randomUUID(),
  fleet: randomUUID(),
  fixed: randomUUID(),
  custom: randomUUID(),
  hawaii: randomUUID(),
  canceled: randomUUID(),
  ownerSpare: randomUUID(),
  race: randomUUID(),
  quotaA: randomUUID(),
  quotaB: randomUUID(),
  otherTenant: randomUUID(),
};
const tenant = buildTenant({
  subdomain: 'edit',
  businessAccounts: [{ name: 'Acme Fleet' }, { name: 'Other Co' }],
  customers: [
    buildCustomer({
      email: 'owner@edit.example',
      fullname: 'Olive Owner',
      vehicles: [buildVehicle({ plate: 'SAVED1' })],
    }),
    buildCustomer({ email: 'other@edit.example', fullname: 'Otto Other' }),
    buildCustomer({ email: 'biz@edit.example', fullname: 'Bea Biz', customerEntityName: 'Acme Fleet' }),
    buildCustomer({ email: 'rival@edit.example', fullname: 'Rita Rival', customerEntityName: 'Other Co' }),
    buildCustomer({ email: 'known@edit.example', fullname: 'Kim Known', password: 'Known#2026x' }),
  ],
  operators: [
    buildOperator({ email: 'admin@edit.example' }),
    buildOperator({ email: 'officer@edit.example', role: 'enforcement' }),
  ],
  products: [
    buildProduct({
      name: 'Three cars',
      maxVehiclesPerPermit: 3,
      maxActiveVehiclesPerPermit: 1,
      canEditTimes: true,
    }),
    buildProduct({ name: 'Fixed times' }),
    buildProduct({
      name: 'Fleet pass',
      isBusinessProduct: true,
      businessAccount: 'Acme Fleet',
      maxVehiclesPerPermit: 2,
    }),
    buildProduct({ name: 'Rival pass', isBusinessProduct: true, businessAccount: 'Other Co' }),
    buildProduct({
      name: 'Custom fields',
      advancedType: 4,
      formFields: [
        { label: 'Unit', value: '' },
        { label: 'Lease end', value: '' },
      ],
    }),
    buildProduct({ name: 'Hawaii', residencyRule: 'HI', advancedType: 2, labelDescriptor: 'State ID' }),
    buildProduct({ name: 'Race', maxVehiclesPerPermit: 6, maxActiveVehiclesPerPermit: 2 }),
    buildProduct({
      name: 'Hour quota',
      canEditTimes: true,
      permitDuration: 24,
      permitDurationUnit: 'HOUR',
      rules: { quota: { count: 40, period: 'DAY', periodLength: 14, per: 'plate', measure: 'hours' } },
    }),
  ],
  passes: [
    buildPass('Three cars', { uuid: ids.owner, customerEmail: 'owner@edit.example' }),
    buildPass('Three cars', { uuid: ids.guest }),
    buildPass('Fleet pass', { uuid: ids.fleet, customerEmail: 'other@edit.example' }),
    buildPass('Fixed times', { uuid: ids.fixed }),
    buildPass('Custom fields', {
      uuid: ids.custom,
      customFormFields: [
        { label: 'Unit', value: '4B' },
        { label: 'Lease end', value: '' },
      ],
    }),
    buildPass('Hawaii', {
      uuid: ids.hawaii,
      permitHolder: {
        name: 'Kai',
        label: 'H12345678',
        state: 'HI',
        address1: '1 Beach',
        city: 'Hilo',
        zip: '96720',
      },
    }),
    buildPass('Fleet pass', { uuid: ids.canceled, paidStatus: 'canceled' }),
    buildPass('Fixed times', { uuid: ids.ownerSpare, customerEmail: 'owner@edit.example' }),
    buildPass('Race', {
      uuid: ids.race,
      vehicle: buildVehicle({ plate: 'RACE0' }),
      secondaryVehicles: [1, 2, 3, 4, 5].map((n) => ({
        ...buildVehicle({ plate: `RACE${n}` }),
        isActive: false,
      })),
    }),
    buildPass('Hour quota', { uuid: ids.quotaA, vehicle: buildVehicle({ plate: 'QUOTA1' }) }),
    buildPass('Hour quota', { uuid: ids.quotaB, vehicle: buildVehicle({ plate: 'QUOTA1' }) }),
  ],
});
const elsewhere = buildTenant({
  subdomain: 'elsewhere',
  products: [buildProduct({ name: 'Three cars', maxVehiclesPerPermit: 3 })],
  passes: [buildPass('Three cars', { uuid: ids.otherTenant })],
});
const t = useTestApp({ seed: { tenants: [tenant, elsewhere] } });

const tokens: Record<'owner' | 'other' | 'biz' | 'rival' | 'admin' | 'officer', string> = {
  owner: '',
  other: '',
  biz: '',
  rival: '',
  admin: '',
  officer: '',
};

const operatorToken = (email: string) => signInOperator(t, 'edit', email);

beforeAll(async () => {
  tokens.owner = await signIn(t, 'edit', 'owner@edit.example');
  tokens.other = await signIn(t, 'edit', 'other@edit.example');
  tokens.biz = await signIn(t, 'edit', 'biz@edit.example');
  tokens.rival = await signIn(t, 'edit', 'rival@edit.example');
  tokens.admin = await operatorToken('admin@edit.example');
  tokens.officer = await operatorToken('officer@edit.example');
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, authorization?: string, host = 'edit') =>
  t.request(host, {
    method,
    url: `/api/v1${url}`,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

const vehiclesOf = (passId: string) =>
  t.db
    .select()
    .from(passVehicles)
    .where(eq(passVehicles.passId, passId))
    .orderBy(desc(passVehicles.isPrimary), asc(passVehicles.createdAt), asc(passVehicles.plate));
const passRow = async (passId: string) =>
  (await t.db.select().from(issuedPasses).where(eq(issuedPasses.id, passId)))[0]!;
const auditCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

describe("a pass's vehicles", () => {
  it('lists them for the uuid holder; another tenant or an unknown uuid is a 404', async () => {
    const listed = await call('GET', `/portal/guest/${ids.guest}/vehicles`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(1);
    expect(listed.json()[0]).toMatchObject({ isPrimary: true, isActive: true, permitIssuedUUID: ids.guest });
    expect((await call('GET', `/portal/guest/${ids.otherTenant}/vehicles`)).statusCode).toBe(404);
    expect(
      (await call('GET', `/portal/guest/${ids.guest}/vehicles`, undefined, undefined, 'elsewhere'))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/portal/guest/${randomUUID()}/vehicles`)).statusCode).toBe(404);
  });

  it('adds secondaries below maxVehiclesPerPermit, inactive once the active places are taken', async () => {
    const add = (plate: string) =>
      call('POST', '/portal/permit/vehicle/secondary', {
        permitIssuedUUID: ids.guest,
        plate: ` ${plate} `,
        make: 'honda',
      });
    const blank = await add('');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(passMessages.secondaryPlateRequired);
    expect(await vehiclesOf(ids.guest)).toHaveLength(1);

    const second = await add('sec 1');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ plate: 'SEC 1', make: 'HONDA', isPrimary: false, isActive: false });
    expect((await add('sec2')).statusCode).toBe(200);
    const full = await add('sec3');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'max_vehicles' });
    expect(await vehiclesOf(ids.guest)).toHaveLength(3);
  });

  it('blocks activation at maxActiveVehiclesPerPermit with the modal text, and allows it after a deactivation', async () => {
    const [, secondary] = await vehiclesOf(ids.guest);
    const activate = (isActive: boolean) =>
      call('PUT', '/portal/permit/vehicle/secondary/state', {
        uuid: secondary!.id,
        permitIssuedUUID: ids.guest,
        isActive,
      });
    const blocked = await activate(true);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({
      code: 'max_active_vehicles',
      message: `${passMessages.maxActiveVehiclesTitle} ${passMessages.maxActiveVehiclesBody}`,
    });
    const primaryOff = await call('PUT', '/portal/permit/vehicle/primary/state', {
      permitIssuedUUID: ids.guest,
      isActive: false,
    });
    expect(primaryOff.json()).toMatchObject({ isPrimary: true, isActive: false });
    expect((await activate(true)).json()).toMatchObject({ isActive: true });
    // The primary cannot come back while the secondary holds the one active place.
    const primaryOn = await call('PUT', '/portal/permit/vehicle/primary/state', {
      permitIssuedUUID: ids.guest,
      isActive: true,
    });
    expect(primaryOn.statusCode).toBe(409);
    // The primary is not a secondary: naming it there is a 404.
    const [primary] = await vehiclesOf(ids.guest);
    const wrongKind = await call('PUT', '/portal/permit/vehicle/secondary/state', {
      uuid: primary!.id,
      permitIssuedUUID: ids.guest,
      isActive: true,
    });
    expect(wrongKind.statusCode).toBe(404);
  });

  it('lets exactly maxActiveVehiclesPerPermit of many concurrent activations through', async () => {
    const vehicles = await vehiclesOf(ids.race);
    const secondaries = vehicles.filter((vehicle) => !vehicle.isPrimary);
    // The primary is active: one more may join it (maxActive 2), five try at once.
    const answers = await Promise.all(
      secondaries.map((vehicle) =>
        call('PUT', '/portal/permit/vehicle/secondary/state', {
          uuid: vehicle.id,
          permitIssuedUUID: ids.race,
          isActive: true,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await vehiclesOf(ids.race)).filter((vehicle) => vehicle.isActive)).toHaveLength(2);
  });

  it('removes a secondary, never the primary', async () => {
    const [primary, , third] = await vehiclesOf(ids.guest);
    const removePrimary = await call('DELETE', '/portal/permit/vehicle/secondary', {
      uuid: primary!.id,
      permitIssuedUUID: ids.guest,
    });
    expect(removePrimary.statusCode).toBe(404);
    const removed = await call('DELETE', '/portal/permit/vehicle/secondary', {
      uuid: third!.id,
      permitIssuedUUID: ids.guest,
    });
    expect(removed.statusCode).toBe(200);
    expect(await vehiclesOf(ids.guest)).toHaveLength(2);
    // A vehicle of another pass, named with this pass: 404.
    const [raceVehicle] = await vehiclesOf(ids.race);
    const foreign = await call('DELETE', '/portal/permit/vehicle/secondary', {
      uuid: raceVehicle!.id,
      permitIssuedUUID: ids.guest,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses someone else's pass through a customer call with a 404, and allows the owner's", async () => {
    const payload = { permitIssuedUUID: ids.owner, plate: 'OWN2' };
    expect((await call('POST', '/portal/permit/vehicle/secondary', payload, tokens.other)).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/portal/permit/vehicle/secondary', payload, tokens.rival)).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/portal/permit/vehicle/secondary', payload, tokens.owner)).statusCode).toBe(
      200,
    );
    // A business member reaches its business's pass; another customer does not.
    const fleet = { permitIssuedUUID: ids.fleet, plate: 'FLEET2' };
    expect((await call('POST', '/portal/permit/vehicle/secondary', fleet, tokens.rival)).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/portal/permit/vehicle/secondary', fleet, tokens.biz)).statusCode).toBe(200);
    // Another tenant's pass, by its uuid on this host: 404, nothing written.
    const foreign = await call('POST', '/portal/permit/vehicle/secondary', {
      permitIssuedUUID: ids.otherTenant,
      plate: 'X1',
    });
    expect(foreign.statusCode).toBe(404);
    expect(await vehiclesOf(ids.otherTenant)).toHaveLength(1);
  });

  it("replaces the guest pass's primary vehicle ('Successfully updated vehicle info.' on the page)", async () => {
    const updated = await call('POST', '/permits/issued/editvehicle', {
      permitIssuedUUID: ids.guest,
      vehicle: { plate: 'new 1', state: 'nj', make: 'ford', model: 'focus', color: 'blue' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().vehicle).toMatchObject({
      plate: 'NEW 1',
      state: 'NJ',
      make: 'FORD',
      model: 'FOCUS',
      color: 'BLUE',
    });
    const blank = await call('POST', '/permits/issued/editvehicle', {
      permitIssuedUUID: ids.guest,
      vehicle: { plate: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect((await call('GET', `/portal/guest/${ids.guest}/vehicles`)).json()[0].plate).toBe('NEW 1');
  });

  it('edits one vehicle through /dashboard/permit/vehicle: audited for an operator, 403 for an officer', async () => {
    const [primary] = await vehiclesOf(ids.fixed);
    const body = { permitIssuedUUID: ids.fixed, uuid: primary!.id, plate: 'OPS 1', state: 'ct' };
    const before = await auditCount();
    expect((await call('PUT', '/dashboard/permit/vehicle', body, tokens.officer)).statusCode).toBe(403);
    const byAdmin = await call('PUT', '/dashboard/permit/vehicle', body, tokens.admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ plate: 'OPS 1', state: 'CT' });
    expect(await auditCount()).toBe(before + 1);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'pass.vehicle-update'));
    expect(entry).toMatchObject({
      actorLabel: 'admin@edit.example',
      entityType: 'pass',
      entityId: ids.fixed,
    });
    // The guest edits too, unaudited (the log is the operators').
    const byGuest = await call('PUT', '/dashboard/permit/vehicle', { ...body, plate: 'GST 1' });
    expect(byGuest.statusCode).toBe(200);
    expect(await auditCount()).toBe(before + 1);
  });

  it('refuses a plate the pass already has, however it is written (400 with a sentence), and changes nothing', async () => {
    const before = await vehiclesOf(ids.race);
    const [primary, secondary] = before;
    const refusals = [
      await call('POST', '/portal/permit/vehicle/secondary', { permitIssuedUUID: ids.race, plate: 'race-0' }),
      await call('PUT', '/dashboard/permit/vehicle', {
        permitIssuedUUID: ids.race,
        uuid: secondary!.id,
        plate: `${primary!.plate.slice(0, 2)} ${primary!.plate.slice(2)}`,
      }),
      await call('POST', '/permits/issued/editvehicle', {
        permitIssuedUUID: ids.race,
        vehicle: { plate: secondary!.plate.toLowerCase() },
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(plateMessages.plateAlreadyOnPass);
    }
    expect(await vehiclesOf(ids.race)).toEqual(before);
    // A vehicle keeps its own plate when its other details change.
    const kept = await call('PUT', '/dashboard/permit/vehicle', {
      permitIssuedUUID: ids.race,
      uuid: secondary!.id,
      plate: secondary!.plate,
      color: 'green',
    });
    expect(kept.statusCode).toBe(200);
  });

  it('leaves a canceled pass as it was (409)', async () => {
    const refused = await call('POST', '/portal/permit/vehicle/secondary', {
      permitIssuedUUID: ids.canceled,
      plate: 'LATE1',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'pass_not_changeable' });
  });
});

describe('holder and custom fields', () => {
  it('updates the holder; a bad email is a 400 and writes nothing', async () => {
    const bad = await call('POST', '/portal/permitholder/update', {
      permitIssuedUUID: ids.owner,
      name: 'Changed',
      email: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(passMessages.holderEmailInvalid);
    const [holder] = await t.db.select().from(permitHolders).where(eq(permitHolders.passId, ids.owner));
    expect(holder?.name).toBe('Pat Holder');
    const updated = await call('POST', '/portal/permitholder/update', {
      permitIssuedUUID: ids.owner,
      name: ' Hana Holder ',
      email: 'hana@example.com',
      label: 'ignored: no label on this product',
      city: 'Albany',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().permitHolder).toMatchObject({
      name: 'Hana Holder',
      email: 'hana@example.com',
      label: null,
      city: 'Albany',
    });
    expect(
      (
        await call(
          'POST',
          '/portal/permitholder/update',
          { permitIssuedUUID: ids.owner, name: 'X' },
          tokens.other,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('refuses keys it does not know (400) and changes nothing', async () => {
    const before = await t.db.select().from(permitHolders).where(eq(permitHolders.passId, ids.owner));
    const misspelt = await call('POST', '/portal/permitholder/update', {
      permitIssuedUUID: ids.owner,
      holderName: 'Checkout Spelling',
      holderCity: 'Troy',
    });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json().code).toBe('bad_request');
    expect(misspelt.json()).toMatchObject({
      field: 'holderName',
      message: "The holder's name cannot be sent here.",
    });
    const mixed = await call('POST', '/portal/permitholder/update', {
      permitIssuedUUID: ids.owner,
      name: 'Known Key',
      isAdmin: true,
    });
    expect(mixed.statusCode).toBe(400);
    const after = await t.db.select().from(permitHolders).where(eq(permitHolders.passId, ids.owner));
    expect(after).toEqual(before);
    expect(after[0]?.name).toBeTruthy();
  });

  it("keeps a Hawaii product's residency rule on edit", async () => {
    const moved = await call('POST', '/portal/permitholder/update', {
      permitIssuedUUID: ids.hawaii,
      name: 'Kai',
      label: 'H12345678',
      state: 'CA',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({
      code: 'residency_rule',
      message: passMessages.residencyErrorHawaii,
    });
    const kept = await call('POST', '/portal/permitholder/update', {
      permitIssuedUUID: ids.hawaii,
      name: 'Kai',
      label: 'K987654321',
      state: 'hi',
    });
    expect(kept.statusCode).toBe(200);
  });

  it('reads and replaces the custom-field answers, all required', async () => {
    const read = await call('GET', `/portal/permit/issued-fields/${ids.custom}`);
    expect(read.json()).toEqual([
      { label: 'Unit', value: '4B' },
      { label: 'Lease end', value: '' },
    ]);
    const incomplete = await call('PUT', `/portal/permit/issued-fields/${ids.custom}`, [
      { label: 'Unit', value: '5C' },
    ]);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe(passMessages.customFieldsUpdateRequired);
    // Refused by the contract's schema: the spec's text alone, not prefixed with the field.
    const blank = await call('PUT', `/portal/permit/issued-fields/${ids.custom}`, [
      { label: 'Unit', value: '' },
      { label: 'Lease end', value: 'June' },
    ]);
    expect(blank.json()).toEqual({ code: 'bad_request', message: passMessages.customFieldsUpdateRequired });
    const unknown = await call('PUT', `/portal/permit/issued-fields/${ids.custom}`, [
      { label: 'Unit', value: '5C' },
      { label: 'Lease end', value: 'June' },
      { label: 'Injected', value: 'x' },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect((await passRow(ids.custom)).customFormFields[0]?.value).toBe('4B');
    const saved = await call('PUT', `/portal/permit/issued-fields/${ids.custom}`, [
      { label: 'Lease end', value: 'June 2027' },
      { label: 'Unit', value: '5C' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual([
      { label: 'Unit', value: '5C' },
      { label: 'Lease end', value: 'June 2027' },
    ]);
    expect(
      (await call('GET', `/portal/permit/issued-fields/${ids.custom}`, undefined, undefined, 'elsewhere'))
        .statusCode,
    ).toBe(404);
  });
});

describe('start and end times', () => {
  const times = (passId: string, issuedAt: string, expiresAt: string, authorization?: string) =>
    call('PUT', '/dashboard/permit/times', { permitIssuedUUID: passId, issuedAt, expiresAt }, authorization);

  it('moves a canEditTimes pass within its product duration, in the tenant time zone', async () => {
    const moved = await times(ids.guest, '2026-11-21T14:00:00.000Z', '2026-11-22T14:00:00.000Z');
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      issuedOn: '2026-11-21T14:00:00.000Z',
      expiresAt: '2026-11-22T14:00:00.000Z',
    });
    const tooLong = await times(ids.guest, '2026-11-21T14:00:00.000Z', '2026-11-22T14:00:01.000Z');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(passMessages.passTooLong);
    const backwards = await times(ids.guest, '2026-11-22T14:00:00.000Z', '2026-11-21T14:00:00.000Z');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain(passMessages.endBeforeStart);
    const past = await times(ids.guest, '2026-11-19T14:00:00.000Z', '2026-11-20T14:00:00.000Z');
    expect(past.statusCode).toBe(400);
    expect((await passRow(ids.guest)).issuedOn.toISOString()).toBe('2026-11-21T14:00:00.000Z');
  });

  it("keeps a lengthened pass within the product's hours quota; shortening and operators are not held", async () => {
    // Both passes of plate QUOTA1 run 24 h from 09:00Z; the quota is 40 hours per plate in 14 days.
    t.clock.set('2026-11-20T15:00:00.000Z');
    const start = '2026-11-20T09:00:00.000Z';
    expect((await times(ids.quotaA, start, '2026-11-20T21:00:00.000Z')).statusCode).toBe(200);
    // 24 h of the other pass and 16 h of this one: exactly the quota (its own 12 h are not counted twice).
    expect((await times(ids.quotaA, start, '2026-11-21T01:00:00.000Z')).statusCode).toBe(200);
    const over = await times(ids.quotaA, start, '2026-11-21T02:00:00.000Z');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'quota_reached' });
    expect(over.json().message).toContain('40 hours');
    expect((await passRow(ids.quotaA)).expiresAt.toISOString()).toBe('2026-11-21T01:00:00.000Z');
    expect((await times(ids.quotaA, start, '2026-11-21T09:00:00.000Z', tokens.admin)).statusCode).toBe(200);
    expect((await times(ids.quotaA, start, '2026-11-21T08:00:00.000Z')).statusCode).toBe(200);
  });

  it('counts a day across the end of daylight saving time as 25 hours', async () => {
    // 2026-11-01 02:00 New York falls back: a day pass from 10:00 EDT Oct 31 ends 10:00 EST Nov 1.
    t.clock.set('2026-10-30T12:00:00.000Z');
    try {
      expect(
        (await times(ids.guest, '2026-10-31T14:00:00.000Z', '2026-11-01T15:00:00.000Z')).statusCode,
      ).toBe(200);
      expect(
        (await times(ids.guest, '2026-10-31T14:00:00.000Z', '2026-11-01T15:00:01.000Z')).statusCode,
      ).toBe(400);
    } finally {
      t.clock.set('2026-11-20T15:00:00.000Z');
    }
  });

  it('refuses a product without canEditTimes (403) to its holder, lets an operator correct it (audited)', async () => {
    expect((await times(ids.fixed, '2026-11-20T15:00:00.000Z', '2026-11-21T14:00:00.000Z')).statusCode).toBe(
      403,
    );
    expect(
      (await times(ids.fixed, '2026-11-20T15:00:00.000Z', '2026-11-21T14:00:00.000Z', tokens.officer))
        .statusCode,
    ).toBe(403);
    const before = await auditCount();
    const corrected = await times(
      ids.fixed,
      '2026-11-20T15:00:00.000Z',
      '2026-11-21T14:00:00.000Z',
      tokens.admin,
    );
    expect(corrected.statusCode).toBe(200);
    expect(await auditCount()).toBe(before + 1);
  });
});

describe('cancel', () => {
  const cancel = (passId: string, authorization?: string) =>
    call('PUT', `/permits/issued/${passId}/cancel`, undefined, authorization);

  it("is for the uuid's holder, the owner and the issuing business; twice is harmless", async () => {
    expect((await cancel(ids.fleet, tokens.rival)).statusCode).toBe(404);
    expect((await cancel(ids.fleet, tokens.owner)).statusCode).toBe(404);
    expect((await cancel(ids.otherTenant)).statusCode).toBe(404);
    expect((await passRow(ids.fleet)).paidStatus).toBe('paid');
    // A standard customer's own pass (decision 178), and a guest's by its uuid alone.
    expect((await cancel(ids.ownerSpare, tokens.owner)).json()).toMatchObject({ paidStatus: 'canceled' });
    expect((await cancel(ids.fixed)).json()).toMatchObject({ paidStatus: 'canceled' });
    const first = await cancel(ids.fleet, tokens.biz);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ paidStatus: 'canceled', status: '' });
    const second = await cancel(ids.fleet, tokens.biz);
    expect(second.statusCode).toBe(200);
    expect(second.json().paidStatus).toBe('canceled');
  });

  it('stops a recurring pass from renewing', async () => {
    const product = await t.db.query.passProducts.findFirst({
      where: (row, { eq }) => eq(row.name, 'Fleet pass'),
    });
    await t.db.execute(
      sql`update pass_products set amount = 2500, billing_type = 'RECURRING', billing_period = 'MONTH', permit_duration = 1, permit_duration_unit = 'MONTH' where id = ${product!.id}`,
    );
    const vehicle = await call(
      'POST',
      '/portal/permit/vehicle',
      { plate: 'FLEET 9', state: 'NY', make: 'KIA', model: 'RIO', color: 'RED' },
      tokens.biz,
    );
    const issued = await call(
      'POST',
      '/portal/permit/issue',
      {
        permitProductUUID: product!.id,
        vehicleUUID: vehicle.json().uuid,
        startDate: '2026-11-20T15:00:00.000Z',
        holderName: 'Bea',
      },
      tokens.biz,
    );
    expect(issued.json()).toMatchObject({ paidStatus: 'incomplete' });
    const passId = issued.json().permitIssuedUUID as string;
    const checkout = await call(
      'GET',
      `/portal/permit/checkout/${passId}/subdomain/edit`,
      undefined,
      tokens.biz,
    );
    const paid = await submitSandboxCheckout(t, 'edit', checkout.json().checkoutURL);
    expect(paid.statusCode).toBe(303);
    const { subscriptionRef } = await passRow(passId);
    expect(subscriptionRef).not.toBeNull();
    expect((await cancel(passId, tokens.biz)).statusCode).toBe(200);
    expect((await cancel(passId, tokens.biz)).statusCode).toBe(200);
    const [subscription] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionRef!));
    expect(subscription?.cancelAtPeriodEnd).toBe(true);
  });
});

describe('saved vehicles (the vehicles screen)', () => {
  const savedVehicle = async () =>
    (
      await t.db
        .select({ id: customerVehicles.id })
        .from(customerVehicles)
        .innerJoin(customers, eq(customers.id, customerVehicles.customerId))
        .where(eq(customers.email, 'owner@edit.example'))
    )[0]!;

  it('updates one, refuses a duplicate plate (409) and a stranger (404)', async () => {
    const vehicle = await savedVehicle();
    const full = { uuid: vehicle.id, plate: 'saved 2', state: 'ny', make: 'kia', model: 'rio', color: 'red' };
    const updated = await call('PUT', '/portal/permit/vehicle', full, tokens.owner);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ plate: 'SAVED 2', make: 'KIA' });
    expect(
      (await call('PUT', '/portal/permit/vehicle', { ...full, color: ' ' }, tokens.owner)).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/portal/permit/vehicle', full, tokens.other)).statusCode).toBe(404);
    await call(
      'POST',
      '/portal/permit/vehicle',
      { plate: 'OTHER 1', state: 'NY', make: 'KIA', model: 'RIO', color: 'RED' },
      tokens.owner,
    );
    const duplicate = await call('PUT', '/portal/permit/vehicle', { ...full, plate: 'other1' }, tokens.owner);
    expect(duplicate.statusCode).toBe(409);
  });

  it('deletes one (DELETE and POST .../delete); passes keep their copy, unlinked', async () => {
    const added = await call(
      'POST',
      '/portal/permit/vehicle',
      { plate: 'LINKED 1', state: 'NY', make: 'KIA', model: 'RIO', color: 'RED' },
      tokens.owner,
    );
    const vehicleId = added.json().uuid as string;
    await t.db.insert(passVehicles).values({
      tenantId: tenant.uuid,
      passId: ids.owner,
      customerVehicleId: vehicleId,
      plate: 'LINKED 1',
      isActive: false,
    });
    expect(
      (await call('DELETE', '/portal/permit/vehicle', { uuid: vehicleId }, tokens.other)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/portal/permit/vehicle/delete', { uuid: vehicleId }, tokens.owner)).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', '/portal/permit/vehicle', { uuid: vehicleId }, tokens.owner)).statusCode,
    ).toBe(404);
    const [copy] = await t.db
      .select()
      .from(passVehicles)
      .where(and(eq(passVehicles.passId, ids.owner), eq(passVehicles.plate, 'LINKED 1')));
    expect(copy).toMatchObject({ customerVehicleId: null });
  });
});

describe('invite by email', () => {
  const rivalProductId = async () =>
    (await t.db.query.passProducts.findFirst({ where: (row, { eq }) => eq(row.name, 'Rival pass') }))?.id;
  const invite = async (body: Record<string, unknown>, authorization = tokens.biz) => {
    const product = await t.db.query.passProducts.findFirst({
      where: (row, { eq }) => eq(row.name, 'Fleet pass'),
    });
    return call(
      'POST',
      '/dashboard/customer/emailpermit',
      { entityUUID: tenant.uuid, permitUUID: product!.id, password: 'Visitor#2026', ...body },
      authorization,
    );
  };
  const countCustomers = async () =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(customers))[0]!.n;

  it('creates the invitee (email lower-cased), issues the pass and emails an invitation link', async () => {
    const response = await invite({ email: ' New.Visitor@Example.COM ' });
    expect(response.statusCode).toBe(200);
    const passId = response.json().permitIssuedUUID as string;
    const [invitee] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'new.visitor@example.com'));
    expect(invitee).toMatchObject({ createdVia: 'invited' });
    expect(await passRow(passId)).toMatchObject({ customerId: invitee!.id, paidStatus: 'paid', amount: 0 });
    const [email] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'new.visitor@example.com'));
    expect(email?.subject).toBe(passMessages.emailInvitedSubject);
    expect(email?.content.action?.url).toMatch(/\/permits\/invitation\/[0-9a-f-]{36}$/);
    // The invitee signs in with the password the business chose, and sees the pass.
    const token = await signIn(t, 'edit', 'new.visitor@example.com', 'Visitor#2026');
    const permits = await call('GET', `/portal/customer/permit/${passId}`, undefined, token);
    expect(permits.statusCode).toBe(200);
    // The pass names the business that issued it: the receipt page offers its members the decision.
    expect(permits.json().businessAccountUUID).toBe((await passRow(passId)).businessAccountId);
    expect(permits.json().businessAccountUUID).toEqual(expect.any(String));
    // The business owns it: its member may cancel it.
    expect((await call('PUT', `/permits/issued/${passId}/cancel`, undefined, tokens.biz)).statusCode).toBe(
      200,
    );
  });

  it('reuses an existing account and never changes its password', async () => {
    const before = await countCustomers();
    const response = await invite({ email: 'KNOWN@edit.example' });
    expect(response.statusCode).toBe(200);
    expect(await countCustomers()).toBe(before);
    await expect(signIn(t, 'edit', 'known@edit.example', 'Known#2026x')).resolves.toContain('Bearer');
    await expect(signIn(t, 'edit', 'known@edit.example', 'Visitor#2026')).rejects.toThrow();
  });

  it('refuses a weak password or bad email (400), a standard customer (403), another product or entity (404)', async () => {
    const before = await countCustomers();
    const passesBefore = (await t.db.select({ n: sql<number>`count(*)::int` }).from(issuedPasses))[0]!.n;
    const weak = await invite({ email: 'weak@example.com', password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('Your password needs to be stronger.');
    expect((await invite({ email: 'not an email' })).statusCode).toBe(400);
    expect((await invite({ email: 'std@example.com' }, tokens.owner)).statusCode).toBe(403);
    expect((await invite({ email: 'std@example.com', entityUUID: elsewhere.uuid })).statusCode).toBe(404);
    expect((await invite({ email: 'std@example.com', permitUUID: await rivalProductId() })).statusCode).toBe(
      404,
    );
    expect((await invite({ email: 'std@example.com' }, 'Bearer not-a-token')).statusCode).toBe(401);
    expect(await countCustomers()).toBe(before);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(issuedPasses))[0]!.n).toBe(
      passesBefore,
    );
  });
});
