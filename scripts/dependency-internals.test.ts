import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No code of ours reaches into a dependency's private internals (decision 193): what a minor
 * release of pg or zod may change without notice. Each entry is one we once used, or its kind.
 */
const PRIVATE_INTERNALS: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /__zod_globalConfig/, what: "zod's private global (use z.config / config from zod/v4/core)" },
  { pattern: /\b_checkForMultirow\b|\b_accumulateRows\b|\b_rowMode\b/, what: "pg Query's private fields" },
  {
    pattern: /\bhandle(?:CommandComplete|ReadyForQuery|DataRow|RowDescription)\b/,
    what: "pg's protocol handlers",
  },
  { pattern: /\bparsedStatements\b/, what: "pg connection's prepared-statement table" },
  { pattern: /\bpg\.Query\b|\bpg\.Result\b/, what: "pg's Query and Result classes (use client.query)" },
  { pattern: /from\s+['"][^'"]*node_modules[\\/]/, what: 'an import by path into node_modules' },
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(name) && full !== path.join('scripts', 'dependency-internals.test.ts')
      ? [full]
      : [];
  });
}

describe("dependencies' private internals", () => {
  it('are used nowhere in the source, the tests or the scripts', () => {
    const uses: string[] = [];
    for (const file of ['src', 'tests', 'scripts'].flatMap(sourceFiles)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const { pattern, what } of PRIVATE_INTERNALS) {
          if (pattern.test(line)) uses.push(`${file}:${index + 1}: ${what}`);
        }
      });
    }
    expect(uses).toEqual([]);
  });
});
