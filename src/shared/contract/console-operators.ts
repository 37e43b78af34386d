import { z } from 'zod';
import { LOCALES } from '../i18n/locales';
import { languageMessages } from '../messages/languages';
import { OPERATOR_ROLES } from '../rules/operator-roles';
import { ACTIONS } from '../rules/permission-actions';
import { emailInputSchema, newPasswordSchema } from './accounts';
import { instantSchema, uuidSchema } from './common';
import { defineRoute } from './define-route';

/**
 * The console's operators (issue 11, docs/decisions/145): who is signed in, the tenant's
 * operators, invitations and password links. Every operator route names the permission it needs.
 */
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);

const fullnameSchema = z
  .string()
  .max(400)
  .transform((value) => value.trim())
  .refine((value) => value.length >= 1, 'must not be empty')
  .refine((value) => value.length <= 100, 'must be at most 100 characters');

export const operatorMeSchema = z.object({
  uuid: z.uuid(),
  fullname: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
  /**
   * What the role may do, so the console shows only the actions the server will accept (the
   * server checks every call again).
   */
  permissions: z.array(z.enum(ACTIONS)),
  /** The language the operator chose to read the console and the patrol app in; null: none chosen. */
  language: z.enum(LOCALES).nullable(),
  tenant: z.object({
    subdomain: z.string(),
    brandTitle: z.string(),
    timezone: z.string(),
    /** The languages the tenant offers: the ones an operator may choose among. */
    languages: z.array(z.enum(LOCALES)),
  }),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

export const getOperatorMeContract = defineRoute({
  method: 'GET',
  path: '/dashboard/me',
  summary: 'The signed-in operator: name, email, role and tenant (the console frame)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'console.read',
  response: operatorMeSchema,
  errors: [401, 403, 404],
});

export const operatorLanguageBodySchema = z.object({
  /** One of the languages the tenant offers (checked on save); null: follow the browser again. */
  language: z.enum(LOCALES, { message: languageMessages.unknownLanguage }).nullable(),
});

export const updateOperatorLanguageContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/me/language',
  summary:
    'Saves the language the signed-in operator reads the console and the patrol app in (one the tenant offers)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'console.read',
  body: operatorLanguageBodySchema,
  response: z.object({ language: z.enum(LOCALES).nullable() }),
  errors: [400, 401, 403, 404],
});

export const signOutEverywhereContract = defineRoute({
  method: 'POST',
  path: '/dashboard/auth/sign-out-everywhere',
  summary: 'Revokes every token of the signed-in operator (all devices, this one included)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'console.read',
  response: z.object({ message: z.string() }),
  errors: [401, 403, 404],
});

/** An operator as the operators page lists them; 'invited' has not set a password yet. */
export const OPERATOR_STATUSES = ['active', 'invited', 'disabled'] as const;
export const consoleOperatorSchema = z.object({
  uuid: z.uuid(),
  fullname: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
  status: z.enum(OPERATOR_STATUSES),
  createdAt: instantSchema,
});
export type ConsoleOperator = z.infer<typeof consoleOperatorSchema>;

export const listOperatorsContract = defineRoute({
  method: 'GET',
  path: '/dashboard/operators',
  summary: "The tenant's operators, by name",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'operator.manage',
  response: z.array(consoleOperatorSchema),
  errors: [401, 403, 404],
});

export const inviteOperatorBodySchema = z.object({
  email: emailInputSchema,
  fullname: fullnameSchema,
  role: operatorRoleSchema,
});
export type InviteOperatorBody = z.input<typeof inviteOperatorBodySchema>;

export const inviteOperatorContract = defineRoute({
  method: 'POST',
  path: '/dashboard/operators',
  summary: 'Invites an operator: emails a single-use link to set a password (409 when the email is taken)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'operator.manage',
  body: inviteOperatorBodySchema,
  response: consoleOperatorSchema,
  errors: [401, 403, 404, 409],
});

export const operatorParamsSchema = z.object({ uuid: uuidSchema });

export const updateOperatorBodySchema = z
  .object({
    role: operatorRoleSchema.optional(),
    /** true disables the operator (their tokens stop working at once); false enables them again. */
    isDisabled: z.boolean().optional(),
  })
  .refine((body) => body.role !== undefined || body.isDisabled !== undefined, 'Say what to change.');
export type UpdateOperatorBody = z.infer<typeof updateOperatorBodySchema>;

export const updateOperatorContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/operators/:uuid',
  summary:
    "Changes an operator's role or disables them (409: the last active admin cannot lose the role, nor can an admin change themself)",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'operator.manage',
  params: operatorParamsSchema,
  body: updateOperatorBodySchema,
  response: consoleOperatorSchema,
  errors: [401, 403, 404, 409],
});

export const resendInvitationContract = defineRoute({
  method: 'POST',
  path: '/dashboard/operators/:uuid/invitation',
  summary: 'Sends an invited operator a fresh link (the earlier ones stop working)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'operator.manage',
  params: operatorParamsSchema,
  response: z.object({ message: z.string() }),
  errors: [401, 403, 404, 409],
});

export const operatorForgotPasswordContract = defineRoute({
  method: 'POST',
  path: '/dashboard/auth/forgot-password',
  summary:
    "Emails an operator of the host's tenant a password link; the answer is the same for unknown addresses",
  tags: ['dashboard'],
  auth: 'none',
  body: z.object({ email: emailInputSchema }),
  response: z.object({ message: z.string() }),
  errors: [404, 429],
});

/** The token of an emailed link: a v4 uuid, like the customers' reset links. */
export const operatorSetPasswordBodySchema = z.object({
  token: uuidSchema,
  password: newPasswordSchema,
});

export const operatorSetPasswordContract = defineRoute({
  method: 'POST',
  path: '/dashboard/auth/set-password',
  summary:
    'Sets an operator password from an invitation or reset link (single use; 400 when used or expired)',
  tags: ['dashboard'],
  auth: 'none',
  body: operatorSetPasswordBodySchema,
  response: z.object({ message: z.string() }),
  errors: [404, 429],
});
