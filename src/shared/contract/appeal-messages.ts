import { z } from 'zod';
import { MAX_APPEAL_PHOTOS } from './appeals';
import { MAX_SEARCH_TERM_LENGTH } from './citations';
import { uuidSchema } from './common';
import { defineRoute } from './define-route';

export const APPEAL_MESSAGE_MAX_LENGTH = 2000;

/** One message of an appeal's thread (issue 15, beyond the spec). */
export const appealMessageSchema = z.object({
  uuid: z.uuid(),
  author: z.enum(['appellant', 'operator']),
  body: z.string(),
  /** Evidence photos sent with the message. */
  imageURLs: z.array(z.string()),
  createdOn: z.string(),
});
export type AppealMessage = z.infer<typeof appealMessageSchema>;

export const appealMessageBodySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a message first.')
    .max(APPEAL_MESSAGE_MAX_LENGTH, `A message can be at most ${APPEAL_MESSAGE_MAX_LENGTH} characters.`),
  /** Photos uploaded beforehand ('appeal-photo'), attached to the message when it is sent. */
  imageURLs: z
    .array(z.string().max(2048))
    .max(MAX_APPEAL_PHOTOS, `at most ${MAX_APPEAL_PHOTOS} photos`)
    .default([]),
});
export type AppealMessageBody = z.input<typeof appealMessageBodySchema>;

/**
 * The appellant's access: the notice's uuid and its number, and the appeal's confirmation token in
 * the x-appeal-token header (the uuid and number alone are printed on the notice: 404 without it).
 */
const appellantParams = z.object({
  uuid: uuidSchema,
  number: z
    .string()
    .min(1)
    .max(MAX_SEARCH_TERM_LENGTH, `must be at most ${MAX_SEARCH_TERM_LENGTH} characters`),
});

export const listAppealMessagesContract = defineRoute({
  method: 'GET',
  path: '/portal/appeal/id/:uuid/n/:number/messages',
  summary:
    "The messages of a notice's appeal, oldest first (x-appeal-token: the appeal's confirmation token)",
  tags: ['appeals'],
  auth: 'none',
  params: appellantParams,
  response: z.array(appealMessageSchema),
  errors: [404],
});

export const postAppealMessageContract = defineRoute({
  method: 'POST',
  path: '/portal/appeal/id/:uuid/n/:number/messages',
  summary:
    "The appellant writes to the operator about a pending appeal (emails the operator's team; x-appeal-token: the appeal's confirmation token)",
  tags: ['appeals'],
  auth: 'none',
  params: appellantParams,
  body: appealMessageBodySchema,
  response: appealMessageSchema,
  errors: [404, 409, 429],
});

export const listDashboardAppealMessagesContract = defineRoute({
  method: 'GET',
  path: '/dashboard/appeals/:uuid/messages',
  summary: "The messages of one of the tenant's appeals, oldest first",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'appeal.list',
  params: z.object({ uuid: uuidSchema }),
  response: z.array(appealMessageSchema),
  errors: [401, 403, 404],
});

export const postDashboardAppealMessageContract = defineRoute({
  method: 'POST',
  path: '/dashboard/appeals/:uuid/messages',
  summary: 'The operator writes to the appellant about a pending appeal (emails the appellant)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'appeal.answer',
  params: z.object({ uuid: uuidSchema }),
  body: appealMessageBodySchema,
  response: appealMessageSchema,
  errors: [401, 403, 404, 409],
});
