import { z } from 'zod';
import { CODE_PATTERN, MAX_CODE_LENGTH, normaliseCode } from '../rules/account-validation';
import { uuidSchema } from './common';
import { NOTICE_REASON_MAX, noticeFilterSchema } from './console-notices';
import { accessCodeSearchSchema, CONSOLE_PASS_FILTERS } from './console-passes';
import { defineRoute } from './define-route';

/**
 * Bulk work in the console (issue 33): one call applies an action to the chosen rows, or to every
 * row of a list's search ("select all N matching"), and names the rows it could not change.
 */

/** Most rows one bulk call changes when it names them (a page holds at most 100). */
export const BULK_MAX_ROWS = 1000;
/**
 * Most rows a "select all N matching" call resolves (decision 224): the lists count up to the same
 * cap (decision 201); above it the call is refused with a message that says to narrow the filter.
 */
export const BULK_MATCHING_CAP = 10_000;

/** The ticked rows of a list, by uuid. */
const uuidsSelection = (one: string, many: string) =>
  z.object({
    uuids: z
      .array(uuidSchema)
      .min(1, `Choose at least one ${one}.`)
      .max(BULK_MAX_ROWS, `Choose at most ${BULK_MAX_ROWS} ${many} at once.`),
  });

/** The passes a bulk call acts on: the ticked rows, or all that match the list's search. */
export const passSelectionSchema = z.union([
  // Whole sentences: the operator reads them as they are (no "Invalid body field" prefix).
  uuidsSelection('pass', 'passes'),
  z.object({
    matching: z.object({
      q: z
        .string()
        .max(100, 'The search must be at most 100 characters.')
        .transform((value) => value.trim())
        .default(''),
      status: z.enum(CONSOLE_PASS_FILTERS).default('all'),
    }),
  }),
]);
export type PassSelection = z.input<typeof passSelectionSchema>;

/** What a bulk call did: the rows it changed and, each with why, those it left as they were. */
export const bulkResultSchema = z.object({
  /** `uuid`: the record's uuid (an access code named but not found: the code itself). */
  changed: z.array(z.object({ uuid: z.string(), label: z.string() })),
  notChanged: z.array(z.object({ uuid: z.string(), label: z.string(), reason: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const decidePassesBodySchema = z.object({
  selection: passSelectionSchema,
  status: z.enum(['paid', 'rejected']),
  /** Emailed to every registrant with the decision. */
  message: z
    .string()
    .trim()
    .max(2000, 'must be at most 2000 characters')
    .nullish()
    .transform((value) => value || null),
});
export type DecidePassesBody = z.input<typeof decidePassesBodySchema>;

export const decidePassesContract = defineRoute({
  method: 'POST',
  path: '/dashboard/passes/bulk/decision',
  summary:
    'Approve (paid) or reject many waiting passes in one call: each registrant is emailed, each change and the batch are audit-logged; rows that cannot change are named',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'pass.approve',
  body: decidePassesBodySchema,
  response: bulkResultSchema,
  errors: [401, 403, 404],
});

/** The notices a bulk call acts on: the ticked rows, or all that match the list's filters. */
export const noticeSelectionSchema = z.union([
  uuidsSelection('notice', 'notices'),
  z.object({ matching: noticeFilterSchema.omit({ sort: true, order: true }) }),
]);
export type NoticeSelection = z.input<typeof noticeSelectionSchema>;

export const voidNoticesBodySchema = z.object({
  selection: noticeSelectionSchema,
  reason: z
    .string({ error: 'Say why the notices are voided.' })
    .trim()
    .min(1, 'Say why the notices are voided.')
    .max(NOTICE_REASON_MAX, `The reason must be at most ${NOTICE_REASON_MAX} characters.`),
});
export type VoidNoticesBody = z.input<typeof voidNoticesBodySchema>;

export const voidNoticesContract = defineRoute({
  method: 'POST',
  path: '/dashboard/notices/bulk/void',
  summary:
    'Void many notices in one call, with one reason: each void and the batch are audit-logged; paid or already void notices are named, not changed',
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.edit',
  body: voidNoticesBodySchema,
  response: bulkResultSchema,
  errors: [401, 403],
});

export const cancelPassesBodySchema = z.object({ selection: passSelectionSchema });
export type CancelPassesBody = z.input<typeof cancelPassesBodySchema>;

export const cancelPassesContract = defineRoute({
  method: 'POST',
  path: '/dashboard/passes/bulk/cancel',
  summary:
    'Cancel many passes without a refund in one call: each holder is emailed, each cancel and the batch are audit-logged; passes that cannot be canceled are named',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'pass.cancel',
  body: cancelPassesBodySchema,
  response: bulkResultSchema,
  errors: [401, 403],
});

const accessCodeSchema = z
  .string()
  .max(MAX_CODE_LENGTH * 4)
  .transform(normaliseCode)
  .pipe(z.string().regex(CODE_PATTERN, 'An access code has 1 to 64 letters, digits or hyphens.'));

/** The access codes of one product a bulk call acts on: the ticked codes, or all the list's search matches. */
export const accessCodeSelectionSchema = z.union([
  z.object({
    codes: z
      .array(accessCodeSchema)
      .min(1, 'Choose at least one access code.')
      .max(BULK_MATCHING_CAP, `Choose at most ${BULK_MATCHING_CAP} access codes at once.`),
  }),
  // The list's search; only unused codes can be revoked, so the status is 'unused' unless given.
  z.object({
    matching: accessCodeSearchSchema.extend({
      status: accessCodeSearchSchema.shape.status.unwrap().default('unused'),
    }),
  }),
]);
export type AccessCodeSelection = z.input<typeof accessCodeSelectionSchema>;

export const revokeAccessCodesBodySchema = z.object({ selection: accessCodeSelectionSchema });
export type RevokeAccessCodesBody = z.input<typeof revokeAccessCodesBodySchema>;

export const revokeAccessCodesContract = defineRoute({
  method: 'POST',
  path: '/dashboard/products/:uuid/access-codes/bulk/revoke',
  summary:
    "Revoke many of a product's unused access codes in one call: each revoke and the batch are audit-logged; used or revoked codes are named, not changed",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'access-code.manage',
  params: z.object({ uuid: uuidSchema }),
  body: revokeAccessCodesBodySchema,
  response: bulkResultSchema,
  errors: [401, 403, 404],
});
