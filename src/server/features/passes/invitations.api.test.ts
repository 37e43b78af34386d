import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildProduct, buildTenant } from '../../../../tests/support/factories';
import { signIn } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { accountMessages } from '../../../shared/messages/accounts';
import { passMessages } from '../../../shared/messages/passes';
import { plateMessages } from '../../../shared/messages/plates';
import { customers, emailOutbox, issuedPasses, passVehicles } from '../../db/schema';

/**
 * A business's invitation by email, accepted by the visitor (issue 27, decision 216): the pass
 * follows the product's approval rule, the visitor chooses their own password and names the
 * vehicle through the emailed link, and the pass is listed under the business's My visitors.
 */
const tenant = buildTenant({
  subdomain: 'invites',
  businessAccounts: [{ name: 'Acme Fleet' }],
  customers: [
    buildCustomer({ email: 'biz@invites.example', fullname: 'Bea Biz', customerEntityName: 'Acme Fleet' }),
    buildCustomer({ email: 'known@invites.example', fullname: 'Kim Known', password: 'Known#2026x' }),
  ],
  products: [
    buildProduct({ name: 'Fleet pass', isBusinessProduct: true, businessAccount: 'Acme Fleet' }),
    buildProduct({
      name: 'Approved fleet pass',
      isBusinessProduct: true,
      businessAccount: 'Acme Fleet',
      isAutoApproved: false,
    }),
    buildProduct({
      name: 'Plate-only fleet pass',
      isBusinessProduct: true,
      businessAccount: 'Acme Fleet',
      isPlateOnly: true,
    }),
  ],
});
const other = buildTenant({ subdomain: 'otherinv' });
const t = useTestApp({ seed: { tenants: [tenant, other] } });

let biz = '';
beforeAll(async () => {
  biz = await signIn(t, 'invites', 'biz@invites.example');
});

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  authorization?: string,
  host = 'invites',
) =>
  t.request(host, {
    method,
    url: `/api/v1${url}`,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

const productId = async (name: string) =>
  (await t.db.query.passProducts.findFirst({ where: (row, { eq }) => eq(row.name, name) }))!.id;

const seenLinks = new Set<string>();

/** Invites `email` to `product` and answers the pass and the token of the emailed link. */
async function invite(email: string, product = 'Fleet pass') {
  const response = await call(
    'POST',
    '/dashboard/customer/emailpermit',
    {
      email,
      password: 'Business#2026',
      entityUUID: (await t.app.tenants.get('invites'))!.id,
      permitUUID: await productId(product),
    },
    biz,
  );
  expect(response.statusCode).toBe(200);
  // The test clock stands still: the new email is the one whose link was not seen before.
  const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email.toLowerCase()));
  const mail = mails.find((row) => row.content.action && !seenLinks.has(row.content.action.url));
  const url = mail!.content.action!.url;
  seenLinks.add(url);
  const token = url.slice(url.lastIndexOf('/') + 1);
  return { passId: response.json().permitIssuedUUID as string, token, mail: mail! };
}

const passRow = async (passId: string) =>
  (await t.db.select().from(issuedPasses).where(eq(issuedPasses.id, passId)))[0]!;
const vehicle = { plate: 'inv-12 3', state: 'ny', make: 'Kia', model: 'Rio', color: 'Red' };
const accept = (body: Record<string, unknown>, host = 'invites') =>
  call('POST', '/portal/invitation/accept', body, undefined, host);

describe('a business invitation', () => {
  it("follows the product's approval rule: auto-approved is valid, another waits for the business", async () => {
    const valid = await invite('auto@example.com');
    expect(await passRow(valid.passId)).toMatchObject({ paidStatus: 'paid', invitedAt: expect.any(Date) });
    const waiting = await invite('wait@example.com', 'Approved fleet pass');
    expect(await passRow(waiting.passId)).toMatchObject({ paidStatus: 'waiting', decidedAt: null });
    expect(waiting.mail.content.paragraphs).toContain(
      passMessages.emailInvitedNeedsApproval.replace('{business}', 'Acme Fleet'),
    );
    // A member of the business approves it.
    const approved = await call(
      'PUT',
      '/dashboard/permit/issued/status',
      {
        permitIssuedUUID: waiting.passId,
        status: 'paid',
        message: null,
        isApproval: true,
        isFromPortal: true,
      },
      biz,
    );
    expect(approved.statusCode).toBe(200);
    expect((await passRow(waiting.passId)).paidStatus).toBe('paid');
  });

  it('lets the visitor choose their own password and vehicle through the link, once, and signs them in', async () => {
    const { passId, token } = await invite('new.visitor@example.com', 'Approved fleet pass');
    const shown = await call('GET', `/portal/invitation/${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      permitIssuedUUID: passId,
      email: 'new.visitor@example.com',
      permitName: 'Approved fleet pass',
      businessName: 'Acme Fleet',
      needsPassword: true,
      isPlateOnly: false,
      needsApproval: true,
    });
    // Another tenant's host does not know the link.
    expect(
      (await call('GET', `/portal/invitation/${token}`, undefined, undefined, 'otherinv')).statusCode,
    ).toBe(404);
    expect((await accept({ token, password: 'Mine#2026xx', vehicle }, 'otherinv')).statusCode).toBe(404);

    // The business's password works until the visitor chooses their own.
    await expect(signIn(t, 'invites', 'new.visitor@example.com', 'Business#2026')).resolves.toContain(
      'Bearer',
    );
    const accepted = await accept({ token, password: 'Mine#2026xx', vehicle });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ permitIssuedUUID: passId, jwtToken: expect.any(String) });
    const [primary] = await t.db.select().from(passVehicles).where(eq(passVehicles.passId, passId));
    expect(primary).toMatchObject({
      plate: 'INV-12 3',
      state: 'NY',
      make: 'KIA',
      isPrimary: true,
      isActive: true,
    });
    // Still waiting for the business: accepting is not approving.
    expect(await passRow(passId)).toMatchObject({
      paidStatus: 'waiting',
      invitationAcceptedAt: expect.any(Date),
    });
    await expect(signIn(t, 'invites', 'new.visitor@example.com', 'Mine#2026xx')).resolves.toContain('Bearer');
    await expect(signIn(t, 'invites', 'new.visitor@example.com', 'Business#2026')).rejects.toThrow();
    // The session it answered is the visitor's, and sees the pass.
    const own = await call(
      'GET',
      `/portal/customer/permit/${passId}`,
      undefined,
      `Bearer ${accepted.json().jwtToken}`,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().vehicle.plate).toBe('INV-12 3');

    // The link works once.
    expect((await call('GET', `/portal/invitation/${token}`)).statusCode).toBe(404);
    const again = await accept({ token, password: 'Other#2026xx', vehicle });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(passMessages.invitationInvalid);

    // A second invitation of the same visitor no longer asks for a password.
    const second = await invite('new.visitor@example.com');
    expect((await call('GET', `/portal/invitation/${second.token}`)).json().needsPassword).toBe(false);
    // Both links of one visitor work: a new invitation does not retire the link of another pass.
    const third = await invite('new.visitor@example.com');
    expect((await call('GET', `/portal/invitation/${second.token}`)).statusCode).toBe(200);
    expect((await accept({ token: third.token, vehicle })).statusCode).toBe(200);
    await expect(signIn(t, 'invites', 'new.visitor@example.com', 'Mine#2026xx')).resolves.toContain('Bearer');
  });

  it('refuses a missing password or plate, or a weak password, with a sentence and changes nothing', async () => {
    const { passId, token } = await invite('careful@example.com');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ token, vehicle }, passMessages.invitationPasswordRequired],
      [{ token, password: 'password', vehicle }, accountMessages.passwordTooWeak],
      [{ token, password: 'Mine#2026xx', vehicle: { ...vehicle, plate: '' } }, passMessages.vehicleRequired],
      [{ token, password: 'Mine#2026xx', vehicle: { ...vehicle, plate: '!!!' } }, plateMessages.plateInvalid],
    ];
    for (const [body, message] of cases) {
      const refused = await accept(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect(await t.db.select().from(passVehicles).where(eq(passVehicles.passId, passId))).toEqual([]);
    expect((await passRow(passId)).invitationAcceptedAt).toBeNull();
    // The link still works after the refusals.
    expect((await call('GET', `/portal/invitation/${token}`)).statusCode).toBe(200);
    expect((await call('GET', '/portal/invitation/not-a-token')).statusCode).toBe(400);
  });

  it('an existing account keeps its password; a plate-only product keeps the plate alone', async () => {
    const { passId, token } = await invite('KNOWN@invites.example', 'Plate-only fleet pass');
    expect((await call('GET', `/portal/invitation/${token}`)).json()).toMatchObject({
      needsPassword: false,
      isPlateOnly: true,
    });
    const accepted = await accept({ token, password: 'Ignored#2026x', vehicle });
    expect(accepted.statusCode).toBe(200);
    await expect(signIn(t, 'invites', 'known@invites.example', 'Known#2026x')).resolves.toContain('Bearer');
    const [primary] = await t.db.select().from(passVehicles).where(eq(passVehicles.passId, passId));
    expect(primary).toMatchObject({ plate: 'INV-12 3', state: null, make: null });
  });

  it("lists the invited visitors' passes under the business's My visitors, not under someone else's", async () => {
    const { passId } = await invite('listed@example.com');
    const visitors = await call('GET', '/portal/customer/visitors', undefined, biz);
    expect(visitors.statusCode).toBe(200);
    expect(visitors.json().map((permit: { uuid: string }) => permit.uuid)).toContain(passId);
    const known = await signIn(t, 'invites', 'known@invites.example', 'Known#2026x');
    const theirs = await call('GET', '/portal/customer/visitors', undefined, known);
    expect(theirs.json().map((permit: { uuid: string }) => permit.uuid)).not.toContain(passId);
    const [invitee] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(and(eq(customers.email, 'listed@example.com'), eq(customers.createdVia, 'invited')));
    expect(invitee!.n).toBe(1);
  });
});
