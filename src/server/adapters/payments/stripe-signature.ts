import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejectedError } from './port';

/** Stripe's default: an event signed more than five minutes ago may be a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The Stripe-Signature header for a payload: what Stripe sends, and what tests sign with. */
export function signStripePayload(
  payload: string | Buffer,
  secret: string,
  timestampSeconds: number,
): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(payload).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

/**
 * Verifies a Stripe-Signature header ('t=...,v1=...[,v1=...]') against the raw body, as Stripe
 * documents it: HMAC-SHA256 of '{t}.{body}', compared in constant time, t within the tolerance.
 */
export function verifyStripeSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now: Date,
): void {
  if (!header) throw new WebhookRejectedError('Missing Stripe-Signature header.');
  const pairs = header.split(',').map((part) => part.trim().split('=', 2) as [string, string?]);
  const timestamp = Number(pairs.find(([key]) => key === 't')?.[1]);
  const candidates = pairs.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!);
  if (!Number.isInteger(timestamp) || candidates.length === 0) {
    throw new WebhookRejectedError('Malformed Stripe-Signature header.');
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookRejectedError('Stripe-Signature timestamp is outside the tolerance.');
  }
  const expected = Buffer.from(signStripePayload(rawBody, secret, timestamp).split('v1=')[1]!, 'hex');
  const matches = candidates.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookRejectedError('Stripe-Signature does not match the payload.');
}
