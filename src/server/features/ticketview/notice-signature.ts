import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { readOrCreateSecret } from '../../data-dir-secret';

const SECRET_FILE = 'notice-signing-key';

/** 24 bytes of the HMAC: far beyond guessing, short enough for a small QR code. */
const SIGNATURE_BYTES = 24;

function noticeKey(config: Pick<Config, 'NOTICE_SIGNING_SECRET' | 'DATA_DIR'>): string {
  return config.NOTICE_SIGNING_SECRET ?? readOrCreateSecret(config.DATA_DIR, SECRET_FILE);
}

/**
 * The signature in a printed notice's 'verify' link: an HMAC of the tenant and the notice with a
 * server-only key, so a scam notice cannot carry a link that verifies (docs/decisions/102).
 */
export function signNotice(
  config: Pick<Config, 'NOTICE_SIGNING_SECRET' | 'DATA_DIR'>,
  tenantId: string,
  citationId: string,
): string {
  return createHmac('sha256', noticeKey(config))
    .update(`notice:${tenantId}:${citationId}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}

export function isNoticeSignatureValid(
  config: Pick<Config, 'NOTICE_SIGNING_SECRET' | 'DATA_DIR'>,
  tenantId: string,
  citationId: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signNotice(config, tenantId, citationId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
