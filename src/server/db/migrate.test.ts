import { describe, expect, it } from 'vitest';
import { readMigrations, splitStatements } from './migrate';

describe('migration files', () => {
  it('splits statements at line-ending semicolons, dropping comment-only parts', () => {
    expect(splitStatements('-- note\nCREATE TABLE a (x int);\nCREATE INDEX b ON a (x);\n')).toEqual([
      '-- note\nCREATE TABLE a (x int)',
      'CREATE INDEX b ON a (x)',
    ]);
  });
  it('splits at explicit breakpoints when a file uses them', () => {
    expect(splitStatements('SELECT 1;\n--> statement-breakpoint\nSELECT 2;')).toEqual([
      'SELECT 1;',
      'SELECT 2;',
    ]);
  });
  it('are numbered uniquely and read in order', () => {
    const names = readMigrations().map((migration) => migration.name);
    expect(names[0]).toBe('0001_foundation.sql');
    expect([...names].sort()).toEqual(names);
    expect(new Set(names.map((name) => name.slice(0, 4))).size).toBe(names.length);
  });
});
