import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Which layers each layer may import (ARCHITECTURE.md: web → shared, server → shared). */
const ALLOWED: Record<string, readonly string[]> = {
  shared: ['shared'],
  server: ['server', 'shared'],
  web: ['web', 'shared'],
};

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    // Tests may reach the test support folder; the application code may not.
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const layerOf = (file: string) => path.relative('src', file).split(path.sep)[0] ?? '';

describe('layer boundaries', () => {
  it('keeps shared free of server and web code, and web free of server code', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles('src')) {
      const layer = layerOf(file);
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? '';
        if (!specifier.startsWith('.')) continue;
        const target = layerOf(path.resolve(path.dirname(file), specifier));
        if (!ALLOWED[layer]?.includes(target)) crossings.push(`${file} imports ${specifier}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('reaches another server feature only through its index.ts, never into its files', () => {
    const features = path.join('src', 'server', 'features');
    const featureOf = (file: string) => {
      const relative = path.relative(features, file);
      return relative.startsWith('..') ? null : relative.split(path.sep)[0]!;
    };
    const deepImports: string[] = [];
    for (const file of sourceFiles('src')) {
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? '';
        if (!specifier.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), specifier);
        const feature = featureOf(target);
        if (!feature || feature === featureOf(path.resolve(file))) continue;
        const inside = path.relative(path.resolve(features, feature), target);
        if (inside !== '' && inside !== 'index') deepImports.push(`${file} imports ${specifier}`);
      }
    }
    expect(deepImports).toEqual([]);
  });
});
