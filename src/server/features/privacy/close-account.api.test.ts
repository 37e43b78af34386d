import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAppeal,
  buildCitation,
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  TEST_PASSWORD,
} from '../../../../tests/support/factories';
import { pngBytes } from '../../../../tests/support/files';
import { submitSandboxCheckout } from '../../../../tests/support/sandbox-checkout';
import { signIn, signInOperator } from '../../../../tests/support/sessions';
import { TEST_NOW, type TestApp, useTestApp } from '../../../../tests/support/test-app';
import { uploadThroughApi } from '../../../../tests/support/uploads';
import { queryRows } from '../../db/client';
import {
  appealMessages,
  appeals,
  auditLog,
  customers,
  devMailbox,
  emailOutbox,
  issuedPasses,
  passProducts,
  passRegistrationProofs,
  subscriptions,
  uploads,
} from '../../db/schema';
import { recordAudit } from '../audit';
import { deliverPendingEmails } from '../mail/deliver-pending-emails';

/**
 * Closing an account (issue 28): a customer seeded with everything — vehicles, a one-time and a
 * recurring pass, a payment and a subscription, an appeal with photos and a thread, emails, audit
 * entries and uploaded files — closes it; then every text column of every table (read from
 * information_schema, so tables added later are covered) and every file of the storage folder
 * is searched for the person's email, name, phone, address and plates.
 */

const EMAIL = 'dana.closer@example.com';
const NAME = 'Dana Closer';
const PHONE = '555-0199';
const ADDRESS = '42 Quiet Lane';
const SAVED_PLATE = 'DCL1001';
const PASS_PLATE = 'DCL1002';
const RECURRING_PLATE = 'DCL1003';
const NEEDLES = [EMAIL, NAME, PHONE, ADDRESS, SAVED_PLATE, PASS_PLATE, RECURRING_PLATE];

/**
 * What may still name the person afterwards, and why: the notice written to the plate is the
 * tenant's legal record of the vehicle (kept, docs/privacy.md), and the development mailbox stands
 * for the recipient's own inbox, outside the portal.
 */
const KEPT = new Set(['citations.plate']);
const OUTSIDE_THE_PORTAL = new Set(['dev_mailbox']);

interface Trace {
  table: string;
  column: string;
  needle: string;
}

/** Every (table, column, needle) where a text, JSON or array column of a public table holds a needle. */
async function findTraces(t: TestApp, needles: string[]): Promise<Trace[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    t.db,
    sql`SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public'
          AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
          AND table_name IN (SELECT table_name FROM information_schema.tables
                             WHERE table_schema = 'public' AND table_type = 'BASE TABLE')
        ORDER BY table_name, column_name`,
  );
  const traces: Trace[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    if (OUTSIDE_THE_PORTAL.has(table)) continue;
    // One query a column: which of the needles appear anywhere in it.
    const found = await queryRows<{ needle: string }>(
      t.db,
      sql`SELECT DISTINCT needle FROM ${sql.identifier(table)},
            unnest(${`{${needles.map((needle) => `"${needle.toLowerCase()}"`).join(',')}}`}::text[]) AS needle
          WHERE position(needle in lower(${sql.identifier(column)}::text)) > 0`,
    );
    const matched = new Set(found.map((row) => row.needle));
    for (const needle of needles) {
      if (matched.has(needle.toLowerCase())) traces.push({ table, column, needle });
    }
  }
  return traces;
}

/** Every file under the storage folder whose bytes or name hold a needle. */
async function findFileTraces(root: string, needles: string[]): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = `${file}\n${(await readFile(file)).toString('latin1')}`.toLowerCase();
    if (needles.some((needle) => text.includes(needle.toLowerCase()))) found.push(file);
  }
  return found;
}

/** A PNG that carries the person's name after its end, as a photo's metadata might. */
const photoNaming = (name: string) => Buffer.concat([pngBytes(), Buffer.from(` ${name} `)]);

/**
 * Everything the app logs over the person's life in this file (info level, request lines on, as in
 * production): the log is append-only, so nothing of them may ever be written to it.
 */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

const t = useTestApp({
  logStream,
  env: { LOG_LEVEL: 'info', LOG_REQUESTS: 'true' },
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'closing',
        citations: [buildCitation({ citationNumber: 'CL1', plate: SAVED_PLATE })],
        customers: [
          buildCustomer({
            email: EMAIL,
            fullname: NAME,
            building: ADDRESS,
            vehicles: [{ plate: SAVED_PLATE, state: 'NY', make: 'HONDA', model: 'FIT', color: 'RED' }],
          }),
          buildCustomer({
            email: 'stays@example.com',
            fullname: 'Sam Stays',
            vehicles: [{ plate: 'STAY100' }],
          }),
        ],
        appeals: [
          buildAppeal({
            citationNumber: 'CL1',
            name: NAME,
            email: EMAIL,
            phoneNumber: PHONE,
            address: ADDRESS,
            reason: `My permit for ${SAVED_PLATE} was on the dash.`,
          }),
        ],
        operators: [buildOperator({ email: 'admin@closing.example', role: 'tenant_admin' })],
        products: [
          buildProduct({ name: 'Day pass' }),
          buildProduct({
            name: 'Monthly garage',
            amount: 9000,
            billingType: 'RECURRING',
            billingPeriod: 'MONTH',
            permitDuration: 1,
            permitDurationUnit: 'MONTH',
          }),
        ],
        passes: [
          buildPass('Day pass', {
            customerEmail: EMAIL,
            issuedOn: '2026-11-20T09:00:00Z',
            expiresAt: '2026-11-27T09:00:00Z',
            vehicle: { plate: PASS_PLATE, state: 'NY', make: 'HONDA', model: 'FIT', color: 'RED' },
            permitHolder: { name: NAME, email: EMAIL, phoneNumber: PHONE, address1: ADDRESS },
          }),
        ],
      }),
      buildTenant({
        subdomain: 'elsewhere',
        operators: [buildOperator({ email: 'admin@elsewhere.example', role: 'tenant_admin' })],
      }),
    ],
  },
});

let token: string;
let customerId: string;
let recurringPassId: string;
const storedFiles: string[] = [];

/** A recurring pass paid through the sandbox: a payment session and a live subscription. */
async function subscribe(): Promise<string> {
  const [product] = await t.db.select().from(passProducts).where(eq(passProducts.name, 'Monthly garage'));
  const vehicle = await t.request('closing', {
    method: 'POST',
    url: '/api/v1/portal/permit/vehicle',
    headers: { authorization: token },
    payload: { plate: RECURRING_PLATE, state: 'NY', make: 'KIA', model: 'RIO', color: 'RED' },
  });
  const issued = await t.request('closing', {
    method: 'POST',
    url: '/api/v1/portal/permit/issue',
    headers: { authorization: token },
    payload: {
      permitProductUUID: product!.id,
      vehicleUUID: vehicle.json().uuid,
      startDate: TEST_NOW,
      holderName: NAME,
    },
  });
  const id = issued.json().permitIssuedUUID as string;
  const checkout = await t.request('closing', {
    method: 'GET',
    url: `/api/v1/portal/permit/checkout/${id}/subdomain/closing`,
    headers: { authorization: token },
  });
  const paid = await submitSandboxCheckout(t, 'closing', checkout.json().checkoutURL);
  expect(paid.statusCode).toBe(303);
  return id;
}

/** Photos on the appeal and its thread, and a registration proof on the pass, stored through the API. */
async function attachFiles(passId: string) {
  const [appeal] = await t.db.select().from(appeals).where(eq(appeals.email, EMAIL));
  const upload = async (purpose: 'appeal-photo' | 'pass-proof') => {
    const { fileUrl, upload: issued } = await uploadThroughApi(t, 'closing', photoNaming(NAME), { purpose });
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, issued.uploadUUID));
    storedFiles.push(row!.storageKey);
    await t.db.update(uploads).set({ status: 'attached' }).where(eq(uploads.id, row!.id));
    return fileUrl;
  };
  const appealPhoto = await upload('appeal-photo');
  const messagePhoto = await upload('appeal-photo');
  const proof = await upload('pass-proof');
  await t.db
    .update(appeals)
    .set({ imageUrls: [appealPhoto] })
    .where(eq(appeals.id, appeal!.id));
  await t.db.insert(appealMessages).values([
    {
      tenantId: appeal!.tenantId,
      appealId: appeal!.id,
      author: 'appellant',
      body: `I am ${NAME}.`,
      imageUrls: [messagePhoto],
    },
    {
      tenantId: appeal!.tenantId,
      appealId: appeal!.id,
      author: 'operator',
      body: `Thanks ${NAME}, call ${PHONE}.`,
    },
  ]);
  await t.db
    .insert(passRegistrationProofs)
    .values({ tenantId: appeal!.tenantId, passId, fileUrl: proof, position: 0 });
}

beforeAll(async () => {
  token = await signIn(t, 'closing', EMAIL);
  const [customer] = await t.db.select().from(customers).where(eq(customers.email, EMAIL));
  customerId = customer!.id;
  recurringPassId = await subscribe();
  await attachFiles(recurringPassId);
  // An operator's change that copied the person's details into the log.
  await recordAudit(t.db, {
    tenantId: customer!.tenantId,
    actor: { operatorId: null, label: 'admin@closing.example' },
    action: 'notice.edit',
    entityType: 'notice',
    entityId: 'CL1',
    before: { comments: null },
    after: { comments: `Owner ${NAME} (${EMAIL}) called` },
  });
  // A password reset request: one more email to the address.
  await t.request('closing', {
    method: 'POST',
    url: '/api/v1/auth/customer/send_password_reset_email',
    payload: { email: EMAIL, subdomain: 'closing' },
  });
});

const close = (password: string, authorization = token) =>
  t.request('closing', {
    method: 'POST',
    url: '/api/v1/portal/customer/close',
    headers: { authorization },
    payload: { currentPassword: password },
  });

describe('POST /portal/customer/close', () => {
  it('refuses a wrong password (403) and a missing one (400), changing nothing', async () => {
    expect((await close('Wrong#2026')).statusCode).toBe(403);
    const missing = await t.request('closing', {
      method: 'POST',
      url: '/api/v1/portal/customer/close',
      headers: { authorization: token },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer).toMatchObject({ email: EMAIL, closedAt: null });
  });

  it('leaves nothing of the person in any table or file but what the retention rule keeps', async () => {
    const before = await findTraces(t, NEEDLES);
    const tablesBefore = new Set(before.map((trace) => trace.table));
    // The seed really holds the person everywhere the search looks: the test can fail.
    for (const table of [
      'customers',
      'customer_vehicles',
      'issued_passes',
      'pass_vehicles',
      'permit_holders',
      'appeals',
      'appeal_messages',
      'email_outbox',
      'audit_log',
    ]) {
      expect(tablesBefore, table).toContain(table);
    }
    const root = path.join(t.dataDir, 'uploads');
    expect((await findFileTraces(root, NEEDLES)).length).toBe(storedFiles.length);

    // The person looks their plate up: the plate is in the path, which the log must not keep.
    const lookup = await t.request('closing', {
      method: 'GET',
      url: `/api/v1/portal/citation/p/${SAVED_PLATE}/n/0/o/closing`,
    });
    expect(lookup.statusCode).toBeLessThan(500);

    const closed = await close(TEST_PASSWORD);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ isClosed: true });
    const delivery = await deliverPendingEmails({ db: t.db, mail: t.mail, clock: t.clock, config: t.config });
    expect(delivery.sent).toBeGreaterThan(0);

    const after = await findTraces(t, NEEDLES);
    expect(after.filter((trace) => !KEPT.has(`${trace.table}.${trace.column}`))).toEqual([]);
    expect(after.map((trace) => `${trace.table}.${trace.column}`)).toContain('citations.plate');
    expect(await findFileTraces(root, NEEDLES)).toEqual([]);
    for (const key of storedFiles) expect(await t.storage.inspect(key)).toBeNull();

    // The log heard the person's requests (sign-in, uploads, the close itself) and names none of them.
    const log = logLines.join('').toLowerCase();
    expect(log).toContain('/api/v1/portal/customer/close');
    expect(log).toContain('/api/v1/portal/citation/p/:plate/n/:number/o/:subdomain');
    expect(logLines.length).toBeGreaterThan(5);
    expect(NEEDLES.filter((needle) => log.includes(needle.toLowerCase()))).toEqual([]);
  });

  it('signs every session out, refuses the old password and frees the address', async () => {
    const me = await t.request('closing', {
      method: 'GET',
      url: '/api/v1/portal/customer',
      headers: { authorization: token },
    });
    expect(me.statusCode).toBe(401);
    const login = await t.request('closing', {
      method: 'POST',
      url: '/api/v1/auth/customer/login',
      payload: { email: EMAIL, password: TEST_PASSWORD, entitySubdomain: 'closing' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('stops the recurring pass renewing through the payment port and cancels live passes', async () => {
    const [pass] = await t.db.select().from(issuedPasses).where(eq(issuedPasses.id, recurringPassId));
    expect(pass?.paidStatus).toBe('canceled');
    const [subscription] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, pass!.subscriptionRef!));
    expect(subscription?.cancelAtPeriodEnd).toBe(true);
    // Accounting keeps the pass's amount and number, and the customer row it points at.
    expect(pass).toMatchObject({ amount: 9000, customerId });
  });

  it('emails a confirmation to the old address, then keeps no copy in the outbox', async () => {
    const [mail] = await t.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.subject, 'Your account is closed'));
    expect(mail?.toAddress).toBe(EMAIL);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.isErasedAfterDelivery, true))).toEqual(
      [],
    );
  });

  it('keeps an audit entry without personal data, and the other customer untouched', async () => {
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.close'), eq(auditLog.entityId, customerId)));
    expect(entry).toMatchObject({ actorLabel: 'customer', before: null, after: null });
    const [other] = await t.db.select().from(customers).where(eq(customers.email, 'stays@example.com'));
    expect(other).toMatchObject({ fullname: 'Sam Stays', closedAt: null });
    expect(await findTraces(t, ['STAY100'])).toContainEqual({
      table: 'customer_vehicles',
      column: 'plate',
      needle: 'STAY100',
    });
  });
});

describe('POST /dashboard/customers/:uuid/erase', () => {
  let admin: string;
  let otherId: string;
  beforeAll(async () => {
    admin = await signInOperator(t, 'closing', 'admin@closing.example');
    const [other] = await t.db.select().from(customers).where(eq(customers.email, 'stays@example.com'));
    otherId = other!.id;
  });
  const erase = (subdomain: string, uuid: string, confirmEmail: string, authorization = admin) =>
    t.request(subdomain, {
      method: 'POST',
      url: `/api/v1/dashboard/customers/${uuid}/erase`,
      headers: { authorization },
      payload: { confirmEmail },
    });

  it("refuses an email that is not the customer's (400) and another tenant's host (404)", async () => {
    expect((await erase('closing', otherId, 'someone@example.com')).statusCode).toBe(400);
    const elsewhere = await signInOperator(t, 'elsewhere', 'admin@elsewhere.example');
    expect((await erase('elsewhere', otherId, 'stays@example.com', elsewhere)).statusCode).toBe(404);
    const [other] = await t.db.select().from(customers).where(eq(customers.id, otherId));
    expect(other?.closedAt).toBeNull();
  });

  it('erases on request, audit-logged under the operator, and answers 409 the second time', async () => {
    const erased = await erase('closing', otherId, 'STAYS@example.com');
    expect(erased.statusCode).toBe(200);
    await deliverPendingEmails({ db: t.db, mail: t.mail, clock: t.clock, config: t.config });
    expect(await findTraces(t, ['stays@example.com', 'Sam Stays', 'STAY100'])).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'customer.erase'));
    expect(entry).toMatchObject({
      actorLabel: 'admin@closing.example',
      entityId: otherId,
      before: null,
      after: null,
    });
    expect((await erase('closing', otherId, 'stays@example.com')).statusCode).toBe(409);
  });
});
