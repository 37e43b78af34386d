import { z } from 'zod';
import { LOCALES } from '../i18n/locales';
import { CURRENCIES } from '../rules/currencies';
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
  /** The languages the portal offers and its default (issue 30): the language menu lists them. */
  languages: z.array(z.enum(LOCALES)),
  defaultLanguage: z.enum(LOCALES),
  /** The currency its amounts are in and written in (decision 244). */
  currency: z.enum(CURRENCIES),
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

/** Longest operator name a portal search takes; shorter than two characters finds too much. */
export const PORTAL_SEARCH_MIN_LENGTH = 2;
export const PORTAL_SEARCH_MAX_LENGTH = 100;

export const portalSearchQuerySchema = z.object({
  name: z
    .string()
    .trim()
    .min(
      PORTAL_SEARCH_MIN_LENGTH,
      `Enter at least ${PORTAL_SEARCH_MIN_LENGTH} letters of the operator's name.`,
    )
    .max(PORTAL_SEARCH_MAX_LENGTH, `must be at most ${PORTAL_SEARCH_MAX_LENGTH} characters`),
});

/** A portal found by name: only its name and its address, nothing else about the operator. */
export const portalMatchSchema = z.object({ name: z.string(), url: z.string() });
export type PortalMatch = z.infer<typeof portalMatchSchema>;

/** 'Find your parking portal' on the 404 page of a bare host (issue 15; not in the spec). */
export const findPortalsContract = defineRoute({
  method: 'GET',
  path: '/portal/find',
  summary: "Parking portals whose operator's name contains the search (name and address only; rate-limited)",
  tags: ['brand'],
  auth: 'none',
  query: portalSearchQuerySchema,
  response: z.array(portalMatchSchema),
  errors: [429],
});

export { BRAND_DATA_ELEMENT_ID } from './brand-element';
