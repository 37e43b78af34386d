import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { pngBytes } from '../../../../tests/support/files';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import { uploadThroughApi } from '../../../../tests/support/uploads';
import { APPEAL_TOKEN_HEADER } from '../../../shared/contract';
import { appealMessages } from '../../../shared/messages';
import { appeals, emailOutbox, uploads } from '../../db/schema';
import { APPEAL_CONFIRMATION_LIFETIME_MS } from './service';
import { sweepUnconfirmedAppeals } from './sweep-unconfirmed-appeals';

let t: TestApp;
const PASSWORD = 'Operator#2026';

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      buildTenant({
        subdomain: 'conf',
        citations: ['SQ1', 'MASK1', 'EXP1'].map((citationNumber) =>
          buildCitation({ citationNumber, createdOn: '2026-11-18T15:00:00Z' }),
        ),
        operators: [{ email: 'ops@conf.example', password: PASSWORD, fullname: 'Ops' }],
      }),
    ],
  });
});
afterAll(() => t.close());

async function uuidOf(number: string): Promise<string> {
  const response = await t.request('conf', {
    method: 'GET',
    url: `/api/v1/portal/citation/p/blank/n/${number}/o/conf`,
  });
  return response.json()[0].uuid;
}

const appealBody = (
  uuid: string,
  number: string,
  who: { name: string; email: string },
  imageURLs: string[] = [],
) => ({
  citationUUID: uuid,
  citationNumber: number,
  name: who.name,
  email: who.email,
  phoneNumber: '555-0199',
  address: '12 Elm Street',
  reason: 'I had a permit on the dashboard.',
  imageURLs,
});

const submit = (body: ReturnType<typeof appealBody>) =>
  t.request('conf', { method: 'PUT', url: '/api/v1/portal/appeal', payload: body });

async function tokenFor(to: string): Promise<string> {
  const [email] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
  const url = new URL(email?.content.action?.url ?? '');
  return url.searchParams.get('confirm') ?? '';
}

const confirm = (citationUUID: string, token: string) =>
  t.request('conf', {
    method: 'POST',
    url: '/api/v1/portal/appeal/confirm',
    payload: { citationUUID, token },
  });

const read = (uuid: string, number: string, token?: string) =>
  t.request('conf', {
    method: 'GET',
    url: `/api/v1/portal/appeal/id/${uuid}/n/${number}`,
    headers: token ? { [APPEAL_TOKEN_HEADER]: token } : {},
  });

async function operatorAppeals(): Promise<Array<{ citationNumber: string; name: string }>> {
  const login = await t.request('conf', {
    method: 'POST',
    url: '/api/v1/dashboard/auth/login',
    payload: { email: 'ops@conf.example', password: PASSWORD },
  });
  const list = await t.request('conf', {
    method: 'GET',
    url: '/api/v1/dashboard/appeals',
    headers: { authorization: `Bearer ${login.json().jwtToken}` },
  });
  return list.json();
}

describe('appeals count once their email is confirmed', () => {
  it('an anonymous junk appeal blocks nobody: the owner files and confirms theirs; the junk one is refused', async () => {
    const uuid = await uuidOf('SQ1');
    const squatter = await submit(appealBody(uuid, 'SQ1', { name: 'Junk', email: 'squatter@evil.example' }));
    expect(squatter.statusCode).toBe(200);
    expect(squatter.json().isEmailConfirmed).toBe(false);
    // Unconfirmed: not shown, not offered to the operator, the notice still appealable.
    expect((await read(uuid, 'SQ1')).json().code).toBe('appeal_not_found');
    expect((await operatorAppeals()).map((appeal) => appeal.citationNumber)).not.toContain('SQ1');
    expect(
      (await t.request('conf', { method: 'GET', url: '/api/v1/portal/citation/number/SQ1' })).statusCode,
    ).toBe(200);

    const owner = await submit(appealBody(uuid, 'SQ1', { name: 'Olive Owner', email: 'olive@example.com' }));
    expect(owner.statusCode).toBe(200);
    const confirmed = await confirm(uuid, await tokenFor('olive@example.com'));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      name: 'Olive Owner',
      isEmailConfirmed: true,
      isOwnerView: true,
    });
    expect((await operatorAppeals()).find((appeal) => appeal.citationNumber === 'SQ1')?.name).toBe(
      'Olive Owner',
    );

    const late = await confirm(uuid, await tokenFor('squatter@evil.example'));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(appealMessages.appealExists);
    // Following one's own link again answers the same appeal.
    expect((await confirm(uuid, await tokenFor('olive@example.com'))).statusCode).toBe(200);
  });

  it('the confirmation email carries nothing the appellant typed', async () => {
    const [email] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'squatter@evil.example'));
    const text = JSON.stringify(email?.content);
    expect(text).not.toContain('Junk');
    expect(text).not.toContain('permit on the dashboard');
    expect(email?.subject).toBe('Confirm your appeal of notice SQ1');
  });

  it('masks personal fields and withholds photos from anybody without the confirmation token', async () => {
    const uuid = await uuidOf('MASK1');
    const photo = await uploadThroughApi(t, 'conf', pngBytes());
    const body = appealBody(uuid, 'MASK1', { name: 'Mara Private', email: 'mara@example.com' }, [
      photo.fileUrl,
    ]);
    expect((await submit(body)).statusCode).toBe(200);
    const token = await tokenFor('mara@example.com');
    expect((await confirm(uuid, token)).statusCode).toBe(200);

    const anonymous = (await read(uuid, 'MASK1')).json();
    expect(anonymous).toMatchObject({
      name: 'M*** P***',
      email: 'm***@e***.com',
      phoneNumber: '***99',
      address: '***',
      reason: '***',
      imageURLs: [],
      isOwnerView: false,
      isPending: true,
    });
    expect(JSON.stringify(anonymous)).not.toContain('Elm');
    expect((await read(uuid, 'MASK1', '00000000-0000-4000-8000-000000000000')).json().isOwnerView).toBe(
      false,
    );
    const owner = (await read(uuid, 'MASK1', token)).json();
    expect(owner).toMatchObject({
      name: 'Mara Private',
      email: 'mara@example.com',
      imageURLs: [photo.fileUrl],
    });
  });

  it('expires an unconfirmed appeal: its link stops working, and the sweep deletes it and frees its photo', async () => {
    t.clock.set(TEST_NOW);
    const uuid = await uuidOf('EXP1');
    const photo = await uploadThroughApi(t, 'conf', pngBytes());
    const body = appealBody(uuid, 'EXP1', { name: 'Ed Late', email: 'ed@example.com' }, [photo.fileUrl]);
    expect((await submit(body)).statusCode).toBe(200);
    const token = await tokenFor('ed@example.com');
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + APPEAL_CONFIRMATION_LIFETIME_MS + 1000));
    const expired = await confirm(uuid, token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(appealMessages.confirmFailed);

    expect(await sweepUnconfirmedAppeals({ db: t.db, now: t.clock.now() })).toBeGreaterThan(0);
    expect(await t.db.select().from(appeals).where(eq(appeals.citationId, uuid))).toEqual([]);
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.fileUrl, photo.fileUrl));
    expect(upload?.status).toBe('stored');
    t.clock.set(TEST_NOW);
  });
});
