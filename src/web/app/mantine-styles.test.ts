import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The landing page loads part of Mantine's styles (mantine-landing.css), every other page the rest
 * (mantine-pages.css). Together they must be Mantine's whole stylesheet: each file once, in the
 * order of Mantine's own styles.css, where later components build on earlier ones.
 */
const MANTINE_STYLES = path.resolve('node_modules/@mantine/core/styles');
const APP_DIR = path.resolve('src/web/app');

function importedComponents(cssFile: string): string[] {
  const css = readFileSync(path.join(APP_DIR, cssFile), 'utf8');
  return [...css.matchAll(/@import "@mantine\/core\/styles\/([\w-]+)\.layer\.css";/g)].map(
    (match) => match[1]!,
  );
}

/** Mantine's per-component files in the order their rules appear in its full stylesheet. */
function mantineOrder(): string[] {
  const full = readFileSync(path.join(MANTINE_STYLES, '..', 'styles.css'), 'utf8');
  return readdirSync(MANTINE_STYLES)
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => file.slice(0, -'.css'.length))
    .map((name) => {
      const firstRules = readFileSync(path.join(MANTINE_STYLES, `${name}.css`), 'utf8')
        .trim()
        .slice(0, 200);
      return { name, position: full.indexOf(firstRules) };
    })
    .sort((a, b) => a.position - b.position)
    .map(({ name }) => name);
}

const landing = importedComponents('mantine-landing.css');
const publicPages = importedComponents('mantine-public-pages.css');
const pages = importedComponents('mantine-pages.css');

describe('Mantine styles split between the landing page and the other pages', () => {
  it("together hold each of Mantine's stylesheets exactly once", () => {
    expect([...landing, ...publicPages, ...pages].sort()).toEqual([...mantineOrder()].sort());
  });

  it("keep Mantine's order within each file", () => {
    const order = mantineOrder();
    const byMantineOrder = (names: string[]) =>
      [...names].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    expect(landing).toEqual(byMantineOrder(landing));
    expect(publicPages).toEqual(byMantineOrder(publicPages));
    expect(pages).toEqual(byMantineOrder(pages));
  });

  it('give the landing page the styles of every Mantine component the shell and the landing page use', () => {
    const sources = ['src/web/app', 'src/web/features/home'].flatMap((dir) =>
      readdirSync(dir)
        .filter((file) => file.endsWith('.tsx'))
        .map((file) => readFileSync(path.join(dir, file), 'utf8')),
    );
    const used = sources.flatMap((source) =>
      [...source.matchAll(/import \{([^}]*)\} from '@mantine\/core'/g)].flatMap((match) =>
        match[1]!.split(',').map((name) => name.trim()),
      ),
    );
    // TextInput is drawn by Input; a component without a file of its own (Box) needs none.
    const cssFileOf = (component: string) => (component === 'TextInput' ? 'Input' : component);
    const withStyles = used.map(cssFileOf).filter((name) => mantineOrder().includes(name));
    expect(withStyles.length).toBeGreaterThan(5);
    expect(withStyles.filter((name) => !landing.includes(name))).toEqual([]);
  });

  it('give the server-rendered public pages the styles of what they show before any click', () => {
    const files = [
      'features/citations/citations-list-page.tsx',
      'features/citations/citation-detail-page.tsx',
      'features/citations/payment-breakdown.tsx',
      'features/citations/pay-citation-button.tsx',
      'components/facts-table.tsx',
      'features/passes/choose-pass-page.tsx',
      'features/passes/product-card.tsx',
      'features/legal/legal-page.tsx',
    ];
    const used = files.flatMap((file) =>
      [
        ...readFileSync(path.join('src/web', file), 'utf8').matchAll(
          /import \{([^}]*)\} from '@mantine\/core'/g,
        ),
      ].flatMap((match) => match[1]!.split(',').map((name) => name.trim().replace(/^type /, ''))),
    );
    const withStyles = used.filter((name) => mantineOrder().includes(name));
    // Table.ScrollContainer is a ScrollArea.
    expect(publicPages).toContain('ScrollArea');
    expect(withStyles.filter((name) => !landing.includes(name) && !publicPages.includes(name))).toEqual([]);
  });
});
