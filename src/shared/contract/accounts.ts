import { z } from 'zod';
import { LOCALES } from '../i18n/locales';
import { accountMessages } from '../messages/accounts';
import {
  isStrongPassword,
  isValidEmail,
  MAX_CODE_LENGTH,
  MAX_PASSWORD_LENGTH,
  normaliseCode,
  stripWhitespace,
} from '../rules/account-validation';
import { subdomainSchema, uuidSchema } from './common';
import { defineRoute } from './define-route';

/** An address as typed: whitespace stripped, then checked. Case is kept; comparisons lower-case it. */
export const emailInputSchema = z
  .string()
  .max(400)
  .transform(stripWhitespace)
  .refine(isValidEmail, accountMessages.invalidEmail);

/** Any password for sign-in (its strength is not the caller's business there). */
export const anyPasswordSchema = z.string().min(1, 'must not be empty').max(MAX_PASSWORD_LENGTH);
/** A new password: the strength rule of part 1 section 5. */
export const newPasswordSchema = z
  .string()
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
  .refine(isStrongPassword, accountMessages.passwordTooWeak);

const textField = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((value) => value.trim())
    .refine((value) => value.length <= max, `must be at most ${max} characters`);
const optionalText = (max: number) =>
  textField(max)
    .nullish()
    .transform((value) => (value ? value : null));

const SIGNUP_CODE_PATTERN = /^[A-Z0-9-]{1,64}$/;

export const signupCodeInputSchema = z
  .string()
  .max(MAX_CODE_LENGTH * 4)
  .transform(normaliseCode)
  .refine((value) => value.length > 0, { message: accountMessages.signupCodeRequired, abort: true })
  .refine((value) => SIGNUP_CODE_PATTERN.test(value), accountMessages.codeInvalid);

/** Customer (part 1 section 3), plus entityUUID, the tenant it belongs to. */
export const customerSchema = z.object({
  uuid: z.uuid(),
  customerPublicId: z.string(),
  signupCode: z.string().nullable(),
  fullname: z.string(),
  email: z.string(),
  building: z.string().nullable(),
  unit: z.string().nullable(),
  customerEntityName: z.string().nullable(),
  /** The business account a business customer belongs to (its graph data's id); null otherwise. */
  customerEntityUUID: z.uuid().nullable(),
  isGuestCodesActive: z.boolean(),
  guestCode: z.string().nullable(),
  isEmailVerified: z.boolean(),
  entityUUID: z.uuid(),
  /** The language the customer chose to read (issue 30); null: none chosen. */
  language: z.enum(LOCALES).nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/** Login and signup answer (part 1 section 3). jwtToken is the bare token; clients store 'Bearer ...'. */
export const sessionResponseSchema = z.object({
  jwtToken: z.string(),
  uuid: z.uuid(),
  customerPublicId: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

export const loginContract = defineRoute({
  method: 'POST',
  path: '/auth/customer/login',
  summary: 'Sign in: answers a bearer token for this tenant',
  tags: ['auth'],
  auth: 'none',
  body: z.object({
    email: z
      .string()
      .max(400)
      .transform((value) => stripWhitespace(value).toLowerCase()),
    password: anyPasswordSchema,
    entitySubdomain: subdomainSchema,
  }),
  response: sessionResponseSchema,
  errors: [401, 403, 404, 429],
});

export const signupContract = defineRoute({
  method: 'POST',
  path: '/auth/customer/signup',
  summary: 'Create an account (with a sign-up code where the tenant needs one)',
  tags: ['auth'],
  auth: 'none',
  body: z.object({
    email: emailInputSchema,
    password: newPasswordSchema,
    fullname: textField(200).refine((value) => value.length > 0, accountMessages.fullnameRequired),
    entitySubdomain: subdomainSchema,
    unit: optionalText(50),
    building: optionalText(100),
    // Optional: absent, null and blank all mean no code; one given is checked as the code screen does.
    signupCode: z
      .string()
      .max(MAX_CODE_LENGTH * 4)
      .nullish()
      .transform((value) => (value ? normaliseCode(value) : null))
      .refine((value) => value === null || value.length > 0, {
        message: accountMessages.signupCodeRequired,
        abort: true,
      })
      .refine((value) => value === null || SIGNUP_CODE_PATTERN.test(value), accountMessages.codeInvalid),
  }),
  response: sessionResponseSchema,
  errors: [401, 403, 404, 409, 429],
});

export const changePasswordContract = defineRoute({
  method: 'PUT',
  path: '/auth/customer/password',
  summary: 'Change the password; earlier tokens stop working and a new one is answered',
  tags: ['auth'],
  auth: 'customer',
  body: z.object({ oldPassword: anyPasswordSchema, newPassword: newPasswordSchema }),
  /** A fresh token: the change revokes every earlier one, this session included. */
  response: z.object({ jwtToken: z.string() }),
  errors: [401, 403, 404, 429],
});

export const checkCodeContract = defineRoute({
  method: 'GET',
  path: '/auth/customer/checkcode',
  summary: 'Check a sign-up code: 401 unknown, 404 tenant not issuing passes, 409 used',
  tags: ['auth'],
  auth: 'none',
  query: z.object({ code: signupCodeInputSchema, subdomain: subdomainSchema }),
  response: z.object({ code: z.string(), isValid: z.literal(true) }),
  errors: [401, 404, 409, 429],
});

export const resetPasswordContract = defineRoute({
  method: 'POST',
  path: '/auth/customer/reset_password',
  summary: 'Set a new password with an emailed reset link',
  tags: ['auth'],
  auth: 'none',
  body: z.object({ resetPasswordUUID: uuidSchema, password: newPasswordSchema, subdomain: subdomainSchema }),
  response: messageResponseSchema,
  errors: [404, 429],
});

export const sendPasswordResetContract = defineRoute({
  method: 'POST',
  path: '/auth/customer/send_password_reset_email',
  summary: 'Email a single-use password reset link (valid for one hour)',
  tags: ['auth'],
  auth: 'none',
  body: z.object({
    email: z
      .string()
      .max(400)
      .transform((value) => stripWhitespace(value).toLowerCase())
      .refine(isValidEmail, accountMessages.invalidEmail),
    subdomain: subdomainSchema,
  }),
  response: messageResponseSchema,
  errors: [404, 429],
});

export const verifyEmailContract = defineRoute({
  method: 'POST',
  path: '/auth/customer/verify/email',
  summary: 'Confirm an email address with an emailed verification link',
  tags: ['auth'],
  auth: 'none',
  body: z.object({ verifyEmailUUID: uuidSchema, subdomain: subdomainSchema }),
  response: messageResponseSchema,
  errors: [404, 429],
});

export const getCustomerContract = defineRoute({
  method: 'GET',
  path: '/portal/customer',
  summary: 'The signed-in customer',
  tags: ['customers'],
  auth: 'customer',
  response: customerSchema,
  errors: [401, 404],
});

export const getCustomerByUuidContract = defineRoute({
  method: 'GET',
  path: '/portal/customer/:uuid',
  summary: 'A customer by uuid: only the signed-in customer themselves',
  tags: ['customers'],
  auth: 'customer',
  params: z.object({ uuid: uuidSchema }),
  response: customerSchema,
  errors: [401, 404],
});

/** Part 1 section 7: the changed fields (location, or name, or email) plus the subdomain. */
export const updateCustomerContract = defineRoute({
  method: 'PUT',
  path: '/portal/customer',
  summary:
    'Change location, name or email (the email with the current password: 403 when wrong; 409 when taken)',
  tags: ['customers'],
  auth: 'customer',
  body: z
    .object({
      subdomain: subdomainSchema,
      fullname: textField(200)
        .refine((value) => value.length > 0, 'must not be empty')
        .optional(),
      email: emailInputSchema.optional(),
      /** Required to change the email: the address is how the account is recovered. */
      currentPassword: anyPasswordSchema.optional(),
      building: optionalText(100).optional(),
      unit: optionalText(50).optional(),
      /** The language chosen in the language menu, saved for the account's emails and visits. */
      language: z.enum(LOCALES).optional(),
    })
    .refine(
      (body) => ['fullname', 'email', 'building', 'unit', 'language'].some((field) => field in body),
      'Nothing to change: send fullname, email, building or unit.',
    ),
  /** After an email change, a fresh token: the change signed every other session out. */
  response: customerSchema.extend({ jwtToken: z.string().optional() }),
  errors: [401, 403, 404, 409],
});

export const refreshGuestCodeContract = defineRoute({
  method: 'POST',
  path: '/portal/customer/refreshguestcode',
  summary: 'Issue a new guest code (registered permit holders only)',
  tags: ['customers'],
  auth: 'customer',
  response: customerSchema,
  errors: [401, 403, 404],
});
