import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
} from '../../../../tests/support/factories';
import { signIn, signInOperator } from '../../../../tests/support/sessions';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { passMessages } from '../../../shared/messages/passes';
import { waitlistMessages } from '../../../shared/messages/waitlists';
import { queryRows } from '../../db/client';
import { auditLog, emailOutbox, issuedPasses, passProducts, passWaitlistEntries } from '../../db/schema';
import { sweepWaitlists } from './offers';

/**
 * Waitlists (issue 31, decision 210): joining a sold-out product once, a freed place offered to
 * the first in line and held for them, bought through the link, declined or lapsed to the next
 * person, the console's line, and exactly once under a real race of cancels and purchases.
 */
let t: TestApp;
let admin: string;

/** Passes filling `count` places of `product`, valid all of the test day. */
const fullPasses = (product: string, count: number, prefix: string) =>
  Array.from({ length: count }, (_, n) =>
    buildPass(product, {
      expiresAt: '2026-11-22T09:00:00Z',
      permitHolder: { name: `Holder ${n}`, email: `${prefix}${n}@holders.example` },
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      buildTenant({
        subdomain: 'lots',
        customers: [buildCustomer({ email: 'cora@lots.example', fullname: 'Cora Customer' })],
        operators: [buildOperator({ email: 'admin@lots.example', role: 'tenant_admin' })],
        products: [
          buildProduct({ name: 'Garage', capacity: 2, hasWaitlist: true }),
          buildProduct({ name: 'Open lot', capacity: 5, hasWaitlist: true }),
          buildProduct({ name: 'No list', capacity: 1 }),
          buildProduct({ name: 'Lapsing', capacity: 1, hasWaitlist: true, waitlistOfferHours: 2 }),
          buildProduct({ name: 'Raised', capacity: 1, hasWaitlist: true }),
          buildProduct({ name: 'Race', capacity: 10, hasWaitlist: true }),
          buildProduct({ name: 'Declines', capacity: 1, hasWaitlist: true }),
          buildProduct({ name: 'Moves', capacity: 1, hasWaitlist: true }),
        ],
        passes: [
          ...fullPasses('Garage', 2, 'garage'),
          ...fullPasses('No list', 1, 'nolist'),
          ...fullPasses('Lapsing', 1, 'lapsing'),
          ...fullPasses('Raised', 1, 'raised'),
          ...fullPasses('Race', 10, 'race'),
          ...fullPasses('Declines', 1, 'declines'),
          ...fullPasses('Moves', 1, 'moves'),
        ],
      }),
      buildTenant({
        subdomain: 'elsewhere',
        operators: [buildOperator({ email: 'admin@elsewhere.example', role: 'tenant_admin' })],
      }),
    ],
  });
  admin = await signInOperator(t, 'lots', 'admin@lots.example');
});
afterAll(() => t.close());

const productId = async (name: string) =>
  (await t.db.select({ id: passProducts.id }).from(passProducts).where(eq(passProducts.name, name)))[0]!.id;
const passesOf = async (name: string) =>
  t.db
    .select()
    .from(issuedPasses)
    .where(eq(issuedPasses.productId, await productId(name)))
    .orderBy(issuedPasses.id);
const join = async (
  name: string,
  email: string | null,
  options: { host?: string; authorization?: string } = {},
) =>
  t.request(options.host ?? 'lots', {
    method: 'POST',
    url: `/api/v1/portal/permit/product/${await productId(name)}/waitlist`,
    headers: options.authorization ? { authorization: options.authorization } : {},
    payload: { email },
  });
const cancel = (passId: string) =>
  t.request('lots', { method: 'PUT', url: `/api/v1/permits/issued/${passId}/cancel` });
let plates = 0;
const buy = async (name: string, email: string, offer?: string) =>
  t.request('lots', {
    method: 'POST',
    url: '/api/v1/permits/checkout/guest/free',
    payload: {
      permitProductUUID: await productId(name),
      subdomain: 'lots',
      email,
      date: t.clock.now().toISOString(),
      vehicle: { plate: `WL ${++plates}` },
      ...(offer ? { waitlistOffer: offer } : {}),
    },
  });
const entryOf = async (email: string, name: string) =>
  (
    await t.db
      .select()
      .from(passWaitlistEntries)
      .where(
        and(eq(passWaitlistEntries.email, email), eq(passWaitlistEntries.productId, await productId(name))),
      )
  )[0]!;
const offerEmailsTo = (to: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), sql`${emailOutbox.subject} LIKE 'A place on %'`));
const sweep = () => sweepWaitlists({ db: t.db, clock: t.clock, config: t.config });

describe('joining a waitlist', () => {
  it('refuses a product without a waitlist, and one that is not sold out, in plain sentences', async () => {
    const none = await join('No list', 'ann@people.example');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ code: 'no_waitlist', message: waitlistMessages.noWaitlist });
    const open = await join('Open lot', 'ann@people.example');
    expect(open.statusCode).toBe(409);
    expect(open.json()).toEqual({ code: 'not_sold_out', message: waitlistMessages.notSoldOut });
  });

  it('asks for a valid email', async () => {
    expect((await join('Garage', null)).json()).toEqual({
      code: 'bad_request',
      message: waitlistMessages.emailRequired,
    });
    expect((await join('Garage', 'not an email')).json()).toEqual({
      code: 'bad_request',
      message: waitlistMessages.emailInvalid,
    });
  });

  it('gives each person a rank, once per person per product; a signed-in customer joins with their account', async () => {
    expect((await join('Garage', 'ann@people.example')).json()).toMatchObject({
      rank: 1,
      wasAlreadyOnList: false,
    });
    expect((await join('Garage', 'bob@people.example')).json()).toMatchObject({ rank: 2 });
    const cora = await signIn(t, 'lots', 'cora@lots.example');
    const joined = await join('Garage', 'someone-else@people.example', { authorization: cora });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ rank: 3, email: 'cora@lots.example', status: 'waiting' });
    expect((await entryOf('cora@lots.example', 'Garage')).customerId).not.toBeNull();
    const again = await join('Garage', 'ANN@people.example');
    expect(again.json()).toMatchObject({ rank: 1, wasAlreadyOnList: true });
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(passWaitlistEntries)
      .where(eq(passWaitlistEntries.productId, await productId('Garage')));
    expect(count?.n).toBe(3);
    const catalogue = await t.request('lots', { method: 'GET', url: '/api/v1/portal/permit/products' });
    expect(catalogue.json().find((p: { name: string }) => p.name === 'Garage')).toMatchObject({
      isSoldOut: true,
      hasWaitlist: true,
    });
  });

  it("is a 404 on another tenant's host", async () => {
    const response = await join('Garage', 'ann@people.example', { host: 'elsewhere' });
    expect(response.statusCode).toBe(404);
  });
});

describe('a freed place', () => {
  it('is offered to the first in line, held from everyone else, and bought through the link once', async () => {
    const [first] = await passesOf('Garage');
    expect((await cancel(first!.id)).statusCode).toBe(200);
    const ann = await entryOf('ann@people.example', 'Garage');
    expect(ann.status).toBe('offered');
    expect(ann.offerExpiresAt?.toISOString()).toBe(
      new Date(t.clock.now().getTime() + 48 * 3_600_000).toISOString(),
    );
    const [email] = await offerEmailsTo('ann@people.example');
    expect(email?.content.action?.url).toBe(`http://lots.localhost:3000/waitlist/offer/${ann.offerToken}`);
    expect(email?.content.paragraphs.join(' ')).toContain('We are holding one place for you until');
    // Bob is second: still waiting, and nobody else can buy the held place.
    expect((await entryOf('bob@people.example', 'Garage')).status).toBe('waiting');
    const stranger = await buy('Garage', 'stranger@people.example');
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json()).toEqual({ code: 'sold_out', message: passMessages.soldOut });
    // Someone else's token on the wrong product is refused.
    const wrong = await buy('Open lot', 'ann@people.example', ann.offerToken!);
    expect(wrong.json()).toEqual({ code: 'offer_unavailable', message: waitlistMessages.offerUnavailable });

    const page = await t.request('lots', {
      method: 'GET',
      url: `/api/v1/portal/waitlist/offers/${ann.offerToken}`,
    });
    expect(page.json()).toMatchObject({
      productName: 'Garage',
      status: 'offered',
      email: 'ann@people.example',
    });
    const bought = await buy('Garage', 'ann@people.example', ann.offerToken!);
    expect(bought.statusCode).toBe(200);
    expect((await entryOf('ann@people.example', 'Garage')).status).toBe('accepted');
    const twice = await buy('Garage', 'ann2@people.example', ann.offerToken!);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('offer_unavailable');
    const after = await t.request('lots', {
      method: 'GET',
      url: `/api/v1/portal/waitlist/offers/${ann.offerToken}`,
    });
    expect(after.json()).toMatchObject({ status: 'accepted', passUUID: bought.json().permitIssuedUUID });
  });

  it('goes to the next person when declined', async () => {
    // Any pass still holding a place (the first test cancelled one, and ann bought another).
    const [holding] = (await passesOf('Garage')).filter((pass) => pass.paidStatus === 'paid');
    expect((await cancel(holding!.id)).statusCode).toBe(200);
    const bob = await entryOf('bob@people.example', 'Garage');
    expect(bob.status).toBe('offered');
    const declined = await t.request('lots', {
      method: 'POST',
      url: `/api/v1/portal/waitlist/offers/${bob.offerToken}/decline`,
    });
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect((await entryOf('cora@lots.example', 'Garage')).status).toBe('offered');
    expect(await offerEmailsTo('cora@lots.example')).toHaveLength(1);
    // Declining again answers the same; buying through a declined offer is refused.
    const again = await t.request('lots', {
      method: 'POST',
      url: `/api/v1/portal/waitlist/offers/${bob.offerToken}/decline`,
    });
    expect(again.json()).toMatchObject({ status: 'declined' });
    expect((await buy('Garage', 'bob@people.example', bob.offerToken!)).json().code).toBe(
      'offer_unavailable',
    );
  });

  it('goes to the next person when the offer runs out (the sweep on the clock)', async () => {
    await join('Lapsing', 'dee@people.example');
    await join('Lapsing', 'eve@people.example');
    const [held] = await passesOf('Lapsing');
    await cancel(held!.id);
    const dee = await entryOf('dee@people.example', 'Lapsing');
    expect(dee.status).toBe('offered');
    const start = t.clock.now();
    t.clock.set(new Date(start.getTime() + 2 * 3_600_000 - 1000));
    expect(await sweep()).toBe(0);
    expect((await entryOf('dee@people.example', 'Lapsing')).status).toBe('offered');
    t.clock.set(new Date(start.getTime() + 2 * 3_600_000));
    const page = await t.request('lots', {
      method: 'GET',
      url: `/api/v1/portal/waitlist/offers/${dee.offerToken}`,
    });
    expect(page.json().status).toBe('expired');
    expect((await buy('Lapsing', 'dee@people.example', dee.offerToken!)).json().code).toBe(
      'offer_unavailable',
    );
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    expect((await entryOf('dee@people.example', 'Lapsing')).status).toBe('expired');
    expect((await entryOf('eve@people.example', 'Lapsing')).status).toBe('offered');
    expect(await offerEmailsTo('eve@people.example')).toHaveLength(1);
    t.clock.set(start);
  });

  it('comes from a capacity raise in the console', async () => {
    await join('Raised', 'fay@people.example');
    await join('Raised', 'gus@people.example');
    const id = await productId('Raised');
    const product = await t.request('lots', {
      method: 'GET',
      url: `/api/v1/dashboard/products/${id}`,
      headers: { authorization: admin },
    });
    const {
      uuid: _u,
      heldCount: _h,
      unusedCodeCount: _c,
      usedCodeCount: _d,
      updatedAt: _a,
      dailyWindow: _w,
      ...body
    } = product.json();
    const saved = await t.request('lots', {
      method: 'PUT',
      url: `/api/v1/dashboard/products/${id}`,
      headers: { authorization: admin },
      payload: { ...body, capacity: 2 },
    });
    expect(saved.statusCode).toBe(200);
    expect((await entryOf('fay@people.example', 'Raised')).status).toBe('offered');
    expect((await entryOf('gus@people.example', 'Raised')).status).toBe('waiting');
  });
});

describe('the console', () => {
  it('lists each waitlist with ranks and offers, moves and removes people (audited)', async () => {
    await join('Raised', 'hal@people.example');
    await join('Raised', 'ivy@people.example');
    const list = await t.request('lots', {
      method: 'GET',
      url: '/api/v1/dashboard/waitlists',
      headers: { authorization: admin },
    });
    expect(list.statusCode).toBe(200);
    const raised = list.json().items.find((item: { productName: string }) => item.productName === 'Raised');
    expect(
      raised.entries.map((e: { email: string; rank: number | null; status: string }) => [
        e.email,
        e.rank,
        e.status,
      ]),
    ).toEqual([
      ['fay@people.example', null, 'offered'],
      ['gus@people.example', 1, 'waiting'],
      ['hal@people.example', 2, 'waiting'],
      ['ivy@people.example', 3, 'waiting'],
    ]);
    const ivy = raised.entries[3].uuid;
    const moved = await t.request('lots', {
      method: 'PUT',
      url: `/api/v1/dashboard/waitlists/entries/${ivy}/rank`,
      headers: { authorization: admin },
      payload: { rank: 1 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().entries.map((e: { email: string }) => e.email)).toEqual([
      'fay@people.example',
      'ivy@people.example',
      'gus@people.example',
      'hal@people.example',
    ]);
    const tooFar = await t.request('lots', {
      method: 'PUT',
      url: `/api/v1/dashboard/waitlists/entries/${ivy}/rank`,
      headers: { authorization: admin },
      payload: { rank: 9 },
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().message).toBe('The rank must be between 1 and 3.');
    // Removing the person holding an offer hands the place to the new first in line.
    const fay = raised.entries[0].uuid;
    const removed = await t.request('lots', {
      method: 'DELETE',
      url: `/api/v1/dashboard/waitlists/entries/${fay}`,
      headers: { authorization: admin },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().entries.map((e: { email: string; status: string }) => [e.email, e.status])).toEqual(
      [
        ['ivy@people.example', 'offered'],
        ['gus@people.example', 'waiting'],
        ['hal@people.example', 'waiting'],
      ],
    );
    const audit = await t.db.select().from(auditLog).where(sql`${auditLog.action} LIKE 'waitlist.%'`);
    expect(audit.map((row) => row.action).sort()).toEqual(['waitlist.move', 'waitlist.remove']);
  });

  it("refuses another tenant's entry with a 404", async () => {
    const other = await signInOperator(t, 'elsewhere', 'admin@elsewhere.example');
    const entry = await entryOf('gus@people.example', 'Raised');
    const response = await t.request('elsewhere', {
      method: 'DELETE',
      url: `/api/v1/dashboard/waitlists/entries/${entry.id}`,
      headers: { authorization: other },
    });
    expect(response.statusCode).toBe(404);
    expect((await entryOf('gus@people.example', 'Raised')).status).toBe('waiting');
  });
});

describe('exactly once under a race of cancels and purchases', () => {
  it('offers each freed place once, sells none of them to others, and each offer is bought once', {
    timeout: 120_000,
  }, async () => {
    const people = Array.from({ length: 12 }, (_, n) => `queue${String(n).padStart(2, '0')}@people.example`);
    for (const person of people) expect((await join('Race', person)).statusCode).toBe(200);
    const held = await passesOf('Race');
    // Five cancels (each twice), thirty strangers buying and three sweeps, all at once.
    const answers = await Promise.all([
      ...held.slice(0, 5).flatMap((pass) => [cancel(pass.id), cancel(pass.id)]),
      ...Array.from({ length: 30 }, (_, n) => buy('Race', `rush${n}@people.example`)),
      sweep(),
      sweep(),
      sweep(),
    ]);
    const purchases = answers.slice(10, 40) as Array<{ statusCode: number }>;
    expect(purchases.every((answer) => answer.statusCode === 409)).toBe(true);
    const entries = await t.db
      .select()
      .from(passWaitlistEntries)
      .where(eq(passWaitlistEntries.productId, await productId('Race')))
      .orderBy(passWaitlistEntries.email);
    const offered = entries.filter((entry) => entry.status === 'offered');
    expect(offered.map((entry) => entry.email)).toEqual(people.slice(0, 5));
    for (const person of people)
      expect(await offerEmailsTo(person)).toHaveLength(people.indexOf(person) < 5 ? 1 : 0);

    // Each offer holder buys twice at once, strangers keep trying: five passes, through the offers.
    const second = await Promise.all([
      ...offered.flatMap((entry) => [
        buy('Race', entry.email, entry.offerToken!),
        buy('Race', entry.email.replace('@', '+again@'), entry.offerToken!),
      ]),
      ...Array.from({ length: 10 }, (_, n) => buy('Race', `late${n}@people.example`)),
      sweep(),
    ]);
    const viaOffers = (second.slice(0, 10) as Array<{ statusCode: number }>).map(
      (answer) => answer.statusCode,
    );
    expect(viaOffers.filter((status) => status === 200)).toHaveLength(5);
    expect(
      (second.slice(10, 20) as Array<{ statusCode: number }>).every((answer) => answer.statusCode === 409),
    ).toBe(true);
    const [holding] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM issued_passes WHERE product_id = ${await productId('Race')} AND paid_status = 'paid' AND expires_at > ${t.clock.now().toISOString()}`,
    );
    expect(holding?.n).toBe(10);
    const after = await t.db
      .select({ status: passWaitlistEntries.status, n: sql<number>`count(*)::int` })
      .from(passWaitlistEntries)
      .where(eq(passWaitlistEntries.productId, await productId('Race')))
      .groupBy(passWaitlistEntries.status);
    expect(Object.fromEntries(after.map((row) => [row.status, row.n]))).toEqual({ accepted: 5, waiting: 7 });
  });
});

describe('declining an offer and moving a person, one at a time and at once', () => {
  const decline = (token: string, host = 'lots') =>
    t.request(host, { method: 'POST', url: `/api/v1/portal/waitlist/offers/${token}/decline` });
  const move = (entry: string, rank: unknown, authorization = admin, host = 'lots') =>
    t.request(host, {
      method: 'PUT',
      url: `/api/v1/dashboard/waitlists/entries/${entry}/rank`,
      headers: { authorization },
      payload: { rank },
    });
  const lineOfProduct = async (name: string) =>
    (
      await t.request('lots', {
        method: 'GET',
        url: '/api/v1/dashboard/waitlists',
        headers: { authorization: admin },
      })
    )
      .json()
      .items.find((item: { productName: string }) => item.productName === name)
      .entries.map((e: { email: string; status: string; rank: number | null }) => [
        e.email,
        e.status,
        e.rank,
      ]);

  it('gives the declined place to the next person exactly once, though the offer is declined twice at once', async () => {
    for (const who of ['kim', 'lou', 'max']) await join('Declines', `${who}@people.example`);
    const [held] = await passesOf('Declines');
    await cancel(held!.id);
    const kim = await entryOf('kim@people.example', 'Declines');
    expect(kim.status).toBe('offered');
    // Another tenant's host does not know the link.
    expect((await decline(kim.offerToken!, 'elsewhere')).statusCode).toBe(404);
    expect((await entryOf('kim@people.example', 'Declines')).status).toBe('offered');

    const answers = await Promise.all([decline(kim.offerToken!), decline(kim.offerToken!)]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ status: 'declined' });
    }
    expect((await entryOf('lou@people.example', 'Declines')).status).toBe('offered');
    expect((await entryOf('max@people.example', 'Declines')).status).toBe('waiting');
    expect(await offerEmailsTo('lou@people.example')).toHaveLength(1);
    expect(await offerEmailsTo('max@people.example')).toHaveLength(0);
    // The sweep finds nothing more to offer: the one place is Lou's.
    expect(await sweep()).toBe(0);
    expect(await lineOfProduct('Declines')).toEqual([
      ['lou@people.example', 'offered', null],
      ['max@people.example', 'waiting', 1],
    ]);
    // Lou declines too: Max is next, once.
    const lou = await entryOf('lou@people.example', 'Declines');
    expect((await decline(lou.offerToken!)).json()).toMatchObject({ status: 'declined' });
    expect((await entryOf('max@people.example', 'Declines')).status).toBe('offered');
    expect(await offerEmailsTo('max@people.example')).toHaveLength(1);
    expect(await offerEmailsTo('lou@people.example')).toHaveLength(1);
  });

  it('moves a waiting person, audited with the ranks before and after; bad ranks change nothing', async () => {
    for (const who of ['ned', 'ora', 'pam']) await join('Moves', `${who}@people.example`);
    const pam = await entryOf('pam@people.example', 'Moves');
    const order = [
      ['ned@people.example', 'waiting', 1],
      ['ora@people.example', 'waiting', 2],
      ['pam@people.example', 'waiting', 3],
    ];
    for (const rank of [0, -1, 1.5, 'first', null]) {
      const refused = await move(pam.id, rank);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/position/i);
    }
    // Another tenant's operator, on its own host: the entry is not there.
    const other = await signInOperator(t, 'elsewhere', 'admin@elsewhere.example');
    expect((await move(pam.id, 1, other, 'elsewhere')).statusCode).toBe(404);
    expect(await lineOfProduct('Moves')).toEqual(order);

    const moved = await move(pam.id, 1);
    expect(moved.statusCode).toBe(200);
    expect(await lineOfProduct('Moves')).toEqual([
      ['pam@people.example', 'waiting', 1],
      ['ned@people.example', 'waiting', 2],
      ['ora@people.example', 'waiting', 3],
    ]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'waitlist.move'), eq(auditLog.entityId, pam.id)));
    expect(entry).toMatchObject({
      entityType: 'waitlist-entry',
      before: { product: 'Moves', email: 'pam@people.example', rank: 3 },
      after: { product: 'Moves', email: 'pam@people.example', rank: 1 },
    });

    // The place frees: the new first in line (Pam) is offered it, and an offer cannot be moved.
    const [held] = await passesOf('Moves');
    await cancel(held!.id);
    expect((await entryOf('pam@people.example', 'Moves')).status).toBe('offered');
    expect(await offerEmailsTo('pam@people.example')).toHaveLength(1);
    expect(await offerEmailsTo('ned@people.example')).toHaveLength(0);
    const offered = await move(pam.id, 2);
    expect(offered.statusCode).toBe(409);
    expect(offered.json().code).toBe('not_waiting');
  });
});
