import { z } from 'zod';
import { subdomainSchema } from './common';
import { defineRoute } from './define-route';

/** Brand details (part 1 section 3), plus the tenant's time zone so the client shows local times. */
export const brandDetailsSchema = z.object({
  brandColor: z.string().regex(/^[0-9a-fA-F]{6}$/),
  brandTitle: z.string(),
  logoUrl: z.string().nullable(),
  logoVersion: z.number().int().nullable(),
  subdomain: z.string(),
  header1: z.string().nullable(),
  header2: z.string().nullable(),
  entityUUID: z.uuid(),
  contactEmail: z.string().nullable(),
  contactNumber: z.string().nullable(),
  isCitationOnly: z.boolean(),
  isPermitOnly: z.boolean(),
  isPrivate: z.boolean(),
  isLoginOnly: z.boolean(),
  isViolationAndNotNotice: z.boolean(),
  isPermitCodeNeeded: z.boolean(),
  maxPermitCountPerCustomer: z.number().int().nullable(),
  timezone: z.string(),
});
export type BrandDetails = z.infer<typeof brandDetailsSchema>;

export const getBrandParamsSchema = z.object({ subdomain: subdomainSchema });

export const getBrandContract = defineRoute({
  method: 'GET',
  path: '/portal/brand/:subdomain',
  summary: 'Brand details of a tenant',
  tags: ['brand'],
  auth: 'none',
  params: getBrandParamsSchema,
  response: brandDetailsSchema,
  errors: [404],
});

export { BRAND_DATA_ELEMENT_ID } from './brand-element';
