import { z } from 'zod';
import { uuidSchema } from './common';
import { defineRoute } from './define-route';

/** What an upload is for; each purpose has its own accepted types and folder. */
export const UPLOAD_PURPOSES = [
  'appeal-photo',
  'pass-proof',
  'patrol-photo',
  'brand-logo',
  'product-image',
  'notice-photo',
] as const;
export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;
/**
 * What POST /uploads (no sign-in) may ask for. Patrol photos are created only through the
 * enforcement API (POST /enforcement/uploads, API key): otherwise anyone could plant files that a
 * scan or a field notice would then accept as taken by the tenant's patrol. A brand logo may be
 * uploaded here because only an admin's settings change can attach it, a product image because
 * only an operator's product change can, and a notice photo because only an operator's new notice can.
 */
export const PUBLIC_UPLOAD_PURPOSES = [
  'appeal-photo',
  'pass-proof',
  'brand-logo',
  'product-image',
  'notice-photo',
] as const satisfies readonly UploadPurpose[];
export const publicUploadPurposeSchema = z.enum(PUBLIC_UPLOAD_PURPOSES);
export type PublicUploadPurpose = z.infer<typeof publicUploadPurposeSchema>;

/** The largest file any upload may be, enforced by the storage itself (S3 policy, local URL). */
export const MAX_UPLOAD_BYTES = 5_000_000;

/** Content types we store, each with the file extensions that may carry it. */
export const UPLOAD_TYPES = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'application/pdf': ['pdf'],
} as const;
export type UploadContentType = keyof typeof UPLOAD_TYPES;
export const UPLOAD_CONTENT_TYPES = Object.keys(UPLOAD_TYPES) as UploadContentType[];

/** Proof photos are photos; pass proofs may also be a PDF (a lease, a registration). */
export const PURPOSE_CONTENT_TYPES: Record<UploadPurpose, readonly UploadContentType[]> = {
  'appeal-photo': ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
  'pass-proof': UPLOAD_CONTENT_TYPES,
  'patrol-photo': ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
  /** Logos are shown in every browser: no HEIC (few browsers draw it), no SVG (it can carry script). */
  'brand-logo': ['image/jpeg', 'image/png', 'image/webp'],
  /** A pass product's pictures, shown by browsers on the catalogue: no HEIC. */
  'product-image': ['image/jpeg', 'image/png', 'image/webp'],
  /** A console notice's photos, shown by browsers on the public notice: no HEIC. */
  'notice-photo': ['image/jpeg', 'image/png', 'image/webp'],
};

/** POST /uploads: ask for a place to put one file. */
export const createUploadBodySchema = z.object({
  purpose: publicUploadPurposeSchema,
  /** The file's own name; only its extension is kept. */
  fileName: z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
  contentType: z.string().min(1).max(100),
  size: z.number().int().min(1, 'must be at least 1 byte'),
});
export type CreateUploadBody = z.infer<typeof createUploadBodySchema>;

/**
 * Where the browser sends the file: a form POST of `fields` then the file as field 'file'
 * (S3 presigned POST), or a PUT of the raw bytes with `headers` (the local disk adapter).
 */
export const uploadTargetSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('POST'), url: z.string(), fields: z.record(z.string(), z.string()) }),
  z.object({ method: z.literal('PUT'), url: z.string(), headers: z.record(z.string(), z.string()) }),
]);
export type UploadTarget = z.infer<typeof uploadTargetSchema>;

export const createUploadResponseSchema = z.object({
  uploadUUID: z.uuid(),
  target: uploadTargetSchema,
  /** Where the file will be readable once stored; this is what records (appeals) refer to. */
  fileUrl: z.string(),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type CreateUploadResponse = z.infer<typeof createUploadResponseSchema>;

export const createUploadContract = defineRoute({
  method: 'POST',
  path: '/uploads',
  summary: 'A short-lived target to upload one file (max 5,000,000 bytes) to storage',
  tags: ['uploads'],
  auth: 'none',
  body: createUploadBodySchema,
  response: createUploadResponseSchema,
  errors: [404],
});

export const storedUploadSchema = z.object({
  uploadUUID: z.uuid(),
  fileUrl: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type StoredUpload = z.infer<typeof storedUploadSchema>;

/** POST /uploads/{uuid}/confirm: the browser says the file is there; the server checks it. */
export const confirmUploadContract = defineRoute({
  method: 'POST',
  path: '/uploads/:uuid/confirm',
  summary: 'Check an uploaded file (size, type by its signature) and keep it',
  tags: ['uploads'],
  auth: 'none',
  params: z.object({ uuid: uuidSchema }),
  response: storedUploadSchema,
  errors: [404],
});
