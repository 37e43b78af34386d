import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '400', MAX_CONNECTIONS: '3' } });
  await t.seed({ tenants: [buildTenant({ subdomain: 'slow' })] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A raw connection; resolves once connected, and collects what the server sends until it closes. */
function open(): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = connect({ host: '127.0.0.1', port });
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

describe('slow clients', () => {
  it('cuts off a request whose body is drip-fed, with a 408', async () => {
    const { socket, received, closed } = await open();
    socket.write(
      'POST /api/v1/auth/customer/login HTTP/1.1\r\nHost: slow.localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    );
    // One byte at a time, for far longer than the limit, unless the server hangs up first.
    let isClosed = false;
    void closed.then(() => {
      isClosed = true;
    });
    for (let index = 0; index < 400 && !isClosed; index += 1) {
      socket.write(' ');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(isClosed).toBe(true);
    expect(received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('refuses connections beyond the cap until some close', async () => {
    const held = await Promise.all([open(), open(), open()]);
    // Each held connection completes a request and stays open (keep-alive), so all three count.
    for (const connection of held) {
      connection.socket.write('GET /api/v1/portal/brand/slow HTTP/1.1\r\nHost: slow.localhost\r\n\r\n');
    }
    for (const connection of held) {
      while (!connection.received().includes('\r\n\r\n'))
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const extra = await open();
    extra.socket.write('GET /api/v1/portal/brand/slow HTTP/1.1\r\nHost: slow.localhost\r\n\r\n');
    await extra.closed;
    expect(extra.received()).toBe('');
    for (const connection of held) connection.socket.destroy();
    await Promise.all(held.map((connection) => connection.closed));
    // Capacity is back once they are gone.
    const later = await open();
    later.socket.write(
      'GET /api/v1/portal/brand/slow HTTP/1.1\r\nHost: slow.localhost\r\nConnection: close\r\n\r\n',
    );
    await later.closed;
    expect(later.received()).toMatch(/^HTTP\/1\.1 200/);
  });
});
