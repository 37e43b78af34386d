import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { consoleAuditMessages as m } from '../messages/console-audit';

/**
 * The audit log names every change and record in words (issue 33, "history that a person can
 * read"): each action and entity type the server writes, read from its source as written there
 * (`action: 'pass.bulk-approve'`, `entityType: 'batch'`), has a label, so no entry reads as code.
 */
const SERVER = path.resolve(__dirname, '../../server');

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(file);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [file] : [];
  });
}

/** The quoted values on the lines that set `key:` in the server's sources. */
function writtenValues(key: 'action' | 'entityType', pattern: RegExp): string[] {
  const values = new Set<string>();
  for (const file of serverSources(SERVER)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.includes(`${key}:`)) continue;
      for (const match of line.matchAll(pattern)) values.add(match[1]!);
    }
  }
  return [...values].sort();
}

describe('audit labels', () => {
  it('name every action the server records', () => {
    const actions = writtenValues('action', /'([a-z-]+\.[a-z-]+)'/g);
    expect(actions).toContain('pass.bulk-approve');
    expect(actions.filter((action) => !m.actions[action])).toEqual([]);
  });

  it('name every kind of record the server records', () => {
    const kinds = writtenValues('entityType', /entityType: '([a-z-]+)'/g);
    expect(kinds).toContain('batch');
    expect(kinds.filter((kind) => !m.kinds[kind])).toEqual([]);
  });
});
