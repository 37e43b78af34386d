import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder, found from this module's location. It is the same whether the server
 * runs from src/ (tsx, tests) or from the bundle in dist/server/, so assets are addressed from here.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server module');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'src/server/db/migrations');
export const DEMO_DATA_FILE = path.join(PROJECT_ROOT, 'src/server/db/fixtures/demo-data.json');
export const WEB_DIST_DIR = path.join(PROJECT_ROOT, 'dist/web');
/** The server renderer of the public pages and the web build's manifest (decision 158). */
export const SSR_DIST_DIR = path.join(PROJECT_ROOT, 'dist/ssr');
