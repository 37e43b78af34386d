import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { useTestApp } from '../../../../tests/support/test-app';
import type { MailMessage, MailTransport } from '../../adapters/mail';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { devMailbox, emailOutbox } from '../../db/schema';
import { deliverPendingEmails, MAX_DELIVERY_ATTEMPTS, retryDelayMs } from './deliver-pending-emails';
import { enqueueEmail } from './outbox';

/** A transport that fails while `isDown` and records what it accepted. */
function flakyTransport() {
  const accepted: MailMessage[] = [];
  const state = { isDown: false };
  const transport: MailTransport = {
    async send(message) {
      if (state.isDown) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      accepted.push(message);
    },
  };
  return { transport, accepted, state };
}

const mailer = buildTenant({
  subdomain: 'mailer',
  brandTitle: 'Mailer Lots',
  brandColor: 'F2C94C',
  logoUrl: '/demo/logos/demo.svg',
});
const tenantId = mailer.uuid;
const email = {
  subject: 'Reset your password',
  heading: 'Reset <your> password',
  paragraphs: ['First & only paragraph.'],
  action: { label: 'Reset password', url: 'http://mailer.localhost:3000/permits/reset_password/abc' },
};

const t = useTestApp({ seed: { tenants: [mailer] } });

describe('enqueueEmail', () => {
  it("writes nothing when the caller's transaction rolls back", async () => {
    await t.db
      .transaction(async (tx) => {
        await enqueueEmail(tx, { tenantId, to: 'rollback@example.com', email });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(
      await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'rollback@example.com')),
    ).toHaveLength(0);
  });

  it('refuses an invalid recipient with a 400', async () => {
    await expect(enqueueEmail(t.db, { tenantId, to: 'not an address', email })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('deliverPendingEmails', () => {
  it('renders the branded email and delivers it once through the development outbox', async () => {
    await enqueueEmail(t.db, { tenantId, to: 'once@example.com', email, now: t.clock.now() });
    const deps = { db: t.db, mail: t.mail, clock: t.clock, config: t.config };
    expect(await deliverPendingEmails(deps)).toMatchObject({ sent: 1 });
    expect(await deliverPendingEmails(deps)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const delivered = await t.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.toAddress, 'once@example.com'));
    expect(delivered).toHaveLength(1);
    const [message] = delivered;
    expect(message?.fromAddress).toBe('"Mailer Lots" <no-reply@parking-portal.local>');
    expect(message?.html).toContain('background:#F2C94C;color:#000000');
    expect(message?.html).toContain('src="http://mailer.localhost:3000/demo/logos/demo.svg"');
    expect(message?.html).toContain('Reset &lt;your&gt; password');
    expect(message?.html).toContain('href="http://mailer.localhost:3000/permits/reset_password/abc"');
    expect(message?.textBody).toContain(
      'Reset password: http://mailer.localhost:3000/permits/reset_password/abc',
    );
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'once@example.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
  });

  it('retries with exponential backoff while the transport fails, and delivers exactly once after', async () => {
    const { transport, accepted, state } = flakyTransport();
    const deps = { db: t.db, mail: transport, clock: t.clock, config: t.config };
    await enqueueEmail(t.db, { tenantId, to: 'retry@example.com', email, now: t.clock.now() });
    state.isDown = true;
    expect(await deliverPendingEmails(deps)).toMatchObject({ retrying: 1 });
    const [afterFailure] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'retry@example.com'));
    expect(afterFailure?.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + retryDelayMs(1));
    expect(afterFailure?.lastError).toContain('ECONNREFUSED');
    // Not due yet: nothing is attempted.
    expect(await deliverPendingEmails(deps)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    state.isDown = false;
    t.clock.set(new Date(t.clock.now().getTime() + retryDelayMs(1)));
    expect(await deliverPendingEmails(deps)).toMatchObject({ sent: 1 });
    expect(await deliverPendingEmails(deps)).toMatchObject({ sent: 0 });
    expect(accepted.filter((message) => message.to === 'retry@example.com')).toHaveLength(1);
  });

  it('marks a message the relay accepted as sent once the database is back, never sending it again', async () => {
    const { transport, accepted } = flakyTransport();
    // The database goes away right after the relay accepted the message (a failover), for two tries.
    let unavailableUpdates = 0;
    const mail: MailTransport = {
      async send(message) {
        await transport.send(message);
        unavailableUpdates = 2;
      },
    };
    const db = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === 'update' && unavailableUpdates > 0) {
          unavailableUpdates -= 1;
          const lost = Object.assign(new Error('Connection terminated unexpectedly'), {});
          return () => ({ set: () => ({ where: () => Promise.reject(lost) }) });
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const deps = { db, mail, clock: t.clock, config: t.config };
    await enqueueEmail(t.db, { tenantId, to: 'failover@example.com', email, now: t.clock.now() });
    expect(
      await deliverPendingEmails(deps, { markSentRetry: { withinMs: 5_000, everyMs: 10 } }),
    ).toMatchObject({ sent: 1, retrying: 0 });
    const [row] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'failover@example.com'));
    expect(row).toMatchObject({ status: 'sent', lockedUntil: null });
    t.clock.set(new Date(t.clock.now().getTime() + 3_600_000));
    await deliverPendingEmails(deps);
    expect(accepted.filter((message) => message.to === 'failover@example.com')).toHaveLength(1);
  });

  it('grows the delay and marks a message failed after the last attempt, keeping it', async () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
    const { transport, state } = flakyTransport();
    state.isDown = true;
    const deps = { db: t.db, mail: transport, clock: t.clock, config: t.config };
    const { id } = await enqueueEmail(t.db, {
      tenantId,
      to: 'doomed@example.com',
      email,
      now: t.clock.now(),
    });
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      await deliverPendingEmails(deps);
      t.clock.set(new Date(t.clock.now().getTime() + retryDelayMs(attempt)));
    }
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
  });

  it('never hands one message to two concurrent workers', async () => {
    const { transport, accepted } = flakyTransport();
    const deps = { db: t.db, mail: transport, clock: t.clock, config: t.config };
    for (let index = 0; index < 6; index += 1) {
      await enqueueEmail(t.db, { tenantId, to: `race${index}@example.com`, email, now: t.clock.now() });
    }
    await Promise.all([deliverPendingEmails(deps), deliverPendingEmails(deps), deliverPendingEmails(deps)]);
    const raced = accepted.filter((message) => message.to.startsWith('race'));
    expect(raced).toHaveLength(6);
    expect(new Set(raced.map((message) => message.to)).size).toBe(6);
  });
});

describe('the development mailbox', () => {
  it('lists delivered messages and shows one with its links', async () => {
    const list = await t.request('mailer', { method: 'GET', url: '/dev/mailbox?to=once@example.com' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    const match = /href="\/dev\/mailbox\/([0-9a-f-]{36})"/.exec(list.body);
    expect(match).not.toBeNull();
    const message = await t.request('mailer', { method: 'GET', url: `/dev/mailbox/${match?.[1]}` });
    expect(message.body).toContain('<a href="http://mailer.localhost:3000/permits/reset_password/abc">');
    const json = await t.request(null, { method: 'GET', url: '/dev/mailbox/messages?to=once@example.com' });
    expect(json.json()).toHaveLength(1);
    // A malformed id is bad input (400, said so); a well-formed unknown one is not found.
    expect((await t.request(null, { method: 'GET', url: '/dev/mailbox/not-a-uuid' })).statusCode).toBe(400);
    const unknown = await t.request(null, { method: 'GET', url: `/dev/mailbox/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    const nullByte = await t.request(null, { method: 'GET', url: '/dev/mailbox?to=a%00b' });
    expect(nullByte.statusCode).toBeLessThan(500);
  });

  it('is not mounted in production', async () => {
    // The same database, configured as production: the mailbox routes are not registered.
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'p'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_LOCAL_STORAGE: 'true',
    });
    const production = await buildApp({ ...t.app.deps, config }, { logger: false });
    try {
      await production.ready();
      expect(production.hasRoute({ method: 'GET', url: '/dev/mailbox' })).toBe(false);
      expect(t.app.hasRoute({ method: 'GET', url: '/dev/mailbox' })).toBe(true);
      // Whatever answers instead (the web app's index, or a 404), it is not the mailbox.
      for (const url of ['/dev/mailbox', '/dev/mailbox/messages']) {
        const response = await production.inject({ method: 'GET', url, headers: { host: 'localhost' } });
        expect(response.body).not.toContain('Development mailbox');
        expect(response.body).not.toContain('toAddress');
      }
    } finally {
      await production.close();
    }
  });
});
