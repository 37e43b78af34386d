import type { FastifyInstance } from 'fastify';
import { patrolMessages } from '../../../shared/messages';
import { normaliseBrandColor } from '../../../shared/rules';

export const PATROL_MANIFEST_PATH = '/patrol/manifest.webmanifest';

/**
 * The patrol app's web app manifest, from the tenant's brand (issue 29): its name and colour, its
 * logo as the icon (the portal's own icon when it has none), opening /patrol standalone. Only the
 * patrol page links it, so the public portal is not offered for installation.
 */
export async function patrolManifestRoutes(app: FastifyInstance) {
  // A page's companion file, not an API call: kept out of the OpenAPI document.
  app.get(PATROL_MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) => {
    const tenant = await request.hostTenant();
    if (!tenant) return reply.status(404).send({ code: 'not_found', message: 'No portal on this address.' });
    const color = `#${normaliseBrandColor(tenant.brandColor)}`;
    const icons = [
      ...(tenant.logoUrl ? [{ src: tenant.logoUrl, sizes: 'any', purpose: 'any' }] : []),
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ];
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        JSON.stringify({
          id: '/patrol',
          name: `${tenant.brandTitle} ${patrolMessages.appName}`,
          short_name: patrolMessages.appName,
          start_url: '/patrol',
          scope: '/patrol',
          display: 'standalone',
          orientation: 'portrait',
          background_color: '#ffffff',
          theme_color: color,
          icons,
        }),
      );
  });
}
