import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BrandDetails } from '../../../shared/contract';
import { PAGE_DATA_ELEMENT_ID } from '../../../shared/contract/brand-element';
import { escapeHtml, jsonForScript } from '../../../shared/format/html';
import type { AppLoading, PageRenderInput, RenderedPage } from '../../../shared/page-render';
import { pageZoneOffsets } from './page-zone-offsets';

/** What the server writes into index.html for a page it rendered (decision 158). */
export interface ServerRenderedPage {
  /** Inside <div id="root">: the page as React renders it; null for a page the browser renders. */
  rootHtml: string | null;
  /** Into <head>: the page's chunks and styles to fetch at once, and its data. */
  headHtml: string;
  /** Rendered with a signed-in operator's data (decision 252). */
  isPersonal: boolean;
}

type RenderPage = (input: PageRenderInput) => Promise<RenderedPage | null>;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type ClientManifest = Record<string, ManifestChunk>;

/**
 * The files a page module needs at once: its chunk and the chunks it imports, and their styles.
 * The entry's own chunks are left out, as index.html already preloads them. `independent` are
 * the page's chunks that import nothing of the entry (libraries such as zod), dependencies first:
 * they can be evaluated each in a task of its own before the entry starts the app.
 */
export function pageAssets(manifest: ClientManifest, modules: string[], template: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.file.endsWith('.html')) return;
    if (chunk.file.endsWith('.js')) {
      if (scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
    } else styles.add(chunk.file);
    for (const file of chunk.css ?? []) styles.add(file);
    for (const imported of chunk.imports ?? []) if (imported !== 'index.html') visit(imported);
  };
  for (const module of modules) visit(module);
  const notInTemplate = (file: string) => !template.includes(`/${file}"`);
  return {
    scripts: [...scripts].filter(notInTemplate),
    styles: [...styles].filter(notInTemplate),
    independent: independentChunks(manifest, modules).filter(notInTemplate),
  };
}

/** The JS chunks `modules` import that do not reach the entry (index.html), dependencies first. */
function independentChunks(manifest: ClientManifest, modules: string[]): string[] {
  const reachesEntry = new Map<string, boolean>();
  const ordered: string[] = [];
  const visit = (key: string): boolean => {
    if (key === 'index.html') return true;
    const known = reachesEntry.get(key);
    if (known !== undefined) return known;
    // Met again through a cycle before it is settled: counted as reaching the entry, so a chunk
    // whose cycle leads there is never evaluated ahead of it.
    reachesEntry.set(key, true);
    const chunk = manifest[key];
    let reaches = false;
    for (const imported of chunk?.imports ?? []) reaches = visit(imported) || reaches;
    reachesEntry.set(key, reaches);
    if (!reaches && chunk?.file.endsWith('.js')) ordered.push(chunk.file);
    return reaches;
  };
  for (const module of modules) visit(module);
  return ordered;
}

/** The app's entry script and the chunks index.html preloads for it, as Vite wrote them. */
export function appScriptsOf(template: string): { entry: string | null; preloads: string[] } {
  return {
    entry: /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template)?.[1] ?? null,
    preloads: [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1]!,
    ),
  };
}

/** The scripts a rendered page loads: the entry, the chunks it imports itself, and the page's. */
export interface AppScripts {
  entry: string;
  /** The entry's own imports (index.html's preloads): the runtime, React and the libraries. */
  libraries: string[];
  /** The page's chunks, which the app imports when it loads the page's route. */
  pageChunks: string[];
  /** Those of the page's chunks that import nothing of the entry, dependencies first. */
  independentChunks?: string[];
}

/**
 * Module preloads started per task: each starts a fetch, about 3 ms of main thread on this machine
 * and four times that on Lighthouse's phone, so four stay under its 50 ms long-task line.
 */
const PRELOADS_PER_TASK = 4;

/**
 * On a page the server rendered the content needs only the HTML and its stylesheets, so the app
 * is fetched once the page has painted (a frame after the stylesheets have loaded, the rendering
 * being blocked until then): on a phone's slow link the styles come first and the app does not
 * compete with them (decision 158). Every chunk is then preloaded, a few per task, the entry's
 * libraries and the page's chunks that do not import the entry (zod: 20 ms to evaluate on a
 * desktop) are evaluated one per task, and the entry last, each task yielding to the browser:
 * done at once, the preloads and the evaluation held the main thread for 60 and 300 ms on
 * Lighthouse's slowed-down phone, which counts as blocking time (decision 166). Inline, with the
 * request's script nonce; the values are JSON, safe in a script.
 */
export function appLoader(
  { entry, libraries, pageChunks, independentChunks = [] }: AppScripts,
  nonce: string,
): string {
  return (
    `<script nonce="${nonce}">requestAnimationFrame(()=>setTimeout(async()=>{` +
    `const next=()=>new Promise((resume)=>setTimeout(resume));` +
    `const chunks=${jsonForScript([...libraries, ...pageChunks])};` +
    `for(let start=0;start<chunks.length;start+=${PRELOADS_PER_TASK}){` +
    `for(const href of chunks.slice(start,start+${PRELOADS_PER_TASK})){` +
    `const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;` +
    `document.head.append(link)}await next()}` +
    `try{for(const href of ${jsonForScript([...libraries, ...independentChunks])}){await import(href);await next()}}catch{}` +
    `import(${jsonForScript(entry)})}))</script>`
  );
}

/**
 * A page whose content needs the app to show (the report's map) fetches it from the head, as
 * index.html itself does: the entry and every chunk the page needs, beside the stylesheets.
 */
export function appTags({ entry, libraries, pageChunks }: AppScripts): string {
  return [
    `<script type="module" crossorigin src="${escapeHtml(entry)}"></script>`,
    ...[...libraries, ...pageChunks].map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
    ),
  ].join('\n    ');
}

/** How the page's HTML loads the app, as the page asked. */
function appLoadingHtml(loading: AppLoading, scripts: AppScripts, nonce: string): string {
  return loading === 'at-once' ? appTags(scripts) : appLoader(scripts, nonce);
}

/** The API as the page renderer calls it: the server's own routes, in-process, for this visitor's host. */
function injectTransport(app: FastifyInstance, request: FastifyRequest): PageRenderInput['fetchApi'] {
  const forwarded = ['host', 'x-forwarded-host', 'x-forwarded-proto'] as const;
  return async (url, init) => {
    const headers: Record<string, string> = {};
    for (const name of forwarded) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    Object.assign(headers, init.headers);
    const answer = await app.inject({
      method: init.method as 'GET',
      url,
      headers,
      payload: init.body,
      // Rate limits and logs count the visitor, not the server itself.
      remoteAddress: request.ip,
    });
    return {
      ok: answer.statusCode >= 200 && answer.statusCode < 300,
      status: answer.statusCode,
      json: async () => answer.json(),
    };
  };
}

/**
 * The public pages rendered on the server: the renderer bundle (dist/ssr/entry-server.js) and the
 * client build's manifest. Without them, or when a render fails (logged), the page is left to the
 * browser as before: never an error page for something the browser can render. The bundle is read
 * in the background from start-up, so the server listens at once; the first page waits for it.
 */
export function loadPageRenderer(app: FastifyInstance, ssrDir: string | null, template: string) {
  const entry = ssrDir && path.join(ssrDir, 'entry-server.js');
  const manifestFile = ssrDir && path.join(ssrDir, 'client-manifest.json');
  if (!entry || !manifestFile || !existsSync(entry) || !existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ClientManifest;
  // The template and the manifest are fixed for the process: what they say is read once, and
  // a page's assets once per set of modules (a handful of pages), not on every request.
  const appScripts = appScriptsOf(template);
  const assetsByModules = new Map<string, ReturnType<typeof pageAssets>>();
  const assetsOf = (modules: string[]) => {
    const key = modules.join('\n');
    let assets = assetsByModules.get(key);
    if (!assets) {
      assets = pageAssets(manifest, modules, template);
      assetsByModules.set(key, assets);
    }
    return assets;
  };
  const loading = import(pathToFileURL(entry).href).then(
    (module: { renderPage: RenderPage }) => module.renderPage,
    (error: unknown) => {
      app.log.error(
        { err: error, entry },
        'the page renderer did not load; pages are rendered in the browser',
      );
      return null;
    },
  );

  return async function renderServerPage(
    request: FastifyRequest,
    brand: BrandDetails,
    nonces: { style: string; script: string },
    operatorToken: string | null = null,
  ): Promise<ServerRenderedPage | null> {
    const renderPage = await loading;
    if (!renderPage) return null;
    try {
      const page = await renderPage({
        url: request.url,
        brand,
        styleNonce: nonces.style,
        zoneOffsets: pageZoneOffsets(brand.timezone),
        fetchApi: injectTransport(app, request),
        locale: request.locale,
        operatorAuthorization: operatorToken ? `Bearer ${operatorToken}` : null,
      });
      if (!page) return null;
      const { scripts, styles, independent } = assetsOf(page.modules);
      const headHtml = [
        ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">`),
        // A page the browser renders carries no data: the app starts it as it would any other.
        page.html === null
          ? ''
          : `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(page.queries)}</script>`,
        appScripts.entry
          ? appLoadingHtml(
              page.appLoading,
              {
                entry: appScripts.entry,
                libraries: appScripts.preloads,
                pageChunks: scripts.map((file) => `/${file}`),
                independentChunks: independent.map((file) => `/${file}`),
              },
              nonces.script,
            )
          : '',
      ]
        .filter(Boolean)
        .join('\n    ');
      return { rootHtml: page.html, headHtml, isPersonal: page.isPersonal ?? false };
    } catch (error) {
      request.log.error(
        { err: error, url: request.url },
        'server render failed; the browser renders the page',
      );
      return null;
    }
  };
}
