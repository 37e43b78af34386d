import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveJwtKey } from './jwt-secret';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('resolveJwtKey', () => {
  it('uses JWT_SECRET when set', () => {
    expect(
      new TextDecoder().decode(resolveJwtKey({ JWT_SECRET: 'k'.repeat(32), DATA_DIR: '/nonexistent' })),
    ).toBe('k'.repeat(32));
  });

  it('otherwise creates one private key in DATA_DIR and keeps using it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jwt-secret-'));
    dirs.push(dir);
    const first = resolveJwtKey({ DATA_DIR: dir });
    const file = path.join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(Buffer.from(resolveJwtKey({ DATA_DIR: dir })).equals(Buffer.from(first))).toBe(true);
  });
});
