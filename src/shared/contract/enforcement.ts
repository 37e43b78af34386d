import { z } from 'zod';
import { canonicalPlateFieldSchema, plateFieldSchema } from '../rules/plates';
import { citationSchema } from './citations';
import { instantSchema, uuidSchema } from './common';
import { defineRoute } from './define-route';
import { plateStandingSchema, repeatOffenderRuleSchema } from './repeat-offenders';
import { createUploadResponseSchema } from './uploads';

/**
 * The enforcement API (docs/enforcement.md): patrol devices authenticate with a tenant's API key
 * (`Authorization: Bearer ...`), check plates, record scans and write notices.
 */

/** The database keeps plates of scans and notices to 16 characters. */
export { MAX_PLATE_LENGTH } from '../rules/plates';
/** A batch larger than this is refused whole: a device sends the rest in the next one. */
export const MAX_SCANS_PER_BATCH = 500;
/** How far ahead of the server's clock a device's capturedAt may be (its clock drifts). */
export const CAPTURED_AT_CLOCK_SKEW_MS = 5 * 60_000;
export const MAX_NOTICE_PHOTOS = 4;

/** A scan keeps the plate as the device read it; a notice and a check use the canonical plate. */
const scannedPlateSchema = plateFieldSchema({ required: 'must not be empty' });
const canonicalPlateSchema = canonicalPlateFieldSchema({ required: 'must not be empty' });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
const clientIdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

export const enforcementPassSchema = z.object({
  permitIssuedUUID: z.uuid(),
  customerPermitId: z.string(),
  permitName: z.string(),
  permitProductUUID: z.uuid(),
  plate: z.string(),
  state: z.string().nullable(),
  issuedOn: z.string(),
  expiresAt: z.string(),
  /** expiresAt in the tenant's time zone, as the spec shows dates ('MMM DD, YYYY hh:mm A'). */
  expiresAtLocal: z.string(),
});

export const openNoticeSchema = z.object({
  uuid: z.uuid(),
  citationNumber: z.string(),
  createdOn: z.string(),
  paymentStatus: z.string(),
  amount: z.number().int(),
  citationName: z.string().nullable(),
});

export const plateCheckResponseSchema = z.object({
  /** The plate as searched, in canonical form (upper-case, no spaces, dashes or dots). */
  plate: z.string(),
  checkedAt: z.string(),
  timeZone: z.string(),
  /** A paid pass, valid now, has an active vehicle with this plate. */
  isCovered: z.boolean(),
  /** The latest end of the passes that cover it now, or null. */
  coveredUntil: z.string().nullable(),
  /** The passes covering the plate now, the longest-running first. */
  passes: z.array(enforcementPassSchema),
  /** Notices on this plate that are neither paid nor void, newest first. */
  openNotices: z.array(openNoticeSchema),
  /**
   * Whether the plate is a repeat offender by the tenant's rule (issue 31, decision 213), with
   * the line to show, and every unpaid notice counted (openNotices lists the newest few).
   */
  ...plateStandingSchema.shape,
});
export type PlateCheckResponse = z.infer<typeof plateCheckResponseSchema>;

export const plateCheckContract = defineRoute({
  method: 'GET',
  path: '/enforcement/plates/:plate',
  summary: 'Whether a plate is covered by a valid pass right now, and its open notices',
  tags: ['enforcement'],
  auth: 'enforcement-key',
  /** Also open to an operator's session whose role holds it (the patrol app). */
  permission: 'plate.check',
  params: z.object({ plate: canonicalPlateSchema }),
  response: plateCheckResponseSchema,
  errors: [401, 403],
});

/** One scan of a batch: the spec's Report item fields plus the device's own id for it. */
export const scanItemSchema = z
  .object({
    clientId: clientIdSchema,
    capturedAt: instantSchema,
    plate: scannedPlateSchema,
    fullname: optionalText(200),
    userEmail: z
      .email('must be an email address')
      .max(254)
      .nullish()
      .transform((value) => value ?? null),
    alertMessage: optionalText(500),
    fullImageURL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .max(2000, 'must be at most 2000 characters')
      .nullish()
      .transform((value) => value ?? null),
    /** A photo uploaded through POST /enforcement/uploads, instead of fullImageURL. */
    photoUploadUUID: uuidSchema.nullish().transform((value) => value ?? null),
    /** The phone's position when the officer allows it (issue 29): both, or neither. */
    latitude: z
      .number()
      .min(-90, 'must be between -90 and 90')
      .max(90, 'must be between -90 and 90')
      .nullish()
      .transform((value) => value ?? null),
    longitude: z
      .number()
      .min(-180, 'must be between -180 and 180')
      .max(180, 'must be between -180 and 180')
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((scan) => !(scan.fullImageURL && scan.photoUploadUUID), {
    path: ['photoUploadUUID'],
    message: 'give fullImageURL or photoUploadUUID, not both',
  })
  .refine((scan) => (scan.latitude === null) === (scan.longitude === null), {
    path: ['longitude'],
    message: 'give latitude and longitude together, or neither',
  });
export type ScanItem = z.infer<typeof scanItemSchema>;

/**
 * Items are checked one by one by the server with scanItemSchema (a bad item must not sink the
 * good ones), so the body accepts any item and describes the shape it expects.
 */
export const recordScansBodySchema = z.object({
  scans: z
    .array(
      z.unknown().meta({
        description:
          'One scan: clientId, capturedAt, plate, and optionally latitude, longitude, alertMessage, ' +
          'fullImageURL or photoUploadUUID. Each item is checked on its own; a bad one is rejected ' +
          'in the results without sinking the others.',
      }),
    )
    .min(1, 'must hold at least one scan')
    .max(MAX_SCANS_PER_BATCH, `must hold at most ${MAX_SCANS_PER_BATCH} scans per batch`),
});

export const SCAN_RESULT_STATUSES = ['created', 'duplicate', 'rejected'] as const;

export const scanResultSchema = z.object({
  index: z.number().int(),
  clientId: z.string().nullable(),
  status: z.enum(SCAN_RESULT_STATUSES),
  /** For a rejected item: each bad field and why. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

export const recordScansResponseSchema = z.object({
  created: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  results: z.array(scanResultSchema),
});
export type RecordScansResponse = z.infer<typeof recordScansResponseSchema>;

export const recordScansContract = defineRoute({
  method: 'POST',
  path: '/enforcement/scans',
  summary:
    'Record up to 500 scans; each is kept once by its clientId. 200 with per-item results when any item is good, 400 when none is',
  tags: ['enforcement'],
  auth: 'enforcement-key',
  /** Also open to an operator's session whose role holds it (the patrol app). */
  permission: 'scan.create',
  body: recordScansBodySchema,
  response: recordScansResponseSchema,
  errors: [401, 403],
});

export const createFieldCitationBodySchema = z
  .object({
    clientId: clientIdSchema,
    /** The violation code, by its uuid or by its name (exactly one). */
    citationCodeUUID: uuidSchema.optional(),
    citationName: z.string().trim().min(1).max(100).optional(),
    plate: canonicalPlateSchema,
    stateProv: optionalText(50),
    location: optionalText(500),
    comments: optionalText(2000),
    make: optionalText(50),
    color: optionalText(50),
    /** When the officer wrote it; now when absent. */
    createdOn: instantSchema.optional(),
    /** Photos uploaded through POST /enforcement/uploads. */
    photoUploadUUIDs: z
      .array(uuidSchema)
      .max(MAX_NOTICE_PHOTOS, `must hold at most ${MAX_NOTICE_PHOTOS} photos`)
      .default([]),
  })
  .refine((body) => Boolean(body.citationCodeUUID) !== Boolean(body.citationName), {
    path: ['citationCodeUUID'],
    message: 'give the violation code by citationCodeUUID or by citationName (one of them)',
  });
export type CreateFieldCitationBody = z.input<typeof createFieldCitationBodySchema>;

export const createFieldCitationResponseSchema = z.object({
  /** False when this clientId had already written the notice: the retry changed nothing. */
  isNew: z.boolean(),
  citation: citationSchema,
});

export const createFieldCitationContract = defineRoute({
  method: 'POST',
  path: '/enforcement/citations',
  summary:
    'Write a notice in the field (amount and late tiers from its violation code); idempotent by clientId',
  tags: ['enforcement'],
  auth: 'enforcement-key',
  /** Also open to an operator's session whose role holds it (the patrol app). */
  permission: 'notice.create',
  body: createFieldCitationBodySchema,
  response: createFieldCitationResponseSchema,
  errors: [401, 403, 404, 409],
});

export const createPatrolUploadBodySchema = z.object({
  fileName: z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
  contentType: z.string().min(1).max(100),
  size: z.number().int().min(1, 'must be at least 1 byte'),
});

export const createPatrolUploadContract = defineRoute({
  method: 'POST',
  path: '/enforcement/uploads',
  summary: 'A short-lived target to upload one patrol photo to storage (then pass its uploadUUID)',
  tags: ['enforcement'],
  auth: 'enforcement-key',
  /** Also open to an operator's session whose role holds it (the patrol app). */
  permission: 'scan.create',
  body: createPatrolUploadBodySchema,
  response: createUploadResponseSchema,
  errors: [401, 403],
});

/** One covered plate of a snapshot: its keyed hash and when a pass covers it (decision 194). */
export const snapshotCoverSchema = z.object({
  /** HMAC-SHA-256 of the canonical plate under the snapshot's hashKey, hex. */
  plateHash: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  /** The pass's product, shown as the answer's "which pass". */
  permitName: z.string(),
});

export const snapshotNoticesSchema = z.object({
  plateHash: z.string(),
  /** How many notices on the plate are neither paid nor void when the snapshot was made. */
  openNotices: z.number().int(),
});

/**
 * A repeat offender of a snapshot (issue 31): the plate's hash and its standing when the snapshot
 * was made, so an offline answer still says so plainly. The device writes the line itself, from
 * the snapshot's rule, in the officer's language.
 */
export const snapshotRepeatOffenderSchema = z.object({
  plateHash: z.string(),
  unpaidNoticeCount: z.number().int(),
  /** What its unpaid notices asked when the snapshot was made, in cents (late penalties reached). */
  unpaidTotal: z.number().int(),
  oldestUnpaidDays: z.number().int().nullable(),
});

export const plateSnapshotResponseSchema = z.object({
  generatedAt: z.string(),
  /** After this the device refuses to answer from the snapshot (PATROL_SNAPSHOT_MAX_AGE_MINUTES). */
  usableUntil: z.string(),
  timeZone: z.string(),
  /** A random key made for this snapshot alone (base64url), with which the device hashes a plate. */
  hashKey: z.string(),
  /** Passes covering a plate at some time between generatedAt and usableUntil. */
  covers: z.array(snapshotCoverSchema),
  /** Plates with outstanding notices. */
  notices: z.array(snapshotNoticesSchema),
  /** The tenant's repeat-offender rule (decision 213); both null: the check is off. */
  repeatOffenderRule: repeatOffenderRuleSchema,
  /** The plates that meet the rule, with their unpaid totals. */
  repeatOffenders: z.array(snapshotRepeatOffenderSchema),
});
export type PlateSnapshot = z.infer<typeof plateSnapshotResponseSchema>;

export const plateSnapshotContract = defineRoute({
  method: 'GET',
  path: '/enforcement/snapshot',
  summary:
    'The covered plates for checking offline, as keyed hashes with validity windows (no readable plates)',
  tags: ['enforcement'],
  auth: 'enforcement-key',
  /** Also open to an operator's session whose role holds it (the patrol app). */
  permission: 'plate.check',
  response: plateSnapshotResponseSchema,
  errors: [401, 403],
});
