import { z } from 'zod';
import { uuidSchema } from './common';
import { defineRoute } from './define-route';

/**
 * Proof of coverage (issue 10, beyond the spec; docs/decisions/141). The receipt page shows a QR
 * code of a public page an officer can open: plate, valid from/to and product, nothing personal.
 * The page has its own random uuid, so the code never hands out the pass's uuid (the capability
 * to edit and cancel the pass).
 */

/** The web page the QR code opens. */
export const passProofPagePath = (proofUUID: string) => `/permit/proof/${proofUUID}`;

export const passProofLinkSchema = z.object({
  proofUUID: z.uuid(),
  proofUrl: z.string(),
  /** The QR code of `proofUrl` as a PNG data URL, ready for an <img>. */
  qrCodeDataUrl: z.string(),
});
export type PassProofLink = z.infer<typeof passProofLinkSchema>;

export const passProofSchema = z.object({
  productName: z.string(),
  /** The plates the pass covers right now: its active vehicles. */
  plates: z.array(z.object({ plate: z.string(), state: z.string().nullable() })),
  validFrom: z.string(),
  validTo: z.string(),
  /** Whether the pass covers parking at the moment of the request. */
  isValidNow: z.boolean(),
  /** What an officer reads: 'Valid', 'Expired …', 'Rejected', … (section 4 wording). */
  statusText: z.string(),
  timeZone: z.string(),
  checkedAt: z.string(),
});
export type PassProof = z.infer<typeof passProofSchema>;

export const getPassProofLinkContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/issued/:id/proof',
  summary: "An issued pass's public proof page and its QR code (id: the pass; no token needed)",
  tags: ['passes'],
  auth: 'none',
  params: z.object({ id: uuidSchema }),
  response: passProofLinkSchema,
  errors: [404, 429],
});

export const getPassProofContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/proof/:id',
  summary: 'Proof of coverage for an officer: plate, valid from/to, product (id: the proof)',
  tags: ['passes'],
  auth: 'none',
  params: z.object({ id: uuidSchema }),
  response: passProofSchema,
  errors: [404, 429],
});
