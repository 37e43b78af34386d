import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';

/**
 * PGlite admits one process at a time and writes `postmaster.pid` into its folder while it is
 * open (removed on a clean close). A command-line tool checks it before opening the folder, so it
 * can say the server holds the database instead of failing obscurely or corrupting it.
 */
export function isEmbeddedDatabaseInUse(pgliteDir: string): boolean {
  return existsSync(path.join(pgliteDir, 'postmaster.pid'));
}

/** Whether something listens on the server's port: tells a running server from a stale lock. */
export function isPortListening(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const finish = (isListening: boolean) => {
      socket.destroy();
      resolve(isListening);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

export async function describeEmbeddedDatabaseLock(pgliteDir: string, port: number): Promise<string | null> {
  if (!isEmbeddedDatabaseInUse(pgliteDir)) return null;
  if (await isPortListening(port)) {
    return (
      `The portal server is running (port ${port}) and holds the embedded database in ${pgliteDir}, ` +
      'which admits one process at a time. Stop the server (Ctrl+C where `npm start` runs), run this ' +
      'command, then start the server again. With PostgreSQL (DATABASE_URL) it works while the server runs.'
    );
  }
  return (
    `The embedded database in ${pgliteDir} is in use by another process, or a server did not stop ` +
    `cleanly. If no portal process is running, delete ${path.join(pgliteDir, 'postmaster.pid')} and try again.`
  );
}
