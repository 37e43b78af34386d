import QRCode from 'qrcode';
import { citationQrCodeContract, verifyNoticeContract, verifyNoticePagePath } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { tenantBaseUrl } from '../../config';
import { notFound } from '../../errors';
import { registerRoute } from '../../http/register-route';
import { getCitation } from '../citations';
import { isNoticeSignatureValid, signNotice } from './notice-signature';

/** Big enough to scan from paper at arm's length, small enough for one printed page. */
const QR_WIDTH_PX = 320;

export async function ticketviewRoutes(app: ApiInstance) {
  const { db, clock, config } = app.deps;

  app.get(
    citationQrCodeContract.path,
    {
      schema: {
        operationId: 'citationQrCode',
        security: [],
        tags: ['citations'],
        summary:
          "QR code (PNG) of a notice's signed 'verify' page on its tenant's host, for the printable notice",
        params: citationQrCodeContract.params,
        produces: ['image/png'],
      },
    },
    async (request, reply) => {
      const tenant = await request.requireTenant();
      // Only a notice of this tenant gets a code: another tenant's uuid is a 404 like any unknown one.
      const citation = await getCitation({ db, tenant, citationId: request.params.uuid, now: clock.now() });
      // The address comes from configuration, never from the request's Host header.
      const target = `${tenantBaseUrl(config, tenant.subdomain)}${verifyNoticePagePath(
        citation.uuid,
        signNotice(config, tenant.id, citation.uuid),
      )}`;
      const png = await QRCode.toBuffer(target, {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: QR_WIDTH_PX,
      });
      return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
    },
  );

  registerRoute(app, verifyNoticeContract, async (request) => {
    const tenant = await request.requireTenant();
    const { uuid, signature } = request.params;
    // A forged or copied-to-another-notice signature reads exactly like an unknown notice.
    if (!isNoticeSignatureValid(config, tenant.id, uuid, signature)) throw notFound('Notice');
    const notice = await getCitation({ db, tenant, citationId: uuid, now: clock.now() });
    return { issuer: tenant.brandTitle, notice };
  });
}
