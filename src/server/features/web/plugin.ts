import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE } from '../../../shared/i18n/locales';
import { SSR_DIST_DIR, WEB_DIST_DIR } from '../../paths';
import { queryLocale } from '../../plugins/request-language';
import { toBrandDetails } from '../brand';
import { CONSOLE_PAGE_COOKIE_PATH, consolePageTokenFrom } from '../operators';
import { renderBrandedIndex } from './brand-head';
import { compressPage } from './compress-page';
import { loadPageRenderer } from './page-renderer';
import { searchRedirect } from './search-redirect';

/** The page's <html lang>: the language it is written in, which the browser app reads to start in. */
export function withPageLanguage(html: string, locale: string): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
}

const NOT_FOUND_PATH = '/404';

/**
 * The operator's session for a console page's HTML (decision 252): the one place the console
 * pages' cookie is read. The browser sends it only there (its path), and the API never reads it.
 */
function consolePageToken(request: FastifyRequest): string | null {
  const pathname = request.url.split('?')[0] ?? '';
  const isConsolePage =
    pathname === CONSOLE_PAGE_COOKIE_PATH || pathname.startsWith(`${CONSOLE_PAGE_COOKIE_PATH}/`);
  return isConsolePage && request.method === 'GET' ? consolePageTokenFrom(request.headers.cookie) : null;
}
const PRECOMPRESSED_COPIES = ['**/*.br', '**/*.gz'];
const SOURCE_MAPS = '**/*.map';

/**
 * The patrol app's plate reader (decision 220): its folder names the versions of the packages it
 * was copied from, so its files never change either.
 */
function isPlateReaderFile(relativePath: string): boolean {
  const [first, second] = relativePath.split(path.sep);
  return first === 'patrol' && second === 'ocr';
}

/**
 * The plate reader's worker compiles tesseract's WebAssembly: its script, and the core it loads,
 * run under a policy of their own that allows that ('wasm-unsafe-eval', not 'unsafe-eval': no
 * string is ever run as code). Pages keep theirs.
 */
export const PLATE_READER_POLICY =
  "default-src 'self';script-src 'self' 'wasm-unsafe-eval';object-src 'none';base-uri 'self';frame-ancestors 'none'";

/**
 * Vite puts a content hash in the name of every file under assets/: such a file never changes, so
 * browsers and CDNs keep it for a year without asking again. The rest of the public folder
 * (favicon, demo images) keeps its names across releases, so it is checked again after an hour.
 */
export function cacheControlFor(relativePath: string): string {
  // The patrol app's service worker names the current assets: asked again on every visit.
  if (relativePath === 'patrol-sw.js') return 'no-cache';
  const isHashed = relativePath.split(path.sep)[0] === 'assets' || isPlateReaderFile(relativePath);
  return isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/**
 * Serves the built web app: hashed assets precompressed with long caching, and index.html for
 * every other GET, branded for the host's tenant and never cached (it names the current assets).
 * An unknown tenant goes to the main site, or to /404.
 */
export async function webPlugin(app: FastifyInstance, options: { distDir?: string; ssrDir?: string } = {}) {
  const distDir = options.distDir ?? WEB_DIST_DIR;
  const indexFile = path.join(distDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  // The server renderer belongs to the build it was made with: a web folder given without its own
  // renderer is served as the browser-rendered app.
  const ssrDir = options.ssrDir ?? (options.distDir ? null : SSR_DIST_DIR);
  const renderServerPage = template ? loadPageRenderer(app, ssrDir, template) : null;

  if (template) {
    // One route per built file (wildcard off), so any other path falls through to the app.
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes FILE.br and FILE.gz beside each text asset (scripts/web-assets.mjs): the
      // best one the browser accepts is sent, with Vary: Accept-Encoding. They get no routes of
      // their own, and source maps none at all, should a build have left one here (decision 071).
      preCompressed: true,
      globIgnore: [...PRECOMPRESSED_COPIES, SOURCE_MAPS],
      setHeaders: (res, filePath) => {
        const relativePath = path.relative(distDir, filePath);
        res.header('cache-control', cacheControlFor(relativePath));
        if (isPlateReaderFile(relativePath)) res.header('content-security-policy', PLATE_READER_POLICY);
      },
    });
  }

  async function serveIndex(request: FastifyRequest, reply: FastifyReply) {
    // Where the visitor belongs is decided before anything is rendered.
    const externalHome = request.hostSubdomain && app.deps.config.tenantRedirects.get(request.hostSubdomain);
    if (externalHome) return reply.redirect(externalHome);
    const tenant = await request.hostTenant();
    if (request.hostSubdomain && !tenant && request.url.split('?')[0] !== NOT_FOUND_PATH) {
      return reply.redirect(app.deps.config.MAIN_SITE_URL ?? NOT_FOUND_PATH);
    }
    const searched = await searchRedirect(app.deps.db, tenant, request.url);
    if (searched) return reply.redirect(searched);
    if (!template) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built yet: run `npm run build` (npm start does this for you).');
    }
    const brand = tenant ? toBrandDetails(tenant) : null;
    const nonces = reply.cspNonce;
    // Public pages of a tenant arrive rendered (decision 158); a bare host has no pages to render.
    const page =
      brand && renderServerPage
        ? await renderServerPage(request, brand, nonces, consolePageToken(request))
        : null;
    const html = withPageLanguage(renderBrandedIndex(template, brand, nonces.style, page), request.locale);
    // ?lang=fr opens the page in French and remembers it, as the language menu does (issue 30).
    if (queryLocale(request.url) !== undefined && request.locale !== 'en-XA') {
      reply.header(
        'set-cookie',
        `${LOCALE_COOKIE}=${request.locale}; Path=/; Max-Age=31536000; SameSite=Lax`,
      );
    }
    const { body, encoding } = compressPage(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    // A console page rendered with the operator's figures is theirs alone (decision 252).
    const caching = page?.isPersonal ? 'private, no-store' : 'no-cache';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', caching)
      .header('vary', 'Accept-Encoding, Accept-Language, Cookie')
      .send(body);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!isPageRequest || request.url.startsWith('/api/') || request.url.startsWith('/assets/')) {
      return reply
        .status(404)
        .send({ code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
    }
    return serveIndex(request, reply);
  });
}
