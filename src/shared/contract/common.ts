import { z } from 'zod';

export const uuidSchema = z.uuid({ message: 'must be a valid UUID' });

/** Tenant subdomain as it appears in paths: a DNS label. */
export const subdomainSchema = z
  .string()
  .min(1)
  .max(63, 'subdomain must be at most 63 characters')
  .regex(/^[a-zA-Z0-9-]+$/, 'subdomain may contain only letters, digits and hyphens')
  .transform((value) => value.toLowerCase());

/** ISO-8601 instant as sent over the wire. */
export const instantSchema = z.iso.datetime({ offset: true });
