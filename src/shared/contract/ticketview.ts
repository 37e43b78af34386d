import { z } from 'zod';
import { citationSchema } from './citations';
import { uuidSchema } from './common';
import { defineRoute } from './define-route';

/** The QR code of a printable notice: a PNG that links to the notice's 'verify' page on its tenant's host. */
export const citationQrCodeContract = {
  method: 'GET',
  path: '/portal/citation/:uuid/qrcode.png',
  params: z.object({ uuid: uuidSchema }),
} as const;

export const citationQrCodePath = (uuid: string) => `/api/v1/portal/citation/${uuid}/qrcode.png`;

/** The page the printed QR code opens: /verify/{uuid}/{signature} on the tenant's host. */
export const verifyNoticePagePath = (uuid: string, signature: string) => `/verify/${uuid}/${signature}`;

/** What 'verify this notice' confirms: who issued it, its number, plate and amount. */
export const verifiedNoticeSchema = z.object({
  issuer: z.string(),
  notice: citationSchema,
});
export type VerifiedNotice = z.infer<typeof verifiedNoticeSchema>;

/**
 * Is this printed notice genuine? (issue 15, not in the spec.) The signature comes from the QR
 * code and is an HMAC only the server can make; a wrong one is a 404, like an unknown notice.
 */
export const verifyNoticeContract = defineRoute({
  method: 'GET',
  path: '/portal/citation/:uuid/verify/:signature',
  summary:
    'Confirms a printed notice is genuine: the issuer and the notice, for the signature of its QR code',
  tags: ['citations'],
  auth: 'none',
  params: z.object({
    uuid: uuidSchema,
    signature: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a notice signature'),
  }),
  response: verifiedNoticeSchema,
  errors: [404],
});
