import { z } from 'zod';
import { consoleDeskMessages } from '../messages/console-desk';
import { canonicalPlateFieldSchema } from '../rules/plates';
import { instantSchema } from './common';
import { consolePassRowSchema } from './console-passes';
import { defineRoute } from './define-route';

/**
 * The console's plate lookup (issue 33): what an enforcement officer or the front desk asks first
 * about a plate — is it covered now, by which passes, what does it owe, where was it last seen.
 */

/** Passes, notices and scans answered at most: the desk reads the first few, the lists hold the rest. */
export const PLATE_LOOKUP_MAX_PASSES = 20;
export const PLATE_LOOKUP_MAX_NOTICES = 20;
export const PLATE_LOOKUP_MAX_SCANS = 10;

export const plateLookupPassSchema = consolePassRowSchema.extend({
  /** Paid, begun, not yet ended, with this plate as an active vehicle: it covers the plate now. */
  isCovering: z.boolean(),
});
export type PlateLookupPass = z.infer<typeof plateLookupPassSchema>;

export const plateLookupNoticeSchema = z.object({
  uuid: z.uuid(),
  citationNumber: z.string(),
  createdOn: instantSchema,
  paymentStatus: z.string(),
  /** What it costs today, late tiers included (cents). */
  amountDue: z.number().int(),
  citationName: z.string().nullable(),
  location: z.string().nullable(),
});
export type PlateLookupNotice = z.infer<typeof plateLookupNoticeSchema>;

export const plateLookupScanSchema = z.object({
  uuid: z.uuid(),
  capturedAt: instantSchema,
  /** The plate as the device read it. */
  plate: z.string(),
  /** Null for a scan recorded without the phone's position (issue 29). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  alertMessage: z.string().nullable(),
  /** Who scanned it, as the device sent it. */
  fullname: z.string().nullable(),
});
export type PlateLookupScan = z.infer<typeof plateLookupScanSchema>;

export const plateLookupSchema = z.object({
  /** The canonical plate looked up. */
  plate: z.string(),
  checkedAt: instantSchema,
  isCovered: z.boolean(),
  /** The latest end among the passes covering it now, or null. */
  coveredUntil: instantSchema.nullable(),
  /** Its passes, covering ones first, then by end, latest first. */
  passes: z.array(plateLookupPassSchema),
  /** Its notices neither paid nor void, newest first, and how many there are in all. */
  openNotices: z.array(plateLookupNoticeSchema),
  openNoticeCount: z.number().int(),
  /** What its open notices cost today in all (cents). */
  openNoticeTotal: z.number().int(),
  /** Whether the tenant's rule makes it a repeat offender (issue 31, decision 213), and the line. */
  isRepeatOffender: z.boolean(),
  repeatOffenderMessage: z.string().nullable(),
  /** Its latest scans, newest first. */
  recentScans: z.array(plateLookupScanSchema),
});
export type PlateLookup = z.infer<typeof plateLookupSchema>;

export const plateLookupParamsSchema = z.object({
  plate: canonicalPlateFieldSchema({ required: consoleDeskMessages.plateRequired }),
});

export const lookUpPlateContract = defineRoute({
  method: 'GET',
  path: '/dashboard/plates/:plate',
  summary: 'A plate at a glance: covered now, its passes, open notices and recent scans',
  tags: ['console'],
  auth: 'operator',
  permission: 'console.read',
  params: plateLookupParamsSchema,
  response: plateLookupSchema,
  errors: [401, 403, 404],
});
