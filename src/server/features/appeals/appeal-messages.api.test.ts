import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { pngBytes } from '../../../../tests/support/files';
import { expectPerClientLimit } from '../../../../tests/support/rate-limits';
import { signInOperator } from '../../../../tests/support/sessions';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { uploadThroughApi } from '../../../../tests/support/uploads';
import { appealMessages, emailOutbox, uploads } from '../../db/schema';

let t: TestApp;
const PASSWORD = 'Operator#2026';
/** The appeals' confirmation tokens: the appellant's browser sends its own as x-appeal-token. */
const APPELLANT_TOKEN = {
  T1: '0b7e3a52-6c1d-4f8e-9a2b-3c4d5e6f7a81',
  T2: '1c8f4b63-7d2e-4a9f-8b3c-4d5e6f7a8b92',
} as const;
const asAppellant = (number: keyof typeof APPELLANT_TOKEN) => ({ 'x-appeal-token': APPELLANT_TOKEN[number] });
const appealOf = (citationNumber: string, extra: Record<string, unknown> = {}) => ({
  citationNumber,
  name: `Appellant ${citationNumber}`,
  email: `${citationNumber.toLowerCase()}@example.com`,
  phoneNumber: '555',
  address: '1 Elm',
  reason: 'Reason',
  submissionDate: '2026-11-12T10:00:00Z',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...buildTenant({ subdomain: 'thread' }),
        citations: ['T1', 'T2', 'T3'].map((citationNumber) => buildCitation({ citationNumber })),
        appeals: [
          appealOf('T1', { confirmationToken: APPELLANT_TOKEN.T1 }),
          appealOf('T2', {
            isPending: false,
            isApproved: false,
            responseDate: '2026-11-13T10:00:00Z',
            confirmationToken: APPELLANT_TOKEN.T2,
          }),
        ],
        operators: [
          { email: 'ops1@thread.example', password: PASSWORD, fullname: 'Ops One' },
          { email: 'ops2@thread.example', password: PASSWORD, fullname: 'Ops Two' },
        ],
      },
      {
        ...buildTenant({ subdomain: 'otherthread' }),
        operators: [{ email: 'ops@other.example', password: PASSWORD, fullname: 'Other Ops' }],
      },
    ],
  });
});
afterAll(() => t.close());

async function citationUuid(number: string): Promise<string> {
  return (
    await t.request('thread', { method: 'GET', url: `/api/v1/portal/citation/p/blank/n/${number}/o/thread` })
  ).json()[0].uuid;
}

const operatorToken = (host: string, email: string) => signInOperator(t, host, email, PASSWORD);

async function appealUuid(token: string, number: string): Promise<string> {
  const list = (
    await t.request('thread', {
      method: 'GET',
      url: '/api/v1/dashboard/appeals',
      headers: { authorization: token },
    })
  ).json() as Array<{ uuid: string; citationNumber: string }>;
  return list.find((appeal) => appeal.citationNumber === number)!.uuid;
}

const outboxTo = (address: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

describe('appeal messages', () => {
  it('carries a two-way thread until the decision, emailing the other side each time', async () => {
    const uuid = await citationUuid('T1');
    const token = await operatorToken('thread', 'ops1@thread.example');
    const appeal = await appealUuid(token, 'T1');

    const fromAppellant = await t.request('thread', {
      method: 'POST',
      url: `/api/v1/portal/appeal/id/${uuid}/n/t1/messages`,
      headers: asAppellant('T1'),
      payload: { body: '  I have a receipt from the pay station.  ' },
    });
    expect(fromAppellant.statusCode).toBe(200);
    expect(fromAppellant.json()).toMatchObject({
      author: 'appellant',
      body: 'I have a receipt from the pay station.',
    });
    // Every operator of the tenant is told, with a link to the appeals.
    for (const address of ['ops1@thread.example', 'ops2@thread.example']) {
      const [email] = await outboxTo(address);
      expect(email?.content.paragraphs).toContain('I have a receipt from the pay station.');
      expect(email?.content.action?.url).toMatch(/\/dashboard\/appeals$/);
    }

    const fromOperator = await t.request('thread', {
      method: 'POST',
      url: `/api/v1/dashboard/appeals/${appeal}/messages`,
      headers: { authorization: token },
      payload: { body: 'Please upload a photo of it.' },
    });
    expect(fromOperator.statusCode).toBe(200);
    const [toAppellant] = await outboxTo('t1@example.com');
    expect(toAppellant?.content.paragraphs).toContain('Please upload a photo of it.');
    expect(toAppellant?.content.action?.url).toMatch(new RegExp(`/noticeappeal/${uuid}$`));

    const seenByAppellant = (
      await t.request('thread', {
        method: 'GET',
        url: `/api/v1/portal/appeal/id/${uuid}/n/T1/messages`,
        headers: asAppellant('T1'),
      })
    ).json();
    const seenByOperator = (
      await t.request('thread', {
        method: 'GET',
        url: `/api/v1/dashboard/appeals/${appeal}/messages`,
        headers: { authorization: token },
      })
    ).json();
    expect(seenByAppellant.map((m: { author: string }) => m.author)).toEqual(['appellant', 'operator']);
    expect(seenByOperator).toEqual(seenByAppellant);
  });

  it('closes the thread once the appeal is decided (409), writing nothing', async () => {
    const uuid = await citationUuid('T2');
    const response = await t.request('thread', {
      method: 'POST',
      url: `/api/v1/portal/appeal/id/${uuid}/n/T2/messages`,
      headers: asAppellant('T2'),
      payload: { body: 'Anything?' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/decided/);
    expect(await outboxTo('ops1@thread.example')).toHaveLength(1);
  });

  it("is the appellant's alone: without the appeal's token, or with another's, reading and writing are 404", async () => {
    const uuid = await citationUuid('T1');
    const url = `/api/v1/portal/appeal/id/${uuid}/n/T1/messages`;
    const messagesBefore = (await t.db.select().from(appealMessages)).length;
    const emailsBefore = (await outboxTo('ops1@thread.example')).length;
    for (const headers of [
      {},
      { 'x-appeal-token': APPELLANT_TOKEN.T2 },
      { 'x-appeal-token': 'not-a-token' },
    ]) {
      expect((await t.request('thread', { method: 'GET', url, headers })).statusCode).toBe(404);
      // From an address of its own: the file's other tests share the per-client message budget.
      const post = await t.request('thread', {
        method: 'POST',
        url,
        headers,
        remoteAddress: '192.0.2.77',
        payload: { body: 'Posing' },
      });
      expect(post.statusCode).toBe(404);
    }
    expect((await t.db.select().from(appealMessages)).length).toBe(messagesBefore);
    expect(await outboxTo('ops1@thread.example')).toHaveLength(emailsBefore);
    // The token's own appellant reads the thread.
    expect((await t.request('thread', { method: 'GET', url, headers: asAppellant('T1') })).statusCode).toBe(
      200,
    );
  });

  it('needs the right notice number, an appeal, and the host tenant (404)', async () => {
    const uuid = await citationUuid('T1');
    const get = (host: string, path: string) =>
      t.request(host, { method: 'GET', url: path, headers: asAppellant('T1') });
    expect((await get('thread', `/api/v1/portal/appeal/id/${uuid}/n/T9/messages`)).statusCode).toBe(404);
    expect((await get('otherthread', `/api/v1/portal/appeal/id/${uuid}/n/T1/messages`)).statusCode).toBe(404);
    const noAppeal = await citationUuid('T3');
    expect((await get('thread', `/api/v1/portal/appeal/id/${noAppeal}/n/T3/messages`)).statusCode).toBe(404);
    const token = await operatorToken('thread', 'ops1@thread.example');
    const appeal = await appealUuid(token, 'T1');
    const otherToken = await operatorToken('otherthread', 'ops@other.example');
    const foreign = await t.request('otherthread', {
      method: 'GET',
      url: `/api/v1/dashboard/appeals/${appeal}/messages`,
      headers: { authorization: otherToken },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('is a 400 with a clear message for an empty or oversized message, and 401 for the operator side without a token', async () => {
    const uuid = await citationUuid('T1');
    const post = (body: Record<string, string>) =>
      t.request('thread', {
        method: 'POST',
        url: `/api/v1/portal/appeal/id/${uuid}/n/T1/messages`,
        headers: asAppellant('T1'),
        payload: body,
      });
    const empty = await post({ body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Write a message first\./);
    expect((await post({ body: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(400);
    const token = await operatorToken('thread', 'ops1@thread.example');
    const appeal = await appealUuid(token, 'T1');
    expect(
      (await t.request('thread', { method: 'GET', url: `/api/v1/dashboard/appeals/${appeal}/messages` }))
        .statusCode,
    ).toBe(401);
  });

  it('carries evidence photos both ways, each attached once, and refuses a foreign or reused photo', async () => {
    const uuid = await citationUuid('T1');
    const url = `/api/v1/portal/appeal/id/${uuid}/n/T1/messages`;
    const photo = await uploadThroughApi(t, 'thread', pngBytes(4, 4));
    const sent = await t.request('thread', {
      method: 'POST',
      url,
      headers: asAppellant('T1'),
      payload: { body: 'Here is the covered sign.', imageURLs: [photo.fileUrl] },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().imageURLs).toEqual([photo.fileUrl]);
    const [stored] = await t.db.select().from(uploads).where(eq(uploads.fileUrl, photo.fileUrl));
    expect(stored?.status).toBe('attached');
    const emails = await outboxTo('ops1@thread.example');
    expect(JSON.stringify(emails.at(-1))).toContain('Photos attached: 1.');

    const before = (await t.db.select().from(appealMessages)).length;
    const reused = await t.request('thread', {
      method: 'POST',
      url,
      headers: asAppellant('T1'),
      payload: { body: 'Again', imageURLs: [photo.fileUrl] },
    });
    expect(reused.statusCode).toBe(400);
    const foreign = await t.request('thread', {
      method: 'POST',
      url,
      headers: asAppellant('T1'),
      payload: { body: 'Elsewhere', imageURLs: ['https://evil.example/x.png'] },
    });
    expect(foreign.statusCode).toBe(400);
    const tooMany = await t.request('thread', {
      method: 'POST',
      url,
      headers: asAppellant('T1'),
      payload: { body: 'Five', imageURLs: ['a', 'b', 'c', 'd', 'e'] },
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await t.db.select().from(appealMessages)).length).toBe(before);

    const token = await operatorToken('thread', 'ops1@thread.example');
    const appeal = await appealUuid(token, 'T1');
    const operatorPhoto = await uploadThroughApi(t, 'thread', pngBytes(3, 3));
    const reply = await t.request('thread', {
      method: 'POST',
      url: `/api/v1/dashboard/appeals/${appeal}/messages`,
      headers: { authorization: token },
      payload: { body: 'Is this the sign?', imageURLs: [operatorPhoto.fileUrl] },
    });
    expect(reply.statusCode).toBe(200);
    const thread = (
      await t.request('thread', { method: 'GET', url, headers: asAppellant('T1') })
    ).json() as Array<{
      imageURLs: string[];
    }>;
    expect(thread.filter((message) => message.imageURLs.length > 0)).toHaveLength(2);
  });
});

describe('appellant message limit', () => {
  it('takes APPEAL_MESSAGE_RATE_LIMIT_PER_CLIENT messages per client address a minute, then answers 429', async () => {
    const limit = t.config.APPEAL_MESSAGE_RATE_LIMIT_PER_CLIENT;
    // The decided thread refuses each message (409) without writing or emailing; each still counts.
    const uuid = await citationUuid('T2');
    const post = (remoteAddress: string) =>
      t.request('thread', {
        method: 'POST',
        url: `/api/v1/portal/appeal/id/${uuid}/n/T2/messages`,
        remoteAddress,
        headers: asAppellant('T2'),
        payload: { body: 'Anything?' },
      });
    await expectPerClientLimit(post, { limit, status: 409, clients: ['198.51.100.60', '198.51.100.61'] });
  });
});
