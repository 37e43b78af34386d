import { existsSync } from 'node:fs';
import path from 'node:path';
import { SSR_DIST_DIR, WEB_DIST_DIR } from '../../src/server/paths';

/**
 * The built web app and its page renderer, which the API tests of served pages read: built once
 * per run by the API projects' global setup when this checkout has none, so no two test files
 * build into the same folder at once.
 */
export async function ensureWebBuild(): Promise<void> {
  if (
    existsSync(path.join(SSR_DIST_DIR, 'entry-server.js')) &&
    existsSync(path.join(WEB_DIST_DIR, 'index.html'))
  ) {
    return;
  }
  const { buildAll } = await import('../../scripts/build.mjs');
  await buildAll();
}
