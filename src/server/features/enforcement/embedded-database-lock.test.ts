import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEmbeddedDatabaseLock } from './embedded-database-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(isLocked: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-lock-'));
  dirs.push(dir);
  if (isLocked) writeFileSync(path.join(dir, 'postmaster.pid'), '-42\n');
  return dir;
}

async function listeningPort(): Promise<{ port: number; close: () => void }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, close: () => server.close() };
}

describe('describeEmbeddedDatabaseLock', () => {
  it('says nothing when no process holds the folder', async () => {
    expect(await describeEmbeddedDatabaseLock(dataDir(false), 1)).toBeNull();
  });

  it('says the server is running when the folder is held and its port answers', async () => {
    const server = await listeningPort();
    try {
      expect(await describeEmbeddedDatabaseLock(dataDir(true), server.port)).toContain(
        `The portal server is running (port ${server.port})`,
      );
    } finally {
      server.close();
    }
  });

  it('names the stale lock file when nothing listens', async () => {
    const server = await listeningPort();
    server.close();
    const dir = dataDir(true);
    expect(await describeEmbeddedDatabaseLock(dir, server.port)).toContain(path.join(dir, 'postmaster.pid'));
  });
});
