import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WEB_DIST_DIR } from '../../paths';
import { toBrandDetails } from '../brand/service';
import { renderBrandedIndex } from './brand-head';

const NOT_FOUND_PATH = '/404';

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every other GET,
 * branded for the host's tenant. An unknown tenant goes to the main site, or to /404.
 */
export async function webPlugin(app: FastifyInstance, options: { distDir?: string } = {}) {
  const distDir = options.distDir ?? WEB_DIST_DIR;
  const indexFile = path.join(distDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (template) {
    // One route per built file (wildcard off), so any other path falls through to the app.
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name: they never change, so cache them for good.
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
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
    if (!template) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built yet: run `npm run build` (npm start does this for you).');
    }
    const html = renderBrandedIndex(template, tenant ? toBrandDetails(tenant) : null, reply.cspNonce.style);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
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
