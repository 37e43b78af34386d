import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Modules of these npm packages (and their own dependencies), for chunk groups. */
const fromPackages = (...names: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](?:${names.join('|').replaceAll('/', '[\\\\/]')})[\\\\/]`);

/** The browser build's zod module and its configuration (src/web/lib/zod-jitless.ts). */
const OUR_ZOD = /[\\/]src[\\/]web[\\/]lib[\\/]zod-(?:jitless|config)\.ts$/;
const ZOD_JITLESS = fileURLToPath(new URL('src/web/lib/zod-jitless.ts', import.meta.url));

/**
 * In the browser, `zod` is zod configured not to compile with eval, which the pages' CSP forbids
 * (src/web/lib/zod-jitless.ts); that module itself imports zod as it is. The server renderer keeps
 * zod unchanged.
 */
function zodWithoutEval(): Plugin {
  return {
    name: 'zod-without-eval',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'zod' && importer !== ZOD_JITLESS ? ZOD_JITLESS : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), ...(isSsrBuild ? [] : [zodWithoutEval()])],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Maps are written for error reports but never referenced from the files nor served:
    // scripts/build.mjs moves them out of dist/web (decision 071).
    sourcemap: 'hidden',
    // Which chunks and styles each page needs, for the server to preload them in the HTML of the
    // pages it renders (decision 158); scripts/build.mjs moves it out of the served folder.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // The server renderer (dist/ssr) imports statically the pages' query options that the
    // browser's build loads on demand: expected there, not a missed split.
    rolldownOptions: isSsrBuild
      ? { checks: { ineffectiveDynamicImport: false } }
      : {
          output: {
            // Pages are split by their dynamic imports (lazyPage). What the landing page loads is
            // grouped by how often it changes, so a release that only touches our code leaves the
            // browser's cached React and library chunks valid (decision 070). Library code only pages
            // use is left to automatic splitting: shared between those pages' chunks, never duplicated.
            // `app` keeps our own code the landing page needs in one file rather than nine small ones
            // that pages share with it.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: fromPackages('react', 'react-dom', 'scheduler', 'react-router'),
                  priority: 3,
                },
                // Only pages use zod (their contracts); in a chunk of its own, which imports nothing
                // of the entry, the page loader evaluates it in a task of its own (~20 ms). Our zod
                // module and its configuration go with it.
                {
                  name: 'zod',
                  test: (id) => fromPackages('zod').test(id) || OUR_ZOD.test(id),
                  priority: 3,
                },
                // Our modules that both the entry and pages' chunks import: ApiError (the API
                // client's) and the zone tables (the dates'). Kept out of the entry, they
                // let the API client, the contracts and the dates reach nothing of the entry, so the
                // page loader evaluates those, each building its schemas, in tasks of their own after
                // this chunk and before the entry (decision 173).
                {
                  name: 'basics',
                  test: /[\\/]src[\\/](?:web[\\/]lib[\\/]api-error|shared[\\/]format[\\/](?:zone-offsets|civil-days))\.ts$/,
                  priority: 3,
                },
                { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
                { name: 'app', tags: ['$initial'], priority: 1 },
              ],
            },
          },
        },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
