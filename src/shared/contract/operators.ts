import { z } from 'zod';
import { LOCALES } from '../i18n/locales';
import { defineRoute } from './define-route';

export const operatorLoginBodySchema = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(1024),
});

export const operatorLoginResponseSchema = z.object({
  jwtToken: z.string(),
  uuid: z.uuid(),
  fullname: z.string(),
  /** The language the operator saved (issue 30): the console and the patrol app open in it. */
  language: z.enum(LOCALES).nullable(),
});

export const operatorLoginContract = defineRoute({
  method: 'POST',
  path: '/dashboard/auth/login',
  summary:
    "Operator sign-in on the host's tenant; answers a bearer token with the operator role (and sets the console pages' cookie, decision 252)",
  tags: ['dashboard'],
  auth: 'none',
  body: operatorLoginBodySchema,
  response: operatorLoginResponseSchema,
  errors: [401, 404, 429],
});

export const operatorSignOutContract = defineRoute({
  method: 'POST',
  path: '/dashboard/auth/sign-out',
  summary:
    "Forgets the console pages' cookie (decision 252) in this browser; the browser drops its bearer token itself",
  tags: ['dashboard'],
  // Signing out must work with an expired or revoked token too: it only clears a cookie.
  auth: 'none',
  response: z.object({ message: z.string() }),
  errors: [404],
});
