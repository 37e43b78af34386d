import { z } from 'zod';
import { isValidTimeZone } from '../rules/time-zones';
import { emailInputSchema } from './accounts';
import { instantSchema } from './common';
import { defineRoute } from './define-route';

/**
 * The platform admin's calls on the bare host (issue 11, docs/decisions/146): sign in, list the
 * tenants, create one with its first admin (invited by email). On a tenant's host they are 404s.
 */
export const platformAdminLoginContract = defineRoute({
  method: 'POST',
  path: '/admin/auth/login',
  summary: 'Platform admin sign-in on the bare host; answers a bearer token',
  tags: ['platform'],
  auth: 'none',
  body: z.object({ email: z.string().trim().max(254), password: z.string().max(1024) }),
  response: z.object({ jwtToken: z.string(), email: z.string() }),
  errors: [401, 404, 429],
});

/** Subdomains the platform keeps for itself: a tenant there would shadow a bare host. */
export const RESERVED_SUBDOMAINS = [
  'www',
  'pay',
  'api',
  'admin',
  'app',
  'mail',
  'localhost',
  'dashboard',
  'static',
];

export const newTenantSubdomainSchema = z
  .string()
  .max(200)
  .transform((value) => value.trim().toLowerCase())
  .refine((value) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(value), {
    message: 'must be 1 to 63 letters, digits or inner hyphens, like city-parking',
  })
  .refine((value) => !RESERVED_SUBDOMAINS.includes(value), { message: 'is reserved by the platform' });

export const createTenantBodySchema = z.object({
  subdomain: newTenantSubdomainSchema,
  brandTitle: z
    .string()
    .max(400)
    .transform((value) => value.trim())
    .refine((value) => value.length >= 1 && value.length <= 100, 'must be 1 to 100 characters'),
  timezone: z.string().max(64).refine(isValidTimeZone, 'must be a time zone such as America/New_York'),
  adminEmail: emailInputSchema,
  adminName: z
    .string()
    .max(400)
    .transform((value) => value.trim())
    .refine((value) => value.length >= 1 && value.length <= 100, 'must be 1 to 100 characters'),
});
export type CreateTenantBody = z.input<typeof createTenantBodySchema>;

export const platformTenantSchema = z.object({
  uuid: z.uuid(),
  subdomain: z.string(),
  brandTitle: z.string(),
  timezone: z.string(),
  operatorCount: z.number().int(),
  createdAt: instantSchema,
});
export type PlatformTenant = z.infer<typeof platformTenantSchema>;

export const listPlatformTenantsContract = defineRoute({
  method: 'GET',
  path: '/admin/tenants',
  summary: 'Every tenant of the platform, newest first',
  tags: ['platform'],
  auth: 'platform-admin',
  permission: 'tenant.manage',
  response: z.array(platformTenantSchema),
  errors: [401, 403, 404],
});

export const createPlatformTenantContract = defineRoute({
  method: 'POST',
  path: '/admin/tenants',
  summary: 'Creates a tenant and invites its first admin by email (409 when the subdomain is taken)',
  tags: ['platform'],
  auth: 'platform-admin',
  permission: 'tenant.manage',
  body: createTenantBodySchema,
  response: platformTenantSchema,
  errors: [401, 403, 404, 409],
});
