import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The browser tests load every fixture document of tests/e2e/fixtures into one database, so a
 * record id written in two documents stops the whole browser run at set-up (a duplicate key); the same id twice in one document is that document's own affair.
 * Caught here in a second instead.
 */
const FIXTURES = path.resolve('tests/e2e/fixtures');

describe('browser-test fixtures', () => {
  it('give every record id to one record only', () => {
    const owners = new Map<string, string[]>();
    for (const file of readdirSync(FIXTURES).filter((name) => name.endsWith('.json'))) {
      const text = readFileSync(path.join(FIXTURES, file), 'utf8');
      for (const [, id] of text.matchAll(/"uuid"\s*:\s*"([0-9a-fA-F-]{36})"/g)) {
        owners.set(id!, [...new Set([...(owners.get(id!) ?? []), file])]);
      }
    }
    const shared = [...owners]
      .filter(([, files]) => files.length > 1)
      .map(([id, files]) => `${id}: ${files.join(', ')}`);
    expect(shared).toEqual([]);
  });
});
