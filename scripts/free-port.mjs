import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now (the kernel picks it). Another
 * process could take it before the caller binds it, which on a test machine is rare enough.
 * Plain JavaScript so the scripts run on Node without a TypeScript loader; the tests import it
 * through tests/support/free-port.ts.
 * @returns {Promise<number>}
 */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
