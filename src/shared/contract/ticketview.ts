import { z } from 'zod';
import { uuidSchema } from './common';

/** The QR code of a printable notice: a PNG that links to the notice's page on its tenant's host. */
export const citationQrCodeContract = {
  method: 'GET',
  path: '/portal/citation/:uuid/qrcode.png',
  params: z.object({ uuid: uuidSchema }),
} as const;

export const citationQrCodePath = (uuid: string) => `/api/v1/portal/citation/${uuid}/qrcode.png`;
