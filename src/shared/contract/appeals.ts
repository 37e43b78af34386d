import { z } from 'zod';
import { citationSchema, MAX_SEARCH_TERM_LENGTH } from './citations';
import { uuidSchema } from './common';
import { MAX_NOTICE_AMOUNT } from './console-notices';
import { defineRoute } from './define-route';

/** Most proof photos an appeal may carry (part 1 section 9). */
export const MAX_APPEAL_PHOTOS = 4;

/** Longest accepted value of each appeal field; longer is a 400, never a truncation. */
export const APPEAL_FIELD_LIMITS = {
  name: 200,
  email: 254,
  phoneNumber: 40,
  address: 500,
  reason: 5000,
} as const;

/** Appeal (part 1 section 3). is_approved mirrors isApproved: the spec names both. */
export const appealSchema = z.object({
  uuid: z.uuid(),
  citationUUID: z.uuid(),
  citationCodeUUID: z.uuid().nullable(),
  citationNumber: z.string(),
  isPending: z.boolean(),
  isApproved: z.boolean().nullable(),
  is_approved: z.boolean().nullable(),
  status: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  reason: z.string(),
  submissionDate: z.string(),
  responseDate: z.string().nullable(),
  imageURLs: z.array(z.string()),
  /** False until the appellant follows the emailed link; only a confirmed appeal is reviewed. */
  isEmailConfirmed: z.boolean(),
  /**
   * False when the answer's personal fields (name, email, phone, address, reason) are masked and
   * its photos withheld: the caller did not send the appeal's confirmation token.
   */
  isOwnerView: z.boolean(),
  /**
   * What the answer did to the notice: 'voided' (nothing to pay), 'reduced' (the amount in force
   * became reducedAmount) or 'denied'; null while pending and for appeals answered before outcomes.
   */
  outcome: z.enum(['voided', 'reduced', 'denied']).nullable(),
  /** The amount in cents an approval reduced the notice to; null unless outcome is 'reduced'. */
  reducedAmount: z.number().int().nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

/** The header that carries an appeal's confirmation token: it proves the caller filed it. */
export const APPEAL_TOKEN_HEADER = 'x-appeal-token';

const noticeNumberSchema = z
  .string()
  .max(MAX_SEARCH_TERM_LENGTH, `must be at most ${MAX_SEARCH_TERM_LENGTH} characters`);

/** GET /portal/citation/number/{number}: the notice to appeal, only when it can still be appealed. */
export const getCitationByNumberContract = defineRoute({
  method: 'GET',
  path: '/portal/citation/number/:number',
  summary:
    'The notice with this number, if it can be appealed (404: no record, appealed, voided or paid; 403: window expired)',
  tags: ['appeals'],
  auth: 'none',
  params: z.object({ number: noticeNumberSchema }),
  response: citationSchema,
  errors: [403, 404, 409],
});

/** GET /portal/appeal/id/{uuid}/n/{number}: the appeal of a notice; both must name the same notice. */
export const getAppealContract = defineRoute({
  method: 'GET',
  path: '/portal/appeal/id/:uuid/n/:number',
  summary:
    'The appeal of a notice, personal fields masked unless x-appeal-token holds its confirmation token (404: none yet; 403: none can be made)',
  tags: ['appeals'],
  auth: 'none',
  params: z.object({ uuid: uuidSchema, number: noticeNumberSchema }),
  response: appealSchema,
  errors: [403, 404, 409],
});

const field = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/**
 * PUT /portal/appeal. Blank fields pass the schema on purpose: the service checks them in the
 * spec's order and answers the spec's message for the first one missing.
 */
export const submitAppealBodySchema = z.object({
  citationUUID: uuidSchema,
  citationCodeUUID: uuidSchema.nullish(),
  citationNumber: noticeNumberSchema,
  name: field(APPEAL_FIELD_LIMITS.name),
  email: field(APPEAL_FIELD_LIMITS.email),
  phoneNumber: field(APPEAL_FIELD_LIMITS.phoneNumber),
  address: field(APPEAL_FIELD_LIMITS.address),
  reason: field(APPEAL_FIELD_LIMITS.reason),
  imageURLs: z
    .array(z.string().max(2048))
    .max(MAX_APPEAL_PHOTOS, `at most ${MAX_APPEAL_PHOTOS} photos`)
    .default([]),
});
export type SubmitAppealBody = z.input<typeof submitAppealBodySchema>;

export const submitAppealContract = defineRoute({
  method: 'PUT',
  path: '/portal/appeal',
  summary: 'Submit the appeal of a notice, with up to four proof photos uploaded beforehand',
  tags: ['appeals'],
  auth: 'none',
  body: submitAppealBodySchema,
  response: appealSchema,
  errors: [403, 404, 409, 429],
});

/** POST /portal/appeal/confirm: follow the emailed link; answers the appeal, unmasked. */
export const confirmAppealContract = defineRoute({
  method: 'POST',
  path: '/portal/appeal/confirm',
  summary: 'Confirm an appeal with the emailed link: only then is it reviewed (400: link invalid or expired)',
  tags: ['appeals'],
  auth: 'none',
  body: z.object({ citationUUID: uuidSchema, token: uuidSchema }),
  response: appealSchema,
  errors: [404, 429],
});

/** An appeal as the operator sees it: with the notice it is about. */
export const dashboardAppealSchema = appealSchema.extend({
  plate: z.string(),
  paymentStatus: citationSchema.shape.paymentStatus,
  citationCreatedOn: z.string(),
  voidDate: z.string().nullable(),
  /**
   * What the notice asks today, in cents (its amount in force with any late fee; 0 once paid or
   * void): the figure an approval's `reduceTo` must stay below, shown in the answer dialog.
   */
  amountDue: z.number().int(),
});
export type DashboardAppeal = z.infer<typeof dashboardAppealSchema>;

export const listDashboardAppealsContract = defineRoute({
  method: 'GET',
  path: '/dashboard/appeals',
  summary: "The tenant's appeals, pending first",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'appeal.list',
  response: z.array(dashboardAppealSchema),
  errors: [401, 403, 404, 409],
});

export const answerAppealBodySchema = z.object({
  isApproved: z.boolean(),
  /** Shown to the appellant instead of 'Appeal approved.' / 'Appeal denied' when given. */
  status: z.string().trim().max(500, 'must be at most 500 characters').nullish(),
  /**
   * Approving voids the notice (nothing left to pay) unless this is given: then the notice's amount
   * in force becomes this many cents instead, in the same transaction. Only with an approval.
   */
  reduceTo: z
    .number({ message: 'must be an amount in cents' })
    .int('must be whole cents')
    .min(1, 'must be more than zero: approve without an amount to void the notice')
    .max(MAX_NOTICE_AMOUNT, 'is too large')
    .nullish(),
});
export type AnswerAppealBody = z.input<typeof answerAppealBodySchema>;

export const answerAppealContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/appeals/:uuid',
  summary:
    'Approve (voiding the notice, or reducing it to reduceTo) or deny a pending appeal, with an optional status text',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'appeal.answer',
  params: z.object({ uuid: uuidSchema }),
  body: answerAppealBodySchema,
  response: dashboardAppealSchema,
  errors: [401, 403, 404, 409],
});
