import { z } from 'zod';
import {
  isStrongPassword,
  isValidEmail,
  MAX_CODE_LENGTH,
  MAX_PASSWORD_LENGTH,
  normaliseCode,
  stripWhitespace,
} from '../rules/account-validation';
import { subdomainSchema, uuidSchema } from './common';

const passwordMessage = 'Your password needs to be stronger.';

/** An address as typed: whitespace stripped, then checked. Case is kept; comparisons lower-case it. */
export const emailInputSchema = z
  .string()
  .max(400)
  .transform(stripWhitespace)
  .refine(isValidEmail, 'must be a valid email address');

/** Any password for sign-in (its strength is not the caller's business there). */
export const anyPasswordSchema = z.string().min(1, 'must not be empty').max(MAX_PASSWORD_LENGTH);
/** A new password: the strength rule of part 1 section 5. */
export const newPasswordSchema = z
  .string()
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
  .refine(isStrongPassword, passwordMessage);

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

export const signupCodeInputSchema = z
  .string()
  .max(MAX_CODE_LENGTH * 4)
  .transform(normaliseCode)
  .refine((value) => /^[A-Z0-9-]{1,64}$/.test(value), 'must be letters, digits or hyphens');

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
  isGuestCodesActive: z.boolean(),
  guestCode: z.string().nullable(),
  isEmailVerified: z.boolean(),
  entityUUID: z.uuid(),
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

export const loginContract = {
  method: 'POST',
  path: '/auth/customer/login',
  body: z.object({
    email: z
      .string()
      .max(400)
      .transform((value) => stripWhitespace(value).toLowerCase()),
    password: anyPasswordSchema,
    entitySubdomain: subdomainSchema,
  }),
  response: sessionResponseSchema,
} as const;

export const signupContract = {
  method: 'POST',
  path: '/auth/customer/signup',
  body: z.object({
    email: emailInputSchema,
    password: newPasswordSchema,
    fullname: textField(200).refine((value) => value.length > 0, 'must not be empty'),
    entitySubdomain: subdomainSchema,
    unit: optionalText(50),
    building: optionalText(100),
    signupCode: z
      .union([signupCodeInputSchema, z.literal(''), z.null()])
      .optional()
      .transform((value) => value || null),
  }),
  response: sessionResponseSchema,
} as const;

export const changePasswordContract = {
  method: 'PUT',
  path: '/auth/customer/password',
  body: z.object({ oldPassword: anyPasswordSchema, newPassword: newPasswordSchema }),
  /** A fresh token: the change revokes every earlier one, this session included. */
  response: z.object({ jwtToken: z.string() }),
} as const;

export const checkCodeContract = {
  method: 'GET',
  path: '/auth/customer/checkcode',
  querystring: z.object({ code: signupCodeInputSchema, subdomain: subdomainSchema }),
  response: z.object({ code: z.string(), isValid: z.literal(true) }),
} as const;

export const resetPasswordContract = {
  method: 'POST',
  path: '/auth/customer/reset_password',
  body: z.object({ resetPasswordUUID: uuidSchema, password: newPasswordSchema, subdomain: subdomainSchema }),
  response: messageResponseSchema,
} as const;

export const sendPasswordResetContract = {
  method: 'POST',
  path: '/auth/customer/send_password_reset_email',
  body: z.object({
    email: z
      .string()
      .max(400)
      .transform((value) => stripWhitespace(value).toLowerCase())
      .refine(isValidEmail, 'must be a valid email address'),
    subdomain: subdomainSchema,
  }),
  response: messageResponseSchema,
} as const;

export const verifyEmailContract = {
  method: 'POST',
  path: '/auth/customer/verify/email',
  body: z.object({ verifyEmailUUID: uuidSchema, subdomain: subdomainSchema }),
  response: messageResponseSchema,
} as const;

export const getCustomerContract = {
  method: 'GET',
  path: '/portal/customer',
  response: customerSchema,
} as const;

export const getCustomerByUuidContract = {
  method: 'GET',
  path: '/portal/customer/:uuid',
  params: z.object({ uuid: uuidSchema }),
  response: customerSchema,
} as const;

/** Part 1 section 7: the changed fields (location, or name, or email) plus the subdomain. */
export const updateCustomerContract = {
  method: 'PUT',
  path: '/portal/customer',
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
    })
    .refine(
      (body) => ['fullname', 'email', 'building', 'unit'].some((field) => field in body),
      'Nothing to change: send fullname, email, building or unit.',
    ),
  /** After an email change, a fresh token: the change signed every other session out. */
  response: customerSchema.extend({ jwtToken: z.string().optional() }),
} as const;

export const refreshGuestCodeContract = {
  method: 'POST',
  path: '/portal/customer/refreshguestcode',
  response: customerSchema,
} as const;
