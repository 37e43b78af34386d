import { z } from 'zod';
import { uuidSchema } from './common';
import { CONSOLE_PASS_FILTERS } from './console-passes';
import { defineRoute } from './define-route';

/**
 * Bulk work in the console (issue 33): one call applies an action to the chosen rows, or to every
 * row of a list's search ("select all N matching"), and names the rows it could not change.
 */

/** Most rows one bulk call changes: bigger batches are split by the operator's filters. */
export const BULK_MAX_ROWS = 1000;

/** The passes a bulk call acts on: the ticked rows, or all that match the list's search. */
export const passSelectionSchema = z.union([
  z.object({
    uuids: z
      .array(uuidSchema)
      .min(1, 'must name at least one pass')
      .max(BULK_MAX_ROWS, `must name at most ${BULK_MAX_ROWS} passes`),
  }),
  z.object({
    matching: z.object({
      q: z
        .string()
        .max(100, 'must be at most 100 characters')
        .transform((value) => value.trim())
        .default(''),
      status: z.enum(CONSOLE_PASS_FILTERS).default('all'),
    }),
  }),
]);
export type PassSelection = z.input<typeof passSelectionSchema>;

/** What a bulk call did: the rows it changed and, each with why, those it left as they were. */
export const bulkResultSchema = z.object({
  changed: z.array(z.object({ uuid: z.uuid(), label: z.string() })),
  notChanged: z.array(z.object({ uuid: z.uuid(), label: z.string(), reason: z.string() })),
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
