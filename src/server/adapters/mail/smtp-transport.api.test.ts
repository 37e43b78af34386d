import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { findFreePort } from '../../../../tests/support/free-port';
import { useTestApp } from '../../../../tests/support/test-app';
import { emailOutbox } from '../../db/schema';
import { deliverPendingEmails, retryDelayMs } from '../../features/mail/deliver-pending-emails';
import { enqueueEmail } from '../../features/mail/outbox';
import { createSmtpTransport } from './smtp-transport';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on `port` that records every message it accepts. */
async function startSmtpServer(port: number, received: Received[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

const stopSmtpServer = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

const smtpTenant = buildTenant({ subdomain: 'smtp', brandTitle: 'SMTP "Quoted" Lots' });
const tenantId = smtpTenant.uuid;
let port: number;

const t = useTestApp({ seed: { tenants: [smtpTenant] } });
beforeAll(async () => {
  port = await findFreePort();
});

describe('the SMTP adapter', () => {
  it('sends HTML and text with the tenant as display name and a stable Message-ID', async () => {
    const received: Received[] = [];
    const server = await startSmtpServer(port, received);
    const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'portal@example.com' });
    try {
      await transport.send({
        to: 'rider@example.com',
        subject: 'Hello',
        html: '<p>Hi there</p>',
        text: 'Hi there',
        fromName: 'SMTP "Quoted" Lots',
        messageId: '<fixed-id@example.com>',
      });
    } finally {
      await transport.close?.();
      await stopSmtpServer(server);
    }
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.from).toBe('portal@example.com');
    expect(message?.to).toEqual(['rider@example.com']);
    expect(message?.raw).toContain('Message-ID: <fixed-id@example.com>');
    expect(message?.raw).toContain('From: "SMTP \\"Quoted\\" Lots" <portal@example.com>');
    expect(message?.raw).toContain('text/html');
    expect(message?.raw).toContain('text/plain');
  });

  it('loses nothing while the server is down and delivers exactly once when it is back', async () => {
    const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'portal@example.com' });
    const deps = { db: t.db, mail: transport, clock: t.clock, config: t.config };
    const { id } = await enqueueEmail(t.db, {
      tenantId,
      to: 'patient@example.com',
      now: t.clock.now(),
      email: { subject: 'Your pass', heading: 'Your pass', paragraphs: ['It is ready.'] },
    });
    try {
      // Nothing listens on the port: the send fails and a retry is scheduled.
      expect(await deliverPendingEmails(deps)).toMatchObject({ sent: 0, retrying: 1 });
      const [pending] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(pending?.status).toBe('pending');

      const received: Received[] = [];
      const server = await startSmtpServer(port, received);
      try {
        t.clock.set(new Date(t.clock.now().getTime() + retryDelayMs(1)));
        expect(await deliverPendingEmails(deps)).toMatchObject({ sent: 1 });
        t.clock.set(new Date(t.clock.now().getTime() + retryDelayMs(5)));
        expect(await deliverPendingEmails(deps)).toMatchObject({ sent: 0, retrying: 0 });
      } finally {
        await stopSmtpServer(server);
      }
      expect(received.filter((message) => message.to.includes('patient@example.com'))).toHaveLength(1);
      const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await transport.close?.();
    }
  });
});
